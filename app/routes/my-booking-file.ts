// A resource route: all of it runs on the server (my-booking-file.server.ts).
export { loader } from "./my-booking-file.server";
