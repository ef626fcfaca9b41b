// A resource route: all of it runs on the server (admin-invoices-export.server.ts).
export { loader } from "./admin-invoices-export.server";
