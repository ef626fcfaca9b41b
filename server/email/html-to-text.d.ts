// html-to-text 10 ships no types (and @types/html-to-text stops at 9): the one function this site
// calls, with the options it passes (https://github.com/html-to-text/node-html-to-text#options).
declare module "html-to-text" {
  export type SelectorDefinition = { selector: string; format?: string; options?: Record<string, unknown> };
  export type HtmlToTextOptions = { wordwrap?: number | false | null; selectors?: SelectorDefinition[] };
  /** Builds a converter once: `convert(html, options)` compiles the options again on every call. */
  export function compile(options?: HtmlToTextOptions): (html: string) => string;
}
