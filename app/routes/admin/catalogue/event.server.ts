import { data, redirect } from "react-router";
import type { FieldErrors } from "../../../../core/contracts/errors";
import { staffEventDuplicateSchema, staffEventInputSchema, staffEventStateChanges, type StaffEventStateChange } from "../../../../core/contracts/staff-catalogue";
import { categoryNameIn } from "../../../../core/domain/catalogue-rules";
import { operatorTimeZone } from "../../../../core/domain/dates";
import { fieldErrorsOf } from "../../../../core/i18n/field-errors";
import { translatorFor } from "../../../../core/i18n/i18n";
import { localizePath, locales } from "../../../../core/i18n/locales";
import { AppError } from "../../../../server/errors";
import { orNotFound, uuidOrNotFound } from "../../../utils/http-errors.server";
import { eventFormValues, eventInputFromForm } from "../../../utils/staff-event-form";
import { openStaffDesk } from "../../../utils/staff-desk.server";
import type { Route } from "./+types/event";

/** Minutes the operator's zone is ahead of UTC at `at` (datetime-local fields are in the operator's time). */
function operatorOffsetMinutes(at: Date): number {
  const name =
    new Intl.DateTimeFormat("en", { timeZone: operatorTimeZone, timeZoneName: "longOffset" }).formatToParts(at).find((part) => part.type === "timeZoneName")
      ?.value ?? "GMT";
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}
const offsetText = (minutes: number) =>
  `${minutes < 0 ? "-" : "+"}${String(Math.floor(Math.abs(minutes) / 60)).padStart(2, "0")}:${String(Math.abs(minutes) % 60).padStart(2, "0")}`;

/** `/admin/events/{uuid}` and `/admin/events/new` (+ /de): the event edit page, every language side by side (decision 034). */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const { web, actor, locale } = await openStaffDesk(url, context);
  const event = params.uuid ? await orNotFound(web.services.staffCatalogue.readEvent(actor, { eventId: uuidOrNotFound(params.uuid) })) : null;
  const categories = await web.services.staffCatalogue.listCategories(actor);
  const offset = operatorOffsetMinutes(web.services.now());
  return {
    locale,
    locales,
    event: event
      ? {
          uuid: event.uuid,
          published: event.published,
          archived: event.archived,
          places_taken: event.places_taken,
          missing: event.missing_translations,
          form_uuid: event.form_uuid,
          image: event.image,
        }
      : null,
    values: eventFormValues(event, offset),
    utcOffset: offsetText(offset),
    categories: categories.map((category) => ({ id: category.id, ...categoryNameIn(category, locale) })),
  };
}

type ActionAnswer = { message: string; failed: boolean; errors?: FieldErrors };

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const { web, actor, user, locale } = await openStaffDesk(url, context);
  const t = translatorFor(locale);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  const staff = { actorEmail: user.email, locale };
  const refused = (answer: ActionAnswer, status: number) => data(answer, status);
  try {
    if (intent === "save") {
      const parsed = staffEventInputSchema.safeParse(eventInputFromForm(form));
      if (!parsed.success) return refused({ message: t("form.errorSummary"), failed: true, errors: fieldErrorsOf(parsed.error, locale) }, 422);
      if (!params.uuid) {
        const created = await web.services.staffCatalogue.createEvent(actor, { ...staff, event: parsed.data });
        return redirect(localizePath(`/admin/events/${created.uuid}?saved=1`, locale));
      }
      await web.services.staffCatalogue.updateEvent(actor, { ...staff, eventId: uuidOrNotFound(params.uuid), event: parsed.data });
      return { message: t("admin.events.saved"), failed: false } satisfies ActionAnswer;
    }
    const eventId = uuidOrNotFound(params.uuid);
    if (intent === "create_form") {
      const created = await web.services.staffForms.createForEvent(actor, { eventId, staffEmail: user.email });
      return redirect(localizePath(`/admin/forms/${created.uuid}?created=1`, locale));
    }
    if (intent === "duplicate") {
      const parsed = staffEventDuplicateSchema.safeParse({
        starts_on: form.get("copy_starts_on"),
        ends_on: form.get("copy_ends_on"),
        same_dates_confirmed: form.get("copy_same_dates_confirmed") === "1",
      });
      if (!parsed.success) return refused({ message: t("form.errorSummary"), failed: true, errors: prefixed(fieldErrorsOf(parsed.error, locale)) }, 422);
      const copy = await web.services.staffCatalogue.duplicateEvent(actor, { ...staff, eventId, dates: parsed.data }).catch((error: unknown) => {
        // The service names its fields as the API does (`starts_on`); on this page they are the copy's.
        if (AppError.is(error) && error.fieldErrors) throw new AppError(error.code, error.messageKey, { fieldErrors: prefixed(error.fieldErrors) });
        throw error;
      });
      return redirect(localizePath(`/admin/events/${copy.uuid}?duplicated=1`, locale));
    }
    if (intent === "remove-image") {
      await web.services.staffCatalogue.removeEventImage(actor, { ...staff, eventId });
      return { message: t("admin.events.imageRemoved"), failed: false } satisfies ActionAnswer;
    }
    if ((staffEventStateChanges as readonly string[]).includes(intent)) {
      await web.services.staffCatalogue.changeEventState(actor, { ...staff, eventId, change: intent as StaffEventStateChange });
      return { message: t(`admin.events.changed.${intent as StaffEventStateChange}`), failed: false } satisfies ActionAnswer;
    }
    return refused({ message: t("api.invalidRequest"), failed: true }, 422);
  } catch (error) {
    if (!AppError.is(error)) throw error;
    const answer = error.toResponse(locale);
    return refused({ message: answer.message, failed: true, errors: answer.errors }, error.status);
  }
}

/** The duplicate form's fields are `copy_starts_on` and `copy_ends_on` on the page. */
const prefixed = (errors: FieldErrors): FieldErrors => Object.fromEntries(Object.entries(errors).map(([field, messages]) => [`copy_${field}`, messages]));
