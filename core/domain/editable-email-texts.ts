/**
 * Which e-mail texts staff may change (decision 037), per template: the subject and the body blocks
 * that carry the message (heading, first paragraph, a closing note or a button label). The layout,
 * greeting, sign-off, legal footer, the manage-booking and pay-link blocks, prices and lists stay in
 * code. Each field names the catalogue keys (namespace `email`) its override replaces: a subject
 * with variants per payment option is one field, and its override replaces every variant.
 *
 * Pure and shared: the server renders and validates with it, the back office lists it.
 */

export const emailTextFieldNames = ["subject", "heading", "intro", "note", "button"] as const;
export type EmailTextFieldName = (typeof emailTextFieldNames)[number];

export type EditableEmailField = {
  name: EmailTextFieldName;
  /** Catalogue keys (namespace `email`) this field's override stands in for. */
  keys: readonly string[];
  /** Body paragraphs keep their line breaks; a subject, heading or button label is one line. */
  multiline: boolean;
};

export type EditableEmailTemplate = {
  template: string;
  fields: readonly EditableEmailField[];
  /** The placeholders this template has values for: only these may be inserted. */
  placeholders: readonly string[];
  /** The catalogue's `{{variable}}` names written as placeholders, to show the defaults in the editor's syntax. */
  catalogueVariables: Readonly<Record<string, string>>;
};

export const emailTextLimits = { singleLine: 200, multiline: 2000 } as const;

const customer = ["customer.name", "customer.first_name"] as const;
const booking = ["booking.code", "event.title"] as const;
const commonVariables = { code: "booking.code", eventTitle: "event.title", name: "customer.name" } as const;

const subject = (...keys: string[]): EditableEmailField => ({ name: "subject", keys, multiline: false });
const heading = (...keys: string[]): EditableEmailField => ({ name: "heading", keys, multiline: false });
const intro = (...keys: string[]): EditableEmailField => ({ name: "intro", keys, multiline: true });
const note = (...keys: string[]): EditableEmailField => ({ name: "note", keys, multiline: true });
const button = (...keys: string[]): EditableEmailField => ({ name: "button", keys, multiline: false });

export const editableEmailTemplates = [
  {
    template: "booking-received",
    fields: [
      subject("bookingReceived.subjectPayNow", "bookingReceived.subjectBy.credit_card", "bookingReceived.subjectBy.invoice", "bookingReceived.subjectBy.sma"),
      heading("bookingReceived.headingBy.credit_card", "bookingReceived.headingBy.invoice", "bookingReceived.headingBy.sma"),
      intro("bookingReceived.intro"),
    ],
    placeholders: [...booking, ...customer, "event.dates", "event.location", "booking.total", "booking.deposit", "booking.pay_deadline"],
    catalogueVariables: { ...commonVariables, time: "booking.pay_deadline" },
  },
  {
    template: "payment-received",
    fields: [subject("paymentReceived.subject"), heading("paymentReceived.heading"), intro("paymentReceived.intro")],
    placeholders: [...booking, ...customer, "event.starts_on", "payment.amount", "booking.paid", "booking.total"],
    catalogueVariables: { ...commonVariables, amount: "payment.amount", date: "event.starts_on" },
  },
  {
    template: "invoice",
    fields: [subject("invoice.subject"), heading("invoice.heading"), intro("invoice.intro")],
    placeholders: [...booking, ...customer, "invoice.number", "booking.total", "booking.deposit"],
    catalogueVariables: { ...commonVariables, invoiceNumber: "invoice.number" },
  },
  {
    template: "balance-due",
    fields: [subject("balanceDue.subject", "balanceDue.reminderSubject"), heading("balanceDue.heading"), intro("balanceDue.intro"), note("balanceDue.note")],
    placeholders: [...booking, ...customer, "event.starts_on", "payment.amount", "payment.due_on"],
    catalogueVariables: { ...commonVariables, amount: "payment.amount", startsOn: "event.starts_on", date: "payment.due_on" },
  },
  {
    template: "booking-cancelled",
    fields: [subject("bookingCancelled.subject"), heading("bookingCancelled.heading"), intro("bookingCancelled.intro")],
    placeholders: [...booking, ...customer, "cancellation.reason", "refund.amount"],
    catalogueVariables: { ...commonVariables },
  },
  {
    template: "refund-issued",
    fields: [subject("refundIssued.subject"), heading("refundIssued.heading"), intro("refundIssued.intro"), note("refundIssued.note")],
    placeholders: [...booking, ...customer, "refund.amount", "refund.reason"],
    catalogueVariables: { ...commonVariables, amount: "refund.amount" },
  },
  {
    template: "transfer-received",
    fields: [subject("transferReceived.subject"), heading("transferReceived.heading"), intro("transferReceived.intro")],
    placeholders: [...booking, ...customer, "payment.amount", "payment.received_on", "booking.paid", "booking.total"],
    catalogueVariables: { ...commonVariables, amount: "payment.amount", date: "payment.received_on" },
  },
  {
    template: "sma-verified",
    fields: [subject("smaVerified.subject"), heading("smaVerified.heading"), intro("smaVerified.intro")],
    placeholders: [...booking, ...customer, "payment.amount"],
    catalogueVariables: { ...commonVariables },
  },
  {
    template: "sma-rejected",
    fields: [subject("smaRejected.subject"), heading("smaRejected.heading"), intro("smaRejected.intro"), button("smaRejected.button")],
    placeholders: [...booking, ...customer],
    catalogueVariables: { ...commonVariables },
  },
] as const satisfies readonly EditableEmailTemplate[];

export type EditableEmailTemplateName = (typeof editableEmailTemplates)[number]["template"];
export const editableEmailTemplateNames = editableEmailTemplates.map((entry) => entry.template) as [EditableEmailTemplateName, ...EditableEmailTemplateName[]];

export function editableEmailTemplate(template: string): EditableEmailTemplate | undefined {
  return (editableEmailTemplates as readonly EditableEmailTemplate[]).find((entry) => entry.template === template);
}

/** The catalogue's `{{variable}}` written as the template's placeholder (`{{code}}` → `{booking.code}`), for the editor's defaults. */
export function catalogueTextAsPlaceholders(text: string, variables: Readonly<Record<string, string>>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    const placeholder = variables[name];
    return placeholder === undefined ? whole : `{${placeholder}}`;
  });
}
