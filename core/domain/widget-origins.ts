/**
 * Who may show the event widget in a frame (CSP `frame-ancestors`): `*` or partner origins such as
 * `https://golf-club.example` or `https://*.partner.example`. One rule for the environment's default
 * (WIDGET_FRAME_ANCESTORS) and the site settings, so that nothing stored can break the header.
 */
const frameSourcePattern = /^https?:\/\/(\*\.)?[a-z0-9.-]+(:(\d{1,5}|\*))?$/i;

/** The sources of a setting, split on any white space (one per line in the back office). */
export function widgetFrameSources(value: string): string[] {
  return value.split(/\s+/).filter(Boolean);
}

export function isWidgetFrameSource(source: string): boolean {
  return source === "*" || frameSourcePattern.test(source);
}

/** Every source is `*` or an origin (an empty setting is valid: it means "the default"). */
export function areWidgetFrameSources(value: string): boolean {
  return widgetFrameSources(value).every(isWidgetFrameSource);
}

/** One line, single spaces: how a setting is stored and sent in the header. */
export function normalizeWidgetFrameSources(value: string): string {
  return widgetFrameSources(value).join(" ");
}
