// A resource route: all of it runs on the server (my-booking-invoice.server.ts).
export { loader } from "./my-booking-invoice.server";
