import type { PublicFormItem } from "../../../core/contracts/forms";
import { isCompletableLater } from "../../../core/forms/kinds/plain-options";

/**
 * An item that may be completed later (`options.completableLater`, decision 023) as the booking form
 * and the manage page show it: never marked required (the booking can be submitted without it), its
 * hint starting with `note` ("May be completed later").
 */
export function markCompletableLater(item: PublicFormItem, note: string): PublicFormItem {
  if (!isCompletableLater(item)) return item;
  return { ...item, required: false, help: item.help ? `${note}. ${item.help}` : note };
}
