import { data } from "react-router";
import { eventMessageBodySchema, type EventMessagePreview } from "../../../../core/contracts/event-messages";
import { pickLocale, type LocalizedText } from "../../../../core/contracts/localized-text";
import { formatDate, formatDateTime } from "../../../../core/domain/dates";
import { translatorFor } from "../../../../core/i18n/i18n";
import { locales } from "../../../../core/i18n/locales";
import { AppError } from "../../../../server/errors";
import { webContext } from "../../../../server/load-context";
import { pageLocale } from "../../../utils/auth.server";
import { orNotFound, uuidOrNotFound } from "../../../utils/http-errors.server";
import { requireStaffDesk } from "../../../utils/staff-desk.server";
import type { Route } from "./+types/event-messages";

/** `/admin/events/{uuid}/messages` (+ /de): write to the event's participants (issue 31), preview, send; the event's sent messages. */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const { actor } = await requireStaffDesk(url, web);
  const locale = pageLocale(url);
  const history = await orNotFound(web.services.staffActions.listEventMessages(actor, { eventId: uuidOrNotFound(params.uuid) }));
  const t = translatorFor(locale);
  const vehicleLabels = new Map(history.vehicles.map((vehicle) => [vehicle.key, pickLocale(vehicle.label as LocalizedText, locale)]));
  return {
    locale,
    event: { uuid: history.uuid, title: pickLocale(history.title as LocalizedText, locale) },
    messages: history.messages.map((message) => ({
      ...message,
      when: formatDateTime(message.at, locale),
      subjectShown: message.subject[locale] ?? message.subject.en ?? "",
      dayShown:
        message.day === null
          ? null
          : t("admin.eventMessages.dayOption", { day: message.day, date: formatDate(history.days[message.day - 1]?.date ?? "", locale) }),
      vehicleShown: message.vehicle === null ? null : (vehicleLabels.get(message.vehicle) ?? message.vehicle),
    })),
    // A one-day event has no day to choose.
    days:
      history.days.length > 1
        ? history.days.map((day) => ({
            value: String(day.day),
            label: t("admin.eventMessages.dayOption", { day: day.day, date: formatDate(day.date, locale) }),
          }))
        : [],
    vehicles: history.vehicles.map((vehicle) => ({ value: vehicle.key, label: vehicleLabels.get(vehicle.key) ?? vehicle.key })),
  };
}

/** The form's fields: the filter, and a subject and a text per language. */
const fieldNames = ["payment", "day", "vehicle", ...locales.flatMap((language) => [`subject.${language}`, `body.${language}`])] as const;

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const { actor, user } = await requireStaffDesk(url, web);
  const locale = pageLocale(url);
  const t = translatorFor(locale);
  const eventId = uuidOrNotFound(params.uuid);
  const form = await request.formData();
  const values: Record<string, string> = Object.fromEntries(fieldNames.map((name) => [name, String(form.get(name) ?? "")]));
  const intent = form.get("intent") === "send" ? "send" : "preview";
  const parsed = eventMessageBodySchema.safeParse({
    payment: values.payment || "all",
    day: values.day ? Number(values.day) : undefined,
    vehicle: values.vehicle || undefined,
    subject: Object.fromEntries(locales.map((language) => [language, values[`subject.${language}`]])),
    body: Object.fromEntries(locales.map((language) => [language, values[`body.${language}`]])),
  });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[issue.path.join(".")] = t("admin.eventMessages.required");
    return data({ values, errors, message: t("admin.eventMessages.invalid"), failed: true, preview: null, sent: false }, 422);
  }
  try {
    if (intent === "send") {
      const sent = await web.services.staffActions.sendEventMessage(actor, {
        eventId,
        message: parsed.data,
        staff: { id: actor.user?.userId ?? "", email: user.email },
      });
      return { values: null, errors: {}, message: t("admin.eventMessages.sent", { count: sent.count }), failed: false, preview: null, sent: true };
    }
    const preview: EventMessagePreview = await web.services.staffActions.previewEventMessage(actor, { eventId, message: parsed.data });
    return { values, errors: {}, message: null, failed: false, preview, sent: false };
  } catch (error) {
    if (!AppError.is(error)) throw error;
    return data({ values, errors: {}, message: error.toResponse(locale).message, failed: true, preview: null, sent: false }, error.status);
  }
}
