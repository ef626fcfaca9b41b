import { and, eq } from "drizzle-orm";
import { pickLocale } from "../../core/contracts/localized-text";
import { formatDate, formatDateTime } from "../../core/domain/dates";
import type { Actor } from "../../core/domain/permissions";
import { translatorFor } from "../../core/i18n/i18n";
import { intlLocaleTags, type Locale } from "../../core/i18n/locales";
import { authorize } from "../auth/authorize";
import type { Queryable } from "../db/client";
import { bookings, events, waiverSignatures, waiverTextVersions } from "../db/schema";
import { AppError } from "../errors";
import { loadPdfLibraries } from "../invoices/pdf-libraries";
import { paragraphWriter, pdfBytes } from "../invoices/pdf-paragraphs";
import { openWaiver, type WaiverAccess } from "./open-waiver";
import { versionText, type WaiverSignatureRow, type WaiverVersionRow } from "./waiver-records";

const margins = { top: 50, bottom: 55, left: 55, right: 55 } as const;
const colors = { text: "#1a1a1a", muted: "#5c5c5c", rule: "#b8b8b8" } as const;

export type WaiverPdf = { fileName: string; pdf: Buffer };

type SignedWaiver = { signature: WaiverSignatureRow; version: WaiverVersionRow; eventTitle: string; startsOn: string; endsOn: string; code: string };

/**
 * The signed waiver as an A4 PDF (decision 080), in the language it was signed in: the text exactly as
 * signed, who (typed name, date of birth), when, from which address, how (drawn, ticked, on paper and
 * by whom recorded), the version and the text's SHA-256, and the drawn signature's image.
 */
export async function renderWaiverPdf(signed: SignedWaiver): Promise<Buffer> {
  const { signature, version } = signed;
  const locale = signature.locale;
  const t = translatorFor(locale);
  const text = versionText(version, locale);
  const { PDFDocument } = await loadPdfLibraries();
  const doc = new PDFDocument({
    size: "A4",
    margins,
    lang: intlLocaleTags[locale],
    displayTitle: true,
    info: { Title: text.title, CreationDate: signature.signedAt },
  });
  const finished = pdfBytes(doc);
  const { write, width } = paragraphWriter(doc, margins, colors.text);
  const rule = () => {
    doc
      .moveTo(margins.left, doc.y + 4)
      .lineTo(margins.left + width, doc.y + 4)
      .strokeColor(colors.rule)
      .stroke();
    doc.moveDown(0.8);
  };

  write(text.title, { weight: "bold", size: 16, gap: 0.4 });
  const dates =
    signed.startsOn === signed.endsOn ? formatDate(signed.startsOn, locale) : `${formatDate(signed.startsOn, locale)} – ${formatDate(signed.endsOn, locale)}`;
  write(t("waiver.pdf.event", { event: signed.eventTitle, dates }), { color: colors.muted });
  // A line of its own: a code is never broken at its hyphen.
  write(t("waiver.pdf.booking", { code: signed.code }), { color: colors.muted, gap: 0.6 });
  rule();
  for (const paragraph of text.body.split(/\n{2,}/)) write(paragraph.replace(/\n/g, " "), { gap: 0.6 });
  rule();
  write(t("waiver.pdf.signedHeading"), { weight: "bold", size: 12, gap: 0.4 });
  write(`${t("waiver.pdf.name")}: ${signature.fullName}`);
  if (signature.dateOfBirth) write(`${t("waiver.pdf.dateOfBirth")}: ${formatDate(signature.dateOfBirth, locale)}`);
  write(`${t("waiver.pdf.signedAt")}: ${formatDateTime(signature.signedAt, locale)}`);
  write(
    `${t("waiver.pdf.method")}: ${t(`waiver.methods.${signature.method}`)}${signature.recordedBy ? ` (${t("waiver.pdf.recordedBy", { email: signature.recordedBy })})` : ""}`,
  );
  if (signature.ipAddress) write(`${t("waiver.pdf.ipAddress")}: ${signature.ipAddress}`);
  write(`${t("waiver.pdf.version")}: ${version.version}`);
  write(`SHA-256: ${signature.textHash}`, { size: 8, color: colors.muted });
  if (signature.signaturePng) {
    const image = Buffer.from(signature.signaturePng.slice(signature.signaturePng.indexOf(",") + 1), "base64");
    doc.moveDown(0.5);
    if (doc.y + 110 > doc.page.height - margins.bottom) doc.addPage();
    write(`${t("waiver.pdf.signature")}:`);
    doc.image(image, margins.left, doc.y, { fit: [260, 100] });
    doc.y += 104;
    doc
      .moveTo(margins.left, doc.y)
      .lineTo(margins.left + 260, doc.y)
      .strokeColor(colors.rule)
      .stroke();
  }
  doc.end();
  return finished;
}

async function signedWaiverOf(db: Queryable, participantId: string, bookingId: string, locale: Locale): Promise<SignedWaiver> {
  const [row] = await db
    .select({ signature: waiverSignatures, version: waiverTextVersions, event: events, code: bookings.code })
    .from(waiverSignatures)
    .innerJoin(waiverTextVersions, eq(waiverTextVersions.id, waiverSignatures.versionId))
    .innerJoin(bookings, eq(bookings.id, waiverSignatures.bookingId))
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(and(eq(waiverSignatures.participantId, participantId), eq(waiverSignatures.bookingId, bookingId)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", "waiverNotSigned");
  return {
    signature: row.signature,
    version: row.version,
    eventTitle: pickLocale(row.event.title, row.signature.locale ?? locale),
    startsOn: row.event.startsOn,
    endsOn: row.event.endsOn,
    code: row.code ?? "",
  };
}

const fileNameOf = (signed: SignedWaiver) =>
  `waiver-${signed.code || "booking"}-${
    signed.signature.fullName
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .toLowerCase() || "person"
  }.pdf`;

/** The person's own PDF through their sign link or the manage link (decision 080). */
export async function waiverPdfOf(
  deps: { db: Queryable; manageLinkSecret: string; now: () => Date },
  caller: Actor,
  input: { access: WaiverAccess; locale: Locale },
): Promise<WaiverPdf> {
  const opened = await openWaiver(deps, caller, { access: input.access });
  const signed = await signedWaiverOf(deps.db, opened.participant.id, opened.booking.id, input.locale);
  return { fileName: fileNameOf(signed), pdf: await renderWaiverPdf(signed) };
}

/** Staff read any person's signed waiver from the booking detail. */
export async function staffWaiverPdf(
  deps: { db: Queryable },
  actor: Actor,
  input: { bookingId: string; participantId: string; locale: Locale },
): Promise<WaiverPdf> {
  authorize(actor, "staff.waivers.manage", null);
  const signed = await signedWaiverOf(deps.db, input.participantId, input.bookingId, input.locale);
  return { fileName: fileNameOf(signed), pdf: await renderWaiverPdf(signed) };
}
