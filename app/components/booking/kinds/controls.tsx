import type { PublicFormItem } from "../../../../core/contracts/forms";
import { answerField } from "../../../utils/booking-field-names";
import { describedBy } from "../item-frame";

/** The id, name and accessibility attributes every single control of an item carries. */
export function controlProps(item: PublicFormItem, error: string | undefined, onEdit: (uuid: string) => void) {
  const id = `item-${item.uuid}`;
  return {
    id,
    name: answerField(item.uuid),
    required: item.required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(id, error, item.help),
    onInput: () => onEdit(item.uuid),
  } as const;
}

/** The label, hint and error around a single control (`ItemFrame`'s props). */
export const frameProps = (item: PublicFormItem, error: string | undefined) => ({
  id: `item-${item.uuid}`,
  label: item.label,
  required: item.required,
  help: item.help,
  error,
});
