import { useRef } from "react";
import { dateBoundsOf } from "../../../../core/forms/kinds/plain-options";
import { afterFirstInteraction, useAfterFirstInteraction } from "../../../utils/on-first-interaction";
import { controlClasses, ItemFrame } from "../item-frame";
import { controlProps, frameProps } from "./controls";
import { readText, text, type FormItemKindRenderer, type KindRenderProps } from "./kind-renderer";

// React Aria's picker is most of this kind's weight: it comes when the visitor starts using the page (decision 052).
const loadPicker = afterFirstInteraction(() => import("./date-picker"));

/**
 * A date: the browser's native date field from the server and until the visitor interacts with the
 * page, then React Aria's picker in the page's date format (./date-picker.tsx) with what was typed
 * into the native field meanwhile (React Aria's date segments cannot be typed into without scripts).
 */
function DateItem({ item, error, page }: KindRenderProps) {
  const nativeRef = useRef<HTMLInputElement>(null);
  const initial = text(page.booking.answers[item.uuid]);
  const enhanced = useAfterFirstInteraction(loadPicker, () => ({
    value: nativeRef.current?.value || initial,
    focused: nativeRef.current !== null && nativeRef.current === document.activeElement,
  }));
  const { min, max } = dateBoundsOf(item, page.today);
  if (enhanced) {
    const { DatePickerItem } = enhanced.loaded;
    return <DatePickerItem item={item} error={error} page={page} value={enhanced.snapshot.value} autoFocus={enhanced.snapshot.focused} />;
  }
  return (
    <ItemFrame {...frameProps(item, error)}>
      <input
        {...controlProps(item, error, page.onEdit)}
        ref={nativeRef}
        type="date"
        min={min ?? undefined}
        max={max ?? undefined}
        defaultValue={initial}
        className={controlClasses(error)}
      />
    </ItemFrame>
  );
}

export const date = { Render: DateItem, readAnswer: readText } satisfies FormItemKindRenderer;
