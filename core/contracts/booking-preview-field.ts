/**
 * The name of the staff preview's hidden field (decision 039), in a module without zod: the booking
 * page's first load in the browser carries no zod (decision 052). booking-preview.ts re-exports it.
 */
export const previewStateField = "preview_state";
