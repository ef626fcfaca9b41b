import { useEffect } from "react";

/**
 * A row moved up or down is re-ordered in the DOM, which drops the focus: put it back on the same
 * button (`move-up-<row>` / `move-down-<row>`), or its twin when the row reached the top or the
 * bottom, so keyboard users can go on moving. `answer` is the action's answer: one move per answer.
 */
export function useFocusAfterMove(answer: unknown, move: { direction: "up" | "down"; row: string | number } | null) {
  useEffect(() => {
    if (!move) return;
    const same = document.getElementById(`move-${move.direction}-${move.row}`) as HTMLButtonElement | null;
    const other = document.getElementById(`move-${move.direction === "up" ? "down" : "up"}-${move.row}`) as HTMLButtonElement | null;
    (same && !same.disabled ? same : other)?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer of the action
  }, [answer]);
}
