// A resource route: all of it runs on the server (sitemap.server.ts).
export { loader } from "./sitemap.server";
