import type { FormItemKindRenderer } from "./kind-renderer";

export const headline = {
  Render: ({ item }) => (
    <div className="border-b border-navy-900/10 pb-2 pt-2">
      <h2 className="font-display text-xl font-bold text-navy-900">{item.label}</h2>
      {item.help && <p className="mt-1 text-sm text-ink-soft">{item.help}</p>}
    </div>
  ),
  readAnswer: null,
} satisfies FormItemKindRenderer;
