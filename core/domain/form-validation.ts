/**
 * Server-authoritative validation of one form page, item by item (PRODUCT.md "Forms"). The rules of
 * each kind live in `core/forms/kinds/` (one module per kind), the page's schema in
 * `core/forms/booking-page-schema.ts`; this module gathers them for the booking engine. Answers are
 * keyed by item uuid; the result is the spec's errors object: an array of message keys per item uuid,
 * translated when the answer is built.
 */
export { validatePage, bookingPageSchema, itemErrorTexts, type ItemErrors } from "../forms/booking-page-schema";
export { takesAnswer, validateAnswer, type ValidationMessage } from "../forms/kinds";
export { hiddenItemUuids, isChosen, optionalItemUuids } from "../forms/page-rules";

/**
 * Spec §4: a form page is blocked while the booking's SMA request is pending (`blocking`) and the
 * page comes after the one the request was made on (the payment pages).
 */
export function isPageBlockedBySma(pageNumber: number, sma: { blocking: boolean; page: number | null }): boolean {
  return sma.blocking && sma.page !== null && pageNumber > sma.page;
}
