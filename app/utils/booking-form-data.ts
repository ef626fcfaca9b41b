import type { CompanionInput } from "../../core/contracts/bookings";
import type { PublicFormItem } from "../../core/contracts/forms";
import { companionTypes, vehicleItemOptions } from "../../core/domain/booking-choices";
import { takesAnswer } from "../../core/domain/form-validation";

/**
 * The booking page is a plain HTML form, so it also works before scripts load. These names tie its
 * fields to form items and companions; the action reads them back with the functions below.
 */
export const answerField = (itemUuid: string) => `a.${itemUuid}`;
export const vehicleField = (itemUuid: string, day: number) => `a.${itemUuid}.vehicle.${day}`;
export const companionField = (companionUuid: string, field: keyof Omit<CompanionInput, "uuid">) => `c.${companionUuid}.${field}`;
export const companionListField = "companion_uuid";

/** Kinds whose answer does not come from this form post (uploads go to their own endpoint). */
const answeredElsewhere = new Set<PublicFormItem["kind"]>(["upload", "file", "companion"]);

export type PageAnswer = string | boolean | string[] | null;

/**
 * A page's answers from the posted form, for every answerable item of the page: a checkbox that is
 * not ticked is sent by no browser, so its absence means `false` (and an empty list for choices).
 */
export function answersFromFormData(items: PublicFormItem[], form: FormData): Record<string, PageAnswer> {
  const answers: Record<string, PageAnswer> = {};
  for (const item of items) {
    if (!takesAnswer(item) || answeredElsewhere.has(item.kind)) continue;
    const name = answerField(item.uuid);
    switch (item.kind) {
      case "checkbox":
        answers[item.uuid] = form.get(name) === "true";
        break;
      case "multiselect":
        answers[item.uuid] = form.getAll(name).filter((value): value is string => typeof value === "string");
        break;
      case "vehicles":
      case "vehicles_per_day": {
        const options = vehicleItemOptions(item.kind, item.options);
        const vehicles = options.days.flatMap((day) => {
          const value = form.get(vehicleField(item.uuid, day));
          return typeof value === "string" && value ? [value] : [];
        });
        const extras = form.getAll(name).filter((value): value is string => typeof value === "string" && value !== "");
        answers[item.uuid] = [...vehicles, ...extras];
        break;
      }
      case "sma": {
        const value = form.get(name);
        answers[item.uuid] = typeof value === "string" && value ? value : null;
        break;
      }
      default: {
        const value = form.get(name);
        answers[item.uuid] = typeof value === "string" ? value : "";
      }
    }
  }
  return answers;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The companions shown on the page, in their order, with what was typed for each. */
export function companionsFromFormData(form: FormData): CompanionInput[] {
  const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : null);
  return form
    .getAll(companionListField)
    .filter((value): value is string => typeof value === "string" && uuidPattern.test(value))
    .map((uuid) => {
      const type = text(form.get(companionField(uuid, "type")));
      const salutation = text(form.get(companionField(uuid, "salutation")));
      return {
        uuid,
        type: (companionTypes as readonly string[]).includes(type ?? "") ? (type as CompanionInput["type"]) : null,
        salutation: salutation === "mr" || salutation === "mrs" || salutation === "divers" ? salutation : null,
        forename: text(form.get(companionField(uuid, "forename"))),
        surname: text(form.get(companionField(uuid, "surname"))),
        date_of_birth: text(form.get(companionField(uuid, "date_of_birth"))),
      };
    });
}
