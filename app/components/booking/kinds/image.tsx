import { text, type FormItemKindRenderer } from "./kind-renderer";

export const image = {
  Render: ({ item }) => (
    <figure>
      <img src={text(item.options.src)} alt={text(item.options.alt) || item.label} className="aspect-[16/7] w-full rounded-xl object-cover" loading="lazy" />
      <figcaption className="mt-1 text-xs text-ink-soft">{item.label}</figcaption>
    </figure>
  ),
  readAnswer: null,
} satisfies FormItemKindRenderer;
