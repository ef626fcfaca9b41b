import { use, type ComponentProps } from "react";
import { holdHydrationFor } from "../utils/before-hydration";
import type * as OpeningNoticeFormModule from "./opening-notice-form";

/**
 * The "notify me when bookings open" form where only some pages of a route show it (an event page
 * whose bookings have not opened): its code, with Conform and zod, is loaded only by the pages that
 * show it (decision 052).
 *
 * No Suspense boundary: React 19 streams a large finished boundary after the rest of the page
 * (hidden until a script reveals it), which would hide the form from browsers without JavaScript.
 * Instead the module is there before anything renders it: the server loads it at start (a request
 * before that waits for it: `use` without a boundary holds the whole page); a browser opening a
 * page that shows it (the server's form is in the document) loads it before hydrating
 * (utils/before-hydration.ts), so hydration renders it at once. A navigation to such a page waits for
 * it (`use` in a transition keeps the previous page until then). No top-level await: it made the
 * bundler split React into more chunks on every page (+0.6 KB).
 */
type FormModule = typeof OpeningNoticeFormModule;
let loaded: FormModule | null = null;
let loading: Promise<FormModule> | null = null;
const load = () =>
  (loading ??= import("./opening-notice-form").then((module) => {
    loaded = module;
    return module;
  }));
if (import.meta.env.SSR) void load();
else if (document.getElementById("opening-notice-title")) holdHydrationFor(load());

export function OpeningNoticeFormWhenShown(props: ComponentProps<FormModule["OpeningNoticeForm"]>) {
  const { OpeningNoticeForm } = loaded ?? use(load());
  return <OpeningNoticeForm {...props} />;
}
