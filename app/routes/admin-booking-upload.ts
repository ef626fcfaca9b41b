// A resource route: all of it runs on the server (admin-booking-upload.server.ts).
export { loader } from "./admin-booking-upload.server";
