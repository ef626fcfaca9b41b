import type { InvoiceData } from "../../server/invoices/render-invoice-pdf";

/** The operator printed on the invoices of the unit tests (a letterhead with umlauts and every field). */
export const testOperator: InvoiceData["operator"] = {
  company: "Trackside & Fairway Events GmbH",
  street: "Königsallee 12",
  zip: "40212",
  city: "Düsseldorf",
  country: "DE",
  phone: "+49 211 555 0100",
  fax: null,
  email: "info@trackside.example",
  website: "www.trackside.example",
  registryCourt: "Amtsgericht Düsseldorf HRB 98765",
  managingDirector: "Jürgen Weiß",
  vatId: "DE123456789",
};
