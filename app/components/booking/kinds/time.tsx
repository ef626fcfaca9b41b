import { controlClasses, ItemFrame } from "../item-frame";
import { controlProps, frameProps } from "./controls";
import { readText, stringOption, text, type FormItemKindRenderer } from "./kind-renderer";

export const time = {
  Render: ({ item, error, page }) => (
    <ItemFrame {...frameProps(item, error)}>
      <input
        {...controlProps(item, error, page.onEdit)}
        type="time"
        min={stringOption(item, "min")}
        max={stringOption(item, "max")}
        step={typeof item.options.stepMinutes === "number" ? item.options.stepMinutes * 60 : undefined}
        defaultValue={text(page.booking.answers[item.uuid])}
        className={controlClasses(error)}
      />
    </ItemFrame>
  ),
  readAnswer: readText,
} satisfies FormItemKindRenderer;
