import type { PublicFormItem } from "../contracts/forms";

/** Whether a checkbox-like answer is chosen: ticked, or carrying its choice's value (the SMA item's `requested`). */
export const isChosen = (value: unknown) =>
  value === true || value === "true" || value === "on" || (typeof value === "string" && value !== "" && value !== "false");

/**
 * Items shown only when a checkbox of the page is ticked (`options.visibleWhen` names it, e.g. the
 * separate billing address), with the children of such a group. Hidden items are not validated.
 */
export function hiddenItemUuids(items: Pick<PublicFormItem, "uuid" | "parent_uuid" | "name" | "options">[], answers: Record<string, unknown>): Set<string> {
  const hidden = new Set<string>();
  for (const item of items) {
    const condition = item.options.visibleWhen;
    if (typeof condition !== "string") continue;
    const controller = items.find((candidate) => candidate.name === condition);
    const value = controller ? answers[controller.uuid] : undefined;
    if (value !== true && value !== "true" && value !== "on") hidden.add(item.uuid);
  }
  for (const item of items) if (item.parent_uuid && hidden.has(item.parent_uuid)) hidden.add(item.uuid);
  return hidden;
}

/**
 * Required items that become optional when another item of the page is chosen (`options.notRequiredWhen`
 * names it): the payment method, when the customer sends a booking request (SMA) instead of paying.
 */
export function optionalItemUuids(items: PublicFormItem[], answers: Record<string, unknown>): Set<string> {
  const optional = new Set<string>();
  for (const item of items) {
    const condition = item.options.notRequiredWhen;
    if (typeof condition !== "string") continue;
    const controller = items.find((candidate) => candidate.name === condition);
    if (controller && isChosen(answers[controller.uuid])) optional.add(item.uuid);
  }
  return optional;
}
