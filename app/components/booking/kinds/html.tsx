import { text, type FormItemKindRenderer } from "./kind-renderer";

/** Operator-written rich text; `wysiwyg` items are shown the same way. */
export const html = {
  Render: ({ item }) => (
    <section aria-label={item.label} className="rounded-xl bg-navy-50 px-4 py-3 text-sm leading-relaxed text-ink">
      <h2 className="font-semibold text-navy-900">{item.label}</h2>
      {/* Safe as raw HTML: getPublicForm (server/services/forms.ts) runs it through sanitizeRichText (server/rich-text.ts) when serving the form. */}
      <div className="rich-text mt-1 [&_li]:ml-5 [&_li]:list-disc [&_p]:mt-1" dangerouslySetInnerHTML={{ __html: text(item.options.html) }} />
    </section>
  ),
  readAnswer: null,
} satisfies FormItemKindRenderer;
