import { randomUUID } from "node:crypto";
import { data, redirect } from "react-router";
import type { BookingEditView } from "../../../../core/contracts/staff-booking-edits";
import { companionTypes, type CompanionType } from "../../../../core/domain/booking-choices";
import { sameAnswer } from "../../../../core/domain/booking-edits";
import { formatMoney } from "../../../../core/domain/money";
import { countryOptions } from "../../../../core/i18n/countries";
import { translatorFor } from "../../../../core/i18n/i18n";
import { localizePath, type Locale } from "../../../../core/i18n/locales";
import { AppError } from "../../../../server/errors";
import { webContext } from "../../../../server/load-context";
import { pageLocale } from "../../../utils/auth.server";
import { orNotFound, uuidOrNotFound } from "../../../utils/http-errors.server";
import { requireStaffDesk } from "../../../utils/staff-desk.server";
import type { Route } from "./+types/booking-edit";

/** What the edit page's posts answer: a message, and on a refusal the errors at their fields and what was typed. */
export type BookingEditAnswer = {
  intent: "save" | "add-companion" | "remove-companion";
  message: string;
  failed: boolean;
  fieldErrors?: Record<string, string[]>;
  participantErrors?: Record<string, Record<string, string[]>>;
  values?: Record<string, string | string[]>;
  /** New for every refused form, so a dialog with errors opens again. */
  answerId: string;
};

const isTicked = (value: unknown) => value === true || value === "true" || value === "on";
const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};
const companionType = (value: string): CompanionType => companionTypes.find((type) => type === value) ?? "non_playing";
const salutation = (value: string) => (["mr", "mrs", "divers"] as const).find((candidate) => candidate === value) ?? null;

/** The posted answers that differ from the stored ones, in the shape the kind registry validates. */
function postedAnswers(view: BookingEditView, form: FormData): Record<string, string | boolean | string[] | null> {
  const answers: Record<string, string | boolean | string[] | null> = {};
  for (const { item, value } of view.items) {
    const field = `a.${item.uuid}`;
    if (item.kind === "checkbox") {
      const ticked = form.get(field) !== null;
      if (ticked !== isTicked(value)) answers[item.uuid] = ticked ? true : null;
      continue;
    }
    const posted = item.kind === "multiselect" ? form.getAll(field).filter((entry): entry is string => typeof entry === "string") : text(form, field);
    if (!sameAnswer(value, posted)) answers[item.uuid] = posted;
  }
  return answers;
}

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const { actor } = await requireStaffDesk(url, web);
  const locale = pageLocale(url);
  const bookingId = uuidOrNotFound(params.uuid);
  const view = await orNotFound(web.services.staffBookingEdits.read(actor, { bookingId, locale }));
  return {
    locale,
    view,
    countries: view.items.some(({ item }) => item.kind === "country_select" || item.kind === "nationality_select") ? countryOptions(locale) : [],
    money: translatorFor(locale)("admin.bookingEdit.money", {
      total: formatMoney(view.money.total_cents, locale),
      paid: formatMoney(view.money.paid_cents, locale),
    }),
    detailHref: localizePath(`/admin/bookings/${view.uuid}`, locale),
  };
}

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const { actor, user } = await requireStaffDesk(url, web);
  const locale: Locale = pageLocale(url);
  const t = translatorFor(locale);
  const bookingId = uuidOrNotFound(params.uuid);
  const form = await request.formData();
  const intent = text(form, "intent");
  const version = Number(text(form, "version"));
  const staff = { id: user.uuid, email: user.email };
  const values = Object.fromEntries([...form.keys()].map((key) => [key, form.getAll(key).length > 1 ? form.getAll(key).map(String) : text(form, key)]));
  const answerOf = (kind: BookingEditAnswer["intent"]) => async (run: () => Promise<unknown>, success: string) => {
    try {
      await run();
      return data<BookingEditAnswer>({ intent: kind, message: success, failed: false, answerId: randomUUID() });
    } catch (error) {
      if (!AppError.is(error) || error.code === "UNAUTHORIZED" || error.code === "FORBIDDEN" || error.code === "NOT_FOUND") throw error;
      return data<BookingEditAnswer>(
        {
          intent: kind,
          message: error.code === "VALIDATION_FAILED" ? t("admin.bookingEdit.checkFields") : t(`api.${error.messageKey}`, error.params),
          failed: true,
          ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
          ...(error.participantErrors ? { participantErrors: error.participantErrors } : {}),
          values,
          answerId: randomUUID(),
        },
        { status: error.code === "VALIDATION_FAILED" ? 422 : 409 },
      );
    }
  };
  const services = web.services.staffBookingEdits;
  // The checkbox is sent only when ticked (issue 32: staff choose whether the customer is told).
  const notify = form.get("notify") === "on";
  const told = notify ? t("admin.bookingEdit.mailLater") : t("admin.bookingEdit.notMailed");
  if (intent === "add-companion") {
    return answerOf("add-companion")(
      () =>
        services.addCompanion(actor, {
          bookingId,
          version,
          type: companionType(text(form, "type")),
          salutation: salutation(text(form, "salutation")),
          forename: text(form, "forename"),
          surname: text(form, "surname"),
          date_of_birth: text(form, "date_of_birth") || null,
          notify,
          staff,
          locale,
        }),
      `${t("admin.bookingEdit.added")} ${told}`,
    );
  }
  if (intent === "remove-companion") {
    return answerOf("remove-companion")(
      () => services.removeCompanion(actor, { bookingId, companionId: uuidOrNotFound(text(form, "companion")), version, notify, staff, locale }),
      `${t("admin.bookingEdit.removed")} ${told}`,
    );
  }
  if (intent !== "save") throw redirect(localizePath(`/admin/bookings/${bookingId}/edit`, locale));
  const view = await services.read(actor, { bookingId, locale });
  const answers = postedAnswers(view, form);
  const companions = view.companions.map((companion) => ({
    uuid: companion.uuid,
    type: companionType(text(form, `c.${companion.uuid}.type`)),
    salutation: salutation(text(form, `c.${companion.uuid}.salutation`)),
    forename: text(form, `c.${companion.uuid}.forename`),
    surname: text(form, `c.${companion.uuid}.surname`),
    date_of_birth: text(form, `c.${companion.uuid}.date_of_birth`) || null,
  }));
  let changed = 0;
  const answer = await answerOf("save")(async () => {
    const edited = await services.editAnswers(actor, { bookingId, version, answers, companions, notify, staff, locale });
    changed = edited.changes.length;
  }, `${t("admin.bookingEdit.saved")} ${told}`);
  if (changed === 0 && answer.init?.status === undefined) {
    return data<BookingEditAnswer>({ intent: "save", message: t("admin.bookingEdit.noChanges"), failed: false, answerId: randomUUID() });
  }
  return answer;
}
