/** The booking lifecycle of PRODUCT.md: draft → submitted (places held) → paid, confirmed, in review, … */
export const bookingStatuses = ["draft", "submitted", "awaiting_payment", "in_review", "confirmed", "paid", "rejected", "cancelled", "expired"] as const;
export type BookingStatus = (typeof bookingStatuses)[number];
