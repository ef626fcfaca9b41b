// A resource route: all of it runs on the server (robots.server.ts).
export { loader } from "./robots.server";
