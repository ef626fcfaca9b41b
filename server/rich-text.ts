import sanitizeHtml from "sanitize-html";

/**
 * Rich text (event descriptions, content pages, form html items) is sanitized when it is written,
 * so pages can render it as HTML without re-checking it on every request.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ["p", "br", "strong", "em", "b", "i", "u", "ul", "ol", "li", "h2", "h3", "h4", "a", "blockquote", "table", "thead", "tbody", "tr", "th", "td"],
    allowedAttributes: { a: ["href", "title"] },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    transformTags: { b: "strong", i: "em" },
  });
}
