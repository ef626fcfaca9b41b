import { answerField } from "../../../utils/booking-field-names";
import { ChoiceGroup } from "../item-frame";
import { frameProps } from "./controls";
import { choicesOf, useChoiceText, type FormItemKindRenderer, type KindRenderProps } from "./kind-renderer";

function Multiselect({ item, error, page }: KindRenderProps) {
  const choiceText = useChoiceText();
  const answer = page.booking.answers[item.uuid];
  const chosen = Array.isArray(answer) ? answer : [];
  return (
    <ChoiceGroup {...frameProps(item, error)}>
      {choicesOf(item).map((choice) => (
        <label key={choice.value} className="flex items-start gap-2.5 text-sm text-ink">
          <input
            type="checkbox"
            name={answerField(item.uuid)}
            value={choice.value}
            defaultChecked={chosen.includes(choice.value)}
            onChange={() => page.onEdit(item.uuid)}
            className="mt-0.5 h-4 w-4 accent-navy-800"
          />
          {choiceText(choice)}
        </label>
      ))}
    </ChoiceGroup>
  );
}

export const multiselect = {
  Render: Multiselect,
  /** Every ticked value; none ticked is an empty list (browsers send nothing for it). */
  readAnswer: (form, item) => form.getAll(answerField(item.uuid)).filter((value): value is string => typeof value === "string"),
} satisfies FormItemKindRenderer;
