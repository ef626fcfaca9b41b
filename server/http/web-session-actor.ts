import { anonymousActor, type Actor } from "../../core/domain/permissions";
import { actorOf } from "../auth/authorize";
import type { WebSession } from "./web-session";

/** The actor of a page request: the same one the API's bearer middleware makes, from the web session's cookies. */
export function actorOfSession(session: Pick<WebSession, "claims">): Actor {
  return session.claims ? actorOf(session.claims) : anonymousActor;
}
