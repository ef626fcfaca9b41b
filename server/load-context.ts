import type { WebSession } from "./http/web-session";
import type { Services } from "./services";

/** What every loader and action receives from the server (typed via module augmentation below). */
export type WebContext = {
  services: Services;
  /** Absolute origin for canonical and hreflang links, e.g. `https://events.example.com`. */
  publicOrigin: string;
  /**
   * The request's logged-in user, read once per request: root and page loaders run in parallel,
   * and two refreshes with one refresh token would look like a stolen token.
   */
  session: () => Promise<WebSession>;
  /** The client's address for rate limits: the socket's, or a trusted proxy's X-Forwarded-For hop (TRUST_PROXY, decision 009). */
  clientAddress: string;
  /** This request's Content-Security-Policy nonce; app/entry.server.tsx puts it on every inline script. */
  cspNonce: string;
};

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- augmentation must be an interface
  interface AppLoadContext extends WebContext {}
}
