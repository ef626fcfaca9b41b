import { answerField } from "../../../utils/booking-field-names";
import { ChoiceGroup } from "../item-frame";
import { frameProps } from "./controls";
import { choicesOf, readText, text, useChoiceText, type FormItemKindRenderer, type KindRenderProps } from "./kind-renderer";

function Radio({ item, error, page }: KindRenderProps) {
  const choiceText = useChoiceText();
  return (
    <ChoiceGroup {...frameProps(item, error)}>
      {choicesOf(item).map((choice) => (
        <label key={choice.value} className="flex items-start gap-2.5 text-sm text-ink">
          <input
            type="radio"
            name={answerField(item.uuid)}
            value={choice.value}
            required={item.required}
            defaultChecked={text(page.booking.answers[item.uuid]) === choice.value}
            onChange={() => page.onEdit(item.uuid)}
            className="mt-0.5 h-4 w-4 accent-navy-800"
          />
          {choiceText(choice)}
        </label>
      ))}
    </ChoiceGroup>
  );
}

export const radio = { Render: Radio, readAnswer: readText } satisfies FormItemKindRenderer;
