import type { PersonalDataExport } from "../../core/contracts/personal-data";
import { formatDate, formatDateTime } from "../../core/domain/dates";
import { formatMoney } from "../../core/domain/money";
import { translatorFor } from "../../core/i18n/i18n";
import { intlLocaleTags, type Locale } from "../../core/i18n/locales";
import { loadPdfLibraries } from "../invoices/pdf-libraries";
import { paragraphWriter, pdfBytes } from "../invoices/pdf-paragraphs";

const margins = { top: 50, bottom: 55, left: 55, right: 55 } as const;
const colors = { text: "#1a1a1a", muted: "#5c5c5c", rule: "#b8b8b8" } as const;

/**
 * The personal data export as a readable A4 PDF (decision 076): the same object as the JSON, section by
 * section, printed through the invoice's font chain (server/invoices/invoice-fonts.ts) so that a name in
 * any script prints as typed.
 */
export async function renderPersonalDataPdf(data: PersonalDataExport, locale: Locale): Promise<Buffer> {
  const t = translatorFor(locale);
  const { PDFDocument } = await loadPdfLibraries();
  const doc = new PDFDocument({
    size: "A4",
    margins,
    lang: intlLocaleTags[locale],
    displayTitle: true,
    info: { Title: t("personalData.pdf.title"), Author: data.operator.company, CreationDate: new Date(data.generated_at) },
  });
  const finished = pdfBytes(doc);
  const { write, width } = paragraphWriter(doc, margins, colors.text);
  const heading = (text: string, size = 13) => {
    doc.moveDown(0.6);
    write(text, { weight: "bold", size, gap: 0.3 });
  };
  const field = (label: string, value: string | null | undefined) => {
    if (value === null || value === undefined || value === "") return;
    write(`${label}: ${value}`);
  };
  const none = () => write(t("personalData.pdf.none"), { color: colors.muted });
  const at = (instant: string | null) => (instant ? formatDateTime(instant, locale) : null);

  write(t("personalData.pdf.title"), { weight: "bold", size: 18, gap: 0.4 });
  write(t("personalData.pdf.intro", { company: data.operator.company, email: data.operator.email, date: formatDateTime(data.generated_at, locale) }), {
    color: colors.muted,
  });
  doc
    .moveTo(margins.left, doc.y + 4)
    .lineTo(margins.left + width, doc.y + 4)
    .strokeColor(colors.rule)
    .stroke();
  doc.moveDown(0.5);

  if (data.account) {
    heading(t("personalData.pdf.account"));
    field(t("personalData.pdf.name"), data.account.name);
    field(t("personalData.pdf.email"), data.account.email);
    field(t("personalData.pdf.language"), data.account.locale);
    field(t("personalData.pdf.createdAt"), at(data.account.created_at));
    field(t("personalData.pdf.verifiedAt"), at(data.account.email_verified_at));
  }

  heading(t("personalData.pdf.bookings"));
  if (data.bookings.length === 0) none();
  for (const booking of data.bookings) {
    heading(`${booking.event.title}${booking.code ? ` · ${booking.code}` : ""}`, 12);
    field(t("personalData.pdf.dates"), `${formatDate(booking.event.starts_on, locale)} – ${formatDate(booking.event.ends_on, locale)}`);
    field(t("personalData.pdf.status"), t(`dashboard.status.${booking.status}`, { defaultValue: booking.status }));
    field(t("personalData.pdf.submittedAt"), at(booking.submitted_at));
    field(t("personalData.pdf.total"), formatMoney(booking.total_cents, locale));
    field(t("personalData.pdf.erasedAt"), at(booking.answers_erased_at));
    for (const person of booking.people) {
      write(person.role === "main" ? t("personalData.pdf.mainParticipant") : t("personalData.pdf.companion"), { weight: "bold" });
      field(t("personalData.pdf.name"), [person.forename, person.surname].filter(Boolean).join(" "));
      field(t("personalData.pdf.company"), person.company);
      field(
        t("personalData.pdf.address"),
        [person.street, person.address_line_2, [person.postcode, person.city].filter(Boolean).join(" "), person.country].filter(Boolean).join(", "),
      );
      field(t("personalData.pdf.email"), person.email);
      field(t("personalData.pdf.phone"), person.phone);
      for (const answer of person.answers) field(answer.label, answer.text);
    }
    if (booking.answers.length > 0 || booking.additional_comments) write(t("personalData.pdf.answers"), { weight: "bold" });
    for (const answer of booking.answers) field(answer.label, answer.text);
    field(t("personalData.pdf.comments"), booking.additional_comments);
    write(t("personalData.pdf.uploads"), { weight: "bold" });
    if (booking.uploads.length === 0) none();
    for (const upload of booking.uploads) write(`${upload.name} · ${upload.media_type} · ${t("personalData.pdf.bytes", { count: upload.size_bytes })}`);
    write(t("personalData.pdf.invoices"), { weight: "bold" });
    if (booking.invoices.length === 0) none();
    for (const invoice of booking.invoices) write(`${invoice.number} · ${formatDate(invoice.issued_on, locale)} · ${formatMoney(invoice.total_cents, locale)}`);
    write(t("personalData.pdf.emails"), { weight: "bold" });
    if (booking.emails.length === 0) none();
    for (const mail of booking.emails) write(`${at(mail.sent_at ?? mail.created_at) ?? ""} · ${mail.subject ?? "—"} · ${mail.to}`);
  }

  if (data.account || data.scope === "address") {
    heading(t("personalData.pdf.accountEmails"));
    if (data.account_emails.length === 0) none();
    for (const mail of data.account_emails) write(`${at(mail.sent_at ?? mail.created_at) ?? ""} · ${mail.subject ?? "—"} · ${mail.to}`);
  }
  if (data.waitlist_entries.length > 0) {
    heading(t("personalData.pdf.waitlist"));
    for (const entry of data.waitlist_entries) {
      write(`${at(entry.joined_at) ?? ""} · ${entry.event_title} · ${entry.name} · ${t("personalData.pdf.partySize", { count: entry.party_size })}`);
    }
  }
  doc.end();
  return finished;
}
