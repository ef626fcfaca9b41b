import type { FormItemKindRenderer } from "./kind-renderer";

/** A fieldset around its child items; it stays in the page while hidden so its children keep their place. */
export const group = {
  Render: ({ item, page }) => (
    <fieldset
      hidden={page.hidden.has(item.uuid)}
      className="rounded-xl p-4 ring-1 ring-navy-900/15"
      aria-describedby={item.help ? `item-${item.uuid}-hint` : undefined}
    >
      <legend className="px-1 text-sm font-semibold text-navy-900">{item.label}</legend>
      {item.help && (
        <p id={`item-${item.uuid}-hint`} className="text-xs text-ink-soft">
          {item.help}
        </p>
      )}
      <div className="mt-3 grid gap-4 sm:grid-cols-2">{page.childrenOf(item).map(page.renderItem)}</div>
    </fieldset>
  ),
  readAnswer: null,
  container: true,
} satisfies FormItemKindRenderer;
