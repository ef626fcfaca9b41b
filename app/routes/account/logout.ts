// A resource route: all of it runs on the server (logout.server.ts).
export { action, loader } from "./logout.server";
