import { controlClasses, ItemFrame } from "../item-frame";
import { controlProps, frameProps } from "./controls";
import { readText, text, type FormItemKindRenderer } from "./kind-renderer";

export const internationalPhone = {
  Render: ({ item, error, page }) => (
    <ItemFrame {...frameProps(item, error)}>
      <input
        {...controlProps(item, error, page.onEdit)}
        type="tel"
        autoComplete="tel"
        placeholder="+49 89 1234567"
        defaultValue={text(page.booking.answers[item.uuid])}
        className={controlClasses(error)}
      />
    </ItemFrame>
  ),
  readAnswer: readText,
} satisfies FormItemKindRenderer;
