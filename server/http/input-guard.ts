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
  const found = new Set<string>();
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length > 0 && found.size < limit) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === "string") {
      if (isUnsafeText(current)) found.add(fieldKey(path));
    } else if (Array.isArray(current)) {
      current.forEach((item: unknown, index) => stack.push({ value: item, path: [...path, String(index)] }));
    } else if (typeof current === "object" && current !== null) {
      for (const [key, item] of Object.entries(current)) {
        if (isUnsafeText(key)) found.add(fieldKey(path));
        else stack.push({ value: item, path: [...path, key] });
      }
    }
  }
  return [...found];
}

function fieldKey(path: string[]): string {
  return path.length ? path.join(".") : "_";
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
 * value, a name or a file name carries unsafe text, "unreadable" when the body does not parse as the
 * form it claims to be (the action would fail on it). Reads a clone, so the action still gets the body.
 */
export async function inspectFormPost(request: Request): Promise<"ok" | "unsafe" | "unreadable"> {
  const mediaType = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (mediaType !== "application/x-www-form-urlencoded" && mediaType !== "multipart/form-data") return "ok";
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
