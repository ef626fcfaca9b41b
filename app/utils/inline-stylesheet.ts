import { createContext, useContext } from "react";

/**
 * The site's stylesheet (app/app.css as built), provided by app/entry.server.tsx while a page is
 * rendered on the server, so that root.tsx writes it into the page's <head> as a <style> element
 * instead of linking a file the browser would have to fetch before it paints anything (decision 055).
 * In the browser and under Vite's dev server it is undefined: there the page already has its styles
 * (React 19 leaves a <style> it did not render in <head> alone) or links the file (development).
 */
export const InlineStylesheetContext = createContext<string | undefined>(undefined);

export function useInlineStylesheet(): string | undefined {
  return useContext(InlineStylesheetContext);
}
