// A resource route: all of it runs on the server (admin-bookings-export.server.ts).
export { action } from "./admin-bookings-export.server";
