import { data } from "react-router";
import type { FieldErrors } from "../../../../core/contracts/errors";
import { formDefinitionSchema, staffFormSchema, type StaffForm } from "../../../../core/contracts/form-definitions";
import { pickLocale } from "../../../../core/contracts/localized-text";
import { translatorFor } from "../../../../core/i18n/i18n";
import { AppError } from "../../../../server/errors";
import { webContext } from "../../../../server/load-context";
import { pageLocale } from "../../../utils/auth.server";
import { orNotFound, uuidOrNotFound } from "../../../utils/http-errors.server";
import { requireStaffDesk } from "../../../utils/staff-desk.server";
import type { Route } from "./+types/form-builder";

/** `/admin/forms/{uuid}` (+ /de): the form builder (decision 038) on the staff forms API's verbs (decision 036). */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const { actor } = await requireStaffDesk(url, web);
  const locale = pageLocale(url);
  const form = await orNotFound(web.services.staffForms.read(actor, { formId: uuidOrNotFound(params.uuid) }));
  const event = await orNotFound(web.services.staffCatalogue.readEvent(actor, { eventId: form.event_uuid }));
  return {
    locale,
    form,
    event: {
      uuid: event.uuid,
      title: pickLocale(event.title, locale),
      // What the option editors offer: the price list's keys, the vehicles and the days of the resources.
      prices: event.prices.map((price) => ({ key: price.key, label: pickLocale(price.label, locale) })),
      vehicleKeys: [...new Set(event.resources.filter((resource) => resource.kind === "vehicle").map((resource) => resource.key))],
      days: [...new Set(event.resources.map((resource) => resource.day))].sort((a, b) => a - b),
    },
  };
}

export type FormBuilderAnswer = { ok: true; message: string; form: StaffForm } | { ok: false; message: string; errors: FieldErrors };

/**
 * Saves the whole definition the page edited (posted as JSON), and with `intent=publish` publishes it
 * right after: what staff see is what becomes the version. A refusal answers the server's translated
 * field errors (`items.<uuid>.<field>`, `pages.<uuid>.<field>`, `form`) and changes nothing.
 */
export async function action({ request, url, params, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const { actor, user } = await requireStaffDesk(url, web);
  const locale = pageLocale(url);
  const t = translatorFor(locale);
  const formId = uuidOrNotFound(params.uuid);
  const posted = await request.formData();
  const intent = posted.get("intent") === "publish" ? "publish" : "save";
  const parsed = formDefinitionSchema.safeParse(parseJson(posted.get("definition")));
  if (!parsed.success) return data({ ok: false, message: t("api.invalidRequest"), errors: {} } satisfies FormBuilderAnswer, 422);
  const staff = { staffEmail: user.email, locale };
  try {
    const saved = await web.services.staffForms.saveDraft(actor, { formId, definition: parsed.data, ...staff });
    if (intent === "save") return { ok: true, message: t("admin.formBuilder.saved"), form: saved } satisfies FormBuilderAnswer;
    const published = await web.services.staffForms.publish(actor, { formId, ...staff });
    const message = published.published.created
      ? t("admin.formBuilder.published", { number: published.published.number })
      : t("admin.formBuilder.unchanged", { number: published.published.number });
    return { ok: true, message, form: staffFormSchema.parse(published) } satisfies FormBuilderAnswer;
  } catch (error) {
    if (!AppError.is(error)) throw error;
    const answer = error.toResponse(locale);
    return data({ ok: false, message: answer.message, errors: answer.errors ?? {} } satisfies FormBuilderAnswer, error.status);
  }
}

function parseJson(value: FormDataEntryValue | null): unknown {
  if (typeof value !== "string") return null;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}
