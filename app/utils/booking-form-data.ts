import type { CompanionInput } from "../../core/contracts/bookings";
import type { PublicFormItem } from "../../core/contracts/forms";
import { companionTypes } from "../../core/domain/booking-choices";
import { formItemRenderers } from "../components/booking/kinds";
import { companionField, companionListField, type PageAnswer } from "./booking-field-names";

export { answerField, companionField, companionListField, vehicleField, type PageAnswer } from "./booking-field-names";

/**
 * A page's answers from the posted form, for every item of the page whose answer comes with the post
 * (each kind's renderer knows how its fields read back: a checkbox that is not ticked is sent by no
 * browser, so its absence means `false`, and an empty list for choices). Uploads and companions are
 * answered elsewhere; content items take no answer.
 */
export function answersFromFormData(items: PublicFormItem[], form: FormData): Record<string, PageAnswer> {
  const answers: Record<string, PageAnswer> = {};
  for (const item of items) {
    const readAnswer = formItemRenderers[item.kind].readAnswer;
    if (readAnswer) answers[item.uuid] = readAnswer(form, item);
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

/**
 * A page's saved answers that a control shows as text (a string, or a list of strings for multiple
 * choices), keyed by item uuid: what Conform may put back into the controls when it resets the form.
 */
export function textAnswersOf(items: readonly { uuid: string }[], answers: Record<string, unknown>): Record<string, string | string[]> {
  const found: Record<string, string | string[]> = {};
  for (const { uuid } of items) {
    const answer = answers[uuid];
    if (typeof answer === "string" || (Array.isArray(answer) && answer.every((entry) => typeof entry === "string"))) found[uuid] = answer;
  }
  return found;
}
