import type { CompanionInput } from "../../core/contracts/bookings";

/**
 * The booking page is a plain HTML form, so it also works before scripts load. These names tie its
 * fields to form items and companions; the action reads them back (`booking-form-data.ts`).
 */
export const answerField = (itemUuid: string) => `a.${itemUuid}`;
export const vehicleField = (itemUuid: string, day: number) => `a.${itemUuid}.vehicle.${day}`;
export const companionField = (companionUuid: string, field: keyof Omit<CompanionInput, "uuid">) => `c.${companionUuid}.${field}`;
export const companionListField = "companion_uuid";

/** One item's answer as read from a posted page. */
export type PageAnswer = string | boolean | string[] | null;
