import { translatorFor } from "../../core/i18n/i18n";
import { defaultLocale, localeFromPath, type Locale } from "../../core/i18n/locales";

/**
 * Text PostgreSQL cannot store or compare: the NUL character (text and jsonb refuse it, PGlite and
 * PostgreSQL answer "invalid byte sequence for encoding UTF8: 0x00") and UTF-16 lone surrogates
 * (a JSON `"\ud800"` escape; they have no UTF-8 encoding). No visitor types either, so requests
 * carrying them are refused at the boundary instead of failing deep inside a query (decision 010).
 */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const unsafeCharacter = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isUnsafeText(value: string): boolean {
  return unsafeCharacter.test(value);
}

/**
 * The dotted paths (`answers.<uuid>`, `companions.0.forename`) of every string in a parsed JSON value
 * that carries unsafe text. An unsafe object key is reported at its parent's path, so that the answer
 * never echoes the offending key. Iterative: a deeply nested body must not overflow the stack.
 */
export function unsafeTextPaths(value: unknown, limit = 20): string[] {
  // Each entry points at its parent instead of copying the path, so a deep value costs linear time.
  type Entry = { value: unknown; key: string | null; parent: Entry | null };
  const found = new Set<string>();
  const stack: Entry[] = [{ value, key: null, parent: null }];
  while (stack.length > 0 && found.size < limit) {
    const entry = stack.pop()!;
    const current = entry.value;
    if (typeof current === "string") {
      if (isUnsafeText(current)) found.add(fieldKey(entry));
    } else if (Array.isArray(current)) {
      current.forEach((item: unknown, index) => stack.push({ value: item, key: String(index), parent: entry }));
    } else if (typeof current === "object" && current !== null) {
      for (const [key, item] of Object.entries(current)) {
        if (isUnsafeText(key)) found.add(fieldKey(entry));
        else stack.push({ value: item, key, parent: entry });
      }
    }
  }
  return [...found];
}

function fieldKey(entry: { key: string | null; parent: { key: string | null; parent: unknown } | null }): string {
  const keys: string[] = [];
  for (let current: typeof entry | null = entry; current; current = current.parent as typeof entry | null) {
    if (current.key !== null) keys.push(current.key);
  }
  return keys.length ? keys.reverse().join(".") : "_";
}

/** Decodes like decodeURIComponent, but a malformed escape (`%E0%A4%A`, `%zz`) keeps the raw text. */
function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Whether a URL's decoded path segments carry unsafe text (`/api/page/a%00b`, `/de/%00`). */
export function hasUnsafePath(url: URL): boolean {
  return url.pathname.split("/").some((segment) => isUnsafeText(safeDecode(segment)));
}

/** The names of query parameters whose name or value carries unsafe text once decoded. */
export function unsafeQueryNames(url: URL): string[] {
  const names: string[] = [];
  // URLSearchParams decodes malformed UTF-8 to U+FFFD, so only an escaped NUL can come through; its
  // names are checked as well, and reported as "_" so the answer does not echo them.
  for (const [name, value] of url.searchParams) {
    if (isUnsafeText(name)) names.push("_");
    else if (isUnsafeText(value)) names.push(name);
  }
  return [...new Set(names)];
}

/**
 * Whether a page's form post (urlencoded or multipart) can be handed to its action: "unsafe" when a
 * value, a name or a file name carries unsafe text, "unreadable" when the body is not a form or does
 * not parse as the form it claims to be (the action would fail on it). Reads a clone, so the action still gets the body.
 */
export async function inspectFormPost(request: Request): Promise<"ok" | "unsafe" | "unreadable"> {
  const mediaType = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  // Every page action reads `request.formData()`, which throws on any other body (JSON, text, none).
  if (mediaType !== "application/x-www-form-urlencoded" && mediaType !== "multipart/form-data") return "unreadable";
  let form: FormData;
  try {
    form = await request.clone().formData();
  } catch {
    return "unreadable";
  }
  for (const [name, value] of form) {
    if (isUnsafeText(name) || isUnsafeText(typeof value === "string" ? value : value.name)) return "unsafe";
  }
  return "ok";
}

/**
 * Why a page request (document, data request or form action) cannot be handed to React Router, or
 * null when it can: its decoded path or query, or the fields of its form post, carry unsafe text, or
 * its form body does not parse.
 */
export async function refusedPageRequest(request: Request): Promise<"unsafe" | "unreadable" | null> {
  const url = new URL(request.url);
  if (hasUnsafePath(url) || unsafeQueryNames(url).length > 0) return "unsafe";
  if (request.method === "GET" || request.method === "HEAD") return null;
  const form = await inspectFormPost(request);
  return form === "ok" ? null : form;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The page for a refused page request: small and self-contained, so that it renders whatever made
 * the request unreadable (no loader runs on its input). In the path's language.
 */
function refusalPage(pathname: string, status: 400 | 413): Response {
  const locale: Locale = localeFromPath(pathname) ?? defaultLocale;
  const t = translatorFor(locale);
  const home = locale === defaultLocale ? "/" : `/${locale}`;
  const [titleKey, textKey] =
    status === 413 ? (["error.payloadTooLargeTitle", "error.payloadTooLargeText"] as const) : (["error.badRequestTitle", "error.badRequestText"] as const);
  const title = escapeHtml(t(titleKey));
  const html = `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a}a{color:#0b57d0}</style></head>
<body><main><h1>${title}</h1><p>${escapeHtml(t(textKey))}</p><p><a href="${home}">${escapeHtml(t("error.backHome"))}</a></p></main></body>
</html>`;
  return new Response(html, { status, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}

/** The 400 page: the path, query or form carried unsafe text, or the form did not parse. */
export function badRequestPage(pathname: string): Response {
  return refusalPage(pathname, 400);
}

/**
 * Bytes a page's form post may have. Page forms carry text only (files go to /api, streamed), and
 * the largest text field takes 1 MB: anything beyond this is refused before it is read into memory.
 */
export const maximumPageFormBytes = 2 * 1024 * 1024;

/** The 413 page: a page's form post over maximumPageFormBytes. */
export function payloadTooLargePage(pathname: string): Response {
  return refusalPage(pathname, 413);
}
