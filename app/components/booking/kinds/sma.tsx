import { answerField } from "../../../utils/booking-field-names";
import { describedBy } from "../item-frame";
import { controlProps } from "./controls";
import { choicesOf, stringOption, useChoiceText, type FormItemKindRenderer, type KindRenderProps } from "./kind-renderer";

/** The booking request (SMA): one tick box whose value is its choice. */
function Sma({ item, error, page }: KindRenderProps) {
  const choiceText = useChoiceText();
  const id = `item-${item.uuid}`;
  const [choice] = choicesOf(item);
  const description = stringOption(item, "description");
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl ring-1 ring-navy-900/15 px-4 py-3">
      <h2 id={`${id}-title`} className="text-sm font-semibold text-navy-900">
        {item.label}
      </h2>
      {description && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-ink-soft">
          {description}
        </p>
      )}
      <label className="mt-2 flex items-start gap-2.5 text-sm text-ink">
        <input
          {...controlProps(item, error, page.onEdit)}
          type="checkbox"
          value={choice?.value ?? "requested"}
          defaultChecked={Boolean(page.booking.answers[item.uuid])}
          onChange={() => page.onEdit(item.uuid)}
          aria-describedby={describedBy(id, error, description)}
          className="mt-0.5 h-4 w-4 shrink-0 accent-navy-800"
        />
        <span>{choice ? choiceText(choice) : item.label}</span>
      </label>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-danger-700">
          {error}
        </p>
      )}
    </section>
  );
}

export const sma = {
  Render: Sma,
  /** The ticked choice's value, or null when not ticked. */
  readAnswer: (form, item) => {
    const value = form.get(answerField(item.uuid));
    return typeof value === "string" && value ? value : null;
  },
} satisfies FormItemKindRenderer;
