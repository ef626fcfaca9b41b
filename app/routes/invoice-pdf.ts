// A resource route: all of it runs on the server (invoice-pdf.server.ts).
export { loader } from "./invoice-pdf.server";
