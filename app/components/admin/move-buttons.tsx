import { Form } from "react-router";

/** The small outlined button of the back office's lists (move, edit, publish). */
export const smallButton =
  "inline-flex items-center rounded-full border border-navy-900/20 bg-white px-3 py-1.5 text-sm font-semibold text-navy-900 hover:bg-navy-50 disabled:cursor-not-allowed disabled:opacity-40";

/**
 * Up and down for a row of an ordered list (categories, content pages) as real form posts: they work
 * without JavaScript, and by keyboard (Tab, Enter). Each posts `intent=move`, the row's `field` and
 * the direction; the ids `move-up-<value>` / `move-down-<value>` are where `useFocusAfterMove` puts
 * the focus back after the move.
 */
export function MoveButtons({
  field,
  value,
  index,
  count,
  labels,
}: {
  field: string;
  value: string | number;
  index: number;
  count: number;
  labels: { up: string; down: string };
}) {
  return (
    <div className="flex gap-1.5">
      {(["up", "down"] as const).map((direction) => (
        <Form method="post" key={direction}>
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name={field} value={value} />
          <input type="hidden" name="direction" value={direction} />
          <button
            type="submit"
            id={`move-${direction}-${value}`}
            className={smallButton}
            aria-label={labels[direction]}
            // Not disabled while the post runs: a disabled button drops the keyboard focus.
            disabled={direction === "up" ? index === 0 : index === count - 1}
          >
            <span aria-hidden="true">{direction === "up" ? "↑" : "↓"}</span>
          </button>
        </Form>
      ))}
    </div>
  );
}
