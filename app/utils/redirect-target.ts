export type RedirectTarget = { kind: "none" } | { kind: "invalid" } | { kind: "external"; url: string; host: string };

/** Only absolute http(s) addresses may be followed: never `javascript:` or other schemes. */
export function parseRedirectTarget(raw: string | undefined): RedirectTarget {
  if (!raw || !raw.trim()) return { kind: "none" };
  try {
    const url = new URL(raw.trim());
    if (url.protocol !== "http:" && url.protocol !== "https:") return { kind: "invalid" };
    return { kind: "external", url: url.toString(), host: url.host };
  } catch {
    return { kind: "invalid" };
  }
}
