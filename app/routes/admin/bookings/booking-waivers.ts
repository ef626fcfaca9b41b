// A resource route: all of it runs on the server (booking-waivers.server.ts).
export { action } from "./booking-waivers.server";
