// A resource route: all of it runs on the server (admin-invoice-pdf.server.ts).
export { loader } from "./admin-invoice-pdf.server";
