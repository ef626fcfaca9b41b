import { useTranslation } from "../../../utils/use-translation";
import { controlClasses, ItemFrame } from "../item-frame";
import { controlProps, frameProps } from "./controls";
import { choicesOf, readText, text, useChoiceText, type FormItemKindRenderer, type KindRenderProps } from "./kind-renderer";

function Select({ item, error, page }: KindRenderProps) {
  const { t } = useTranslation();
  const choiceText = useChoiceText();
  return (
    <ItemFrame {...frameProps(item, error)}>
      <select
        {...controlProps(item, error, page.onEdit)}
        onChange={() => page.onEdit(item.uuid)}
        defaultValue={text(page.booking.answers[item.uuid])}
        className={controlClasses(error)}
      >
        <option value="">{t("booking.choose")}</option>
        {choicesOf(item).map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choiceText(choice)}
          </option>
        ))}
      </select>
    </ItemFrame>
  );
}

export const select = { Render: Select, readAnswer: readText } satisfies FormItemKindRenderer;
