// A resource route: all of it runs on the server (my-booking-calendar.server.ts).
export { loader } from "./my-booking-calendar.server";
