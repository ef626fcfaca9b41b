import { anonymousActor, type Actor } from "../../core/domain/permissions";
import { actorOf } from "../auth/authorize";
import type { WebSession } from "./web-session";

/**
 * The actor of a page request: the same one the API's bearer middleware makes, from the web
 * session's cookies, with the role and second factor the database holds (never the token's claims).
 */
export function actorOfSession(session: Pick<WebSession, "liveSession">): Actor {
  return session.liveSession ? actorOf(session.liveSession) : anonymousActor;
}
