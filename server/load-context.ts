import type { Services } from "./services";

/** What every loader and action receives from the server (typed via module augmentation below). */
export type WebContext = {
  services: Services;
  /** Absolute origin for canonical and hreflang links, e.g. `https://events.example.com`. */
  publicOrigin: string;
};

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- augmentation must be an interface
  interface AppLoadContext extends WebContext {}
}
