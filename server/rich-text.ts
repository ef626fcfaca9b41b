import sanitizeHtml from "sanitize-html";

/**
 * Rich text (event descriptions, content pages, form html items) is rendered as raw HTML. It is
 * sanitized when the seed writes it and again when the read services build their answers
 * (events, pages, forms), so content stored by any other writer cannot inject markup either.
 */
export function sanitizeRichText(html: string): string {
  // Forms are read on every page save; the same few texts are cleaned once, not on every request.
  const known = sanitized.get(html);
  if (known !== undefined) return known;
  if (sanitized.size >= maximumRemembered) sanitized.clear();
  const clean = sanitizeHtml(html, {
    allowedTags: ["p", "br", "strong", "em", "b", "i", "u", "ul", "ol", "li", "h2", "h3", "h4", "a", "blockquote", "table", "thead", "tbody", "tr", "th", "td"],
    allowedAttributes: { a: ["href", "title"] },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    transformTags: { b: "strong", i: "em" },
  });
  sanitized.set(html, clean);
  return clean;
}

const maximumRemembered = 500;
const sanitized = new Map<string, string>();
