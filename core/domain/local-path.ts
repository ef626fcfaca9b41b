/**
 * Only paths of this site may be a redirect target: `/x`, never `//host`, `/\host`, or paths with
 * whitespace or control characters (browsers drop tabs and newlines, turning `/\t/evil.com` into
 * `//evil.com`).
 */
export function isLocalPath(value: unknown): value is string {
  // eslint-disable-next-line no-control-regex -- rejecting control characters is the point
  return typeof value === "string" && /^\/(?![/\\])[^\s\\\u0000-\u001f\u007f]*$/.test(value);
}
