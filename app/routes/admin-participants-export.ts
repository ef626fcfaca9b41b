// A resource route: all of it runs on the server (admin-participants-export.server.ts).
export { loader } from "./admin-participants-export.server";
