import { controlClasses, ItemFrame } from "../item-frame";
import { controlProps, frameProps } from "./controls";
import { readText, text, type FormItemKindRenderer } from "./kind-renderer";

export const textarea = {
  Render: ({ item, error, page }) => (
    <ItemFrame {...frameProps(item, error)}>
      <textarea
        {...controlProps(item, error, page.onEdit)}
        rows={4}
        maxLength={typeof item.options.maxLength === "number" ? item.options.maxLength : undefined}
        defaultValue={text(page.booking.answers[item.uuid])}
        className={controlClasses(error)}
      />
    </ItemFrame>
  ),
  readAnswer: readText,
} satisfies FormItemKindRenderer;
