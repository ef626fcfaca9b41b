import { readFileSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "../../server/project-root";
import stylesheet from "../app.css?url";

/**
 * The built stylesheet's text, read once when the server build is loaded (not per request) and
 * written into every page's <head> (decision 055). Under Vite's dev server the page links
 * app/app.css instead (root.tsx `links`), which Vite serves and updates as the sources change.
 * `</style` cannot occur in Tailwind's output, but would end the element early: escaped anyway.
 */
export const inlineStylesheet: string | undefined = import.meta.env.DEV
  ? undefined
  : readFileSync(path.join(projectRoot, "build/client", stylesheet), "utf8").replaceAll("</style", "<\\/style");
