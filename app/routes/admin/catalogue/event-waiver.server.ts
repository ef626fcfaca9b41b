import { data } from "react-router";
import { setEventWaiverSchema } from "../../../../core/contracts/waivers";
import { pickLocale } from "../../../../core/contracts/localized-text";
import { defaultWaiverPersonTypes } from "../../../../core/domain/waivers";
import { translatorFor } from "../../../../core/i18n/i18n";
import { AppError } from "../../../../server/errors";
import { webContext } from "../../../../server/load-context";
import { pageLocale } from "../../../utils/auth.server";
import { orNotFound, uuidOrNotFound } from "../../../utils/http-errors.server";
import { requireStaffDesk } from "../../../utils/staff-desk.server";
import type { Route } from "./+types/event-waiver";

/** `/admin/events/{uuid}/waiver` (+ /de): which waiver text the event asks for, of whom (decision 080). */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const { actor } = await requireStaffDesk(url, web);
  const locale = pageLocale(url);
  const eventId = uuidOrNotFound(params.uuid);
  const event = await orNotFound(web.services.staffCatalogue.readEvent(actor, { eventId }));
  const current = await web.services.waivers.ofEvent(actor, { eventId });
  const texts = await web.services.waivers.listTexts(actor);
  return {
    locale,
    event: { uuid: eventId, title: pickLocale(event.title, locale) },
    current: current ?? { waiverId: null, personTypes: [...defaultWaiverPersonTypes], version: null },
    texts: texts.map((text) => ({ id: text.id, name: text.name, version: text.versions[0]?.version ?? 0 })),
  };
}

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const { actor, user } = await requireStaffDesk(url, web);
  const locale = pageLocale(url);
  const t = translatorFor(locale);
  const form = await request.formData();
  const waiverId = String(form.get("waiver_id") ?? "");
  const parsed = setEventWaiverSchema.safeParse({ waiver_id: waiverId === "" ? null : waiverId, person_types: form.getAll("person_types").map(String) });
  if (!parsed.success) return data({ message: t("admin.waivers.eventWaiver.invalid"), failed: true }, 422);
  try {
    await web.services.waivers.setForEvent(actor, { ...parsed.data, eventId: uuidOrNotFound(params.uuid), staffEmail: user.email });
    return { message: t("admin.waivers.eventWaiver.saved"), failed: false };
  } catch (error) {
    if (!AppError.is(error)) throw error;
    return data({ message: error.toResponse(locale).message, failed: true }, error.status);
  }
}
