/** @deprecated Kept for app/routes/booking.tsx (another branch) until it imports `orNotFound` from http-errors.server. */
export { orNotFound as orNotFoundPage } from "./http-errors.server";
