import { data } from "react-router";
import { z } from "zod";
import { formatDate, formatDateTime } from "../../../../core/domain/dates";
import { translatorFor } from "../../../../core/i18n/i18n";
import { AppError } from "../../../../server/errors";
import { webContext } from "../../../../server/load-context";
import { pageLocale } from "../../../utils/auth.server";
import { orNotFound, uuidOrNotFound } from "../../../utils/http-errors.server";
import { requireStaffDesk } from "../../../utils/staff-desk.server";
import type { Route } from "./+types/waitlist";

/** `/admin/events/{uuid}/waitlist` (+ /de): an event's waitlist, with offers by hand and removals (issue 13). */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const { actor } = await requireStaffDesk(url, web);
  const locale = pageLocale(url);
  const waitlist = await orNotFound(web.services.staffWaitlist.read(actor, { eventId: uuidOrNotFound(params.uuid), locale }));
  return {
    locale,
    event: { ...waitlist.event, dates: formatDate(waitlist.event.starts_on, locale) },
    entries: waitlist.entries.map((entry) => ({
      ...entry,
      signedUp: formatDateTime(entry.created_at, locale),
      offeredUntil: entry.offered_until ? formatDateTime(entry.offered_until, locale) : null,
    })),
  };
}

const changeSchema = z.object({ intent: z.enum(["offer", "remove"]), entry: z.string().uuid() });

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const { actor, user } = await requireStaffDesk(url, web);
  const locale = pageLocale(url);
  const t = translatorFor(locale);
  const change = changeSchema.safeParse(Object.fromEntries(await request.formData()));
  const eventId = uuidOrNotFound(params.uuid);
  if (!change.success) return data({ message: t("api.invalidRequest"), failed: true }, 422);
  const input = { eventId, entryId: change.data.entry, staffEmail: user.email };
  try {
    if (change.data.intent === "offer") {
      const offer = await web.services.staffWaitlist.offer(actor, input);
      return { message: t("admin.waitlist.offered", { count: offer.places, until: formatDateTime(offer.expiresAt.toISOString(), locale) }), failed: false };
    }
    await web.services.staffWaitlist.remove(actor, input);
    return { message: t("admin.waitlist.removed"), failed: false };
  } catch (error) {
    if (!AppError.is(error)) throw error;
    return data({ message: error.toResponse(locale).message, failed: true }, error.status);
  }
}
