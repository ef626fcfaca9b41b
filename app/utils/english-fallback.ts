/**
 * `lang="en"` for a text the page shows in English because its translation is missing (decision 034):
 * screen readers then read it in English, and nothing is shown empty. Undefined when it is translated.
 */
export function englishFallback(
  event: { english_fallbacks?: readonly string[] | undefined },
  field: "title" | "teaser" | "description" | "location" | "image_alt",
): "en" | undefined {
  return event.english_fallbacks?.includes(field) ? "en" : undefined;
}
