import { webContext } from "../../../server/load-context";
import { actorOfSession } from "../../../server/http/web-session-actor";
import { pageLocale } from "../../utils/auth.server";
import { orNotFound } from "../../utils/http-errors.server";
import { goneResponse, manageFileCall } from "../../utils/manage-files.server";
import type { Route } from "./+types/my-booking-calendar";

/** `/my-booking/{token}/calendar.ics`: the booking's add-to-calendar file (RFC 5545). */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const locale = pageLocale(url);
  const actor = actorOfSession(await web.session());
  const calendar = await manageFileCall(() => orNotFound(web.services.manage.calendar(actor, { token: params.token, locale })));
  if ("gone" in calendar) return goneResponse(locale, calendar.gone);
  return new Response(calendar.ics, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${calendar.filename.replace(/[^A-Za-z0-9._-]/g, "_")}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
