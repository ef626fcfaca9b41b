import { plainTextSelectors } from "@react-email/render";
import { compile } from "html-to-text";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import type { Locale } from "../../core/i18n/locales";
import { parseEmailMessage, type EmailMessage } from "../deps/email-messages";
import { AccountDeleted, accountDeletedSubject } from "./templates/account-deleted";
import { BookingReceived, bookingReceivedSubject } from "./templates/booking-received";
import { PasswordReset, passwordResetSubject } from "./templates/password-reset";
import { PasswordChanged, passwordChangedSubject } from "./templates/password-changed";
import { AccountActivation, accountActivationSubject } from "./templates/account-activation";
import { VerifyEmail, verifyEmailSubject } from "./templates/verify-email";
import { WaitlistOffer, waitlistOfferSubject } from "./templates/waitlist-offer";
import { WaitlistJoined, waitlistJoinedSubject } from "./templates/waitlist-joined";
import { BookingsOpen, bookingsOpenSubject } from "./templates/bookings-open";
import { StaffInvitation, staffInvitationSubject } from "./templates/staff-invitation";
import { PaymentReceived, paymentReceivedSubject } from "./templates/payment-received";
import { PaymentRefundNeeded, paymentRefundNeededSubject } from "./templates/payment-refund-needed";
import { InvoiceMail, invoiceSubject } from "./templates/invoice";
import { InvoiceCorrectedMail, invoiceCorrectedSubject } from "./templates/invoice-corrected";
import { BalanceDue, balanceDueSubject } from "./templates/balance-due";
import { SmaRejected, smaRejectedSubject, SmaRequested, smaRequestedSubject, SmaVerified, smaVerifiedSubject } from "./templates/sma-decision";
import { ManageLink, manageLinkSubject } from "./templates/manage-link";
import { BookingCancelled, bookingCancelledSubject } from "./templates/booking-cancelled";
import { RefundIssued, refundIssuedSubject } from "./templates/refund-issued";
import { TransferReceived, transferReceivedSubject } from "./templates/transfer-received";
import { StaffMessage, staffMessageSubject } from "./templates/staff-message";
import { WaiverReminder, waiverReminderSubject } from "./templates/waiver-reminder";
import { BookingDetailsChanged, bookingDetailsChangedSubject } from "./templates/booking-details-changed";
import { CompanionRemoved, companionRemovedSubject } from "./templates/companion-removed";
import { CancellationReversed, cancellationReversedSubject } from "./templates/cancellation-reversed";
import { renderCustomerInvoicePdf } from "../invoices/e-invoice";
import type { InvoiceData } from "../invoices/render-invoice-pdf";
import type { MailAttachment } from "./mail-transport";
import { withOverriddenTexts } from "./email-catalogue";
import { overriddenTextsOf, type EmailTextOverride } from "./email-text-overrides";

export type RenderedEmail = { subject: string; html: string; text: string; attachments?: MailAttachment[] };

/** A message's subject and template element in `locale` (exported for the render's equivalence test). */
export function emailTemplateOf(message: EmailMessage, locale: Locale): { subject: string; element: ReactElement } {
  switch (message.template) {
    case "verify-email":
      return { subject: verifyEmailSubject(locale), element: <VerifyEmail locale={locale} payload={message.payload} /> };
    case "password-reset":
      return { subject: passwordResetSubject(locale), element: <PasswordReset locale={locale} payload={message.payload} /> };
    case "account-activation":
      return { subject: accountActivationSubject(locale), element: <AccountActivation locale={locale} payload={message.payload} /> };
    case "password-changed":
      return { subject: passwordChangedSubject(locale), element: <PasswordChanged locale={locale} payload={message.payload} /> };
    case "account-deleted":
      return { subject: accountDeletedSubject(locale), element: <AccountDeleted locale={locale} payload={message.payload} /> };
    case "booking-received":
      return { subject: bookingReceivedSubject(locale, message.payload), element: <BookingReceived locale={locale} payload={message.payload} /> };
    case "waitlist-offer":
      return { subject: waitlistOfferSubject(locale, message.payload), element: <WaitlistOffer locale={locale} payload={message.payload} /> };
    case "waitlist-joined":
      return { subject: waitlistJoinedSubject(locale, message.payload), element: <WaitlistJoined locale={locale} payload={message.payload} /> };
    case "payment-received":
      return { subject: paymentReceivedSubject(locale, message.payload), element: <PaymentReceived locale={locale} payload={message.payload} /> };
    case "payment-refund-needed":
      return { subject: paymentRefundNeededSubject(locale, message.payload), element: <PaymentRefundNeeded locale={locale} payload={message.payload} /> };
    case "invoice":
      return { subject: invoiceSubject(locale, message.payload), element: <InvoiceMail locale={locale} payload={message.payload} /> };
    case "invoice-corrected":
      return { subject: invoiceCorrectedSubject(locale, message.payload), element: <InvoiceCorrectedMail locale={locale} payload={message.payload} /> };
    case "balance-due":
      return { subject: balanceDueSubject(locale, message.payload), element: <BalanceDue locale={locale} payload={message.payload} /> };
    case "sma-verified":
      return { subject: smaVerifiedSubject(locale, message.payload), element: <SmaVerified locale={locale} payload={message.payload} /> };
    case "sma-rejected":
      return { subject: smaRejectedSubject(locale, message.payload), element: <SmaRejected locale={locale} payload={message.payload} /> };
    case "staff-invitation":
      return { subject: staffInvitationSubject(locale), element: <StaffInvitation locale={locale} payload={message.payload} /> };
    case "bookings-open":
      return { subject: bookingsOpenSubject(locale, message.payload), element: <BookingsOpen locale={locale} payload={message.payload} /> };
    case "sma-requested":
      return { subject: smaRequestedSubject(locale, message.payload), element: <SmaRequested locale={locale} payload={message.payload} /> };
    case "manage-link":
      return { subject: manageLinkSubject(locale, message.payload), element: <ManageLink locale={locale} payload={message.payload} /> };
    case "booking-cancelled":
      return { subject: bookingCancelledSubject(locale, message.payload), element: <BookingCancelled locale={locale} payload={message.payload} /> };
    case "refund-issued":
      return { subject: refundIssuedSubject(locale, message.payload), element: <RefundIssued locale={locale} payload={message.payload} /> };
    case "transfer-received":
      return { subject: transferReceivedSubject(locale, message.payload), element: <TransferReceived locale={locale} payload={message.payload} /> };
    case "waiver-reminder":
      return { subject: waiverReminderSubject(locale, message.payload), element: <WaiverReminder locale={locale} payload={message.payload} /> };
    case "staff-message":
      return { subject: staffMessageSubject(locale, message.payload), element: <StaffMessage locale={locale} payload={message.payload} /> };
    case "companion-removed":
      return { subject: companionRemovedSubject(locale, message.payload), element: <CompanionRemoved locale={locale} payload={message.payload} /> };
    case "cancellation-reversed":
      return { subject: cancellationReversedSubject(locale, message.payload), element: <CancellationReversed locale={locale} payload={message.payload} /> };
    case "booking-details-changed":
      return {
        subject: bookingDetailsChangedSubject(locale, message.payload),
        element: <BookingDetailsChanged locale={locale} payload={message.payload} />,
      };
  }
}

/**
 * Renders a message in the recipient's language. The plain-text part is derived from the same HTML
 * (one render, so both parts always say the same thing); headings keep their case instead of
 * html-to-text's default shouting.
 */
/**
 * The subject a stored mail was (or will be) sent with, in its language: the outbox keeps the
 * template and payload, not the subject (the staff desk lists it; decision 028). Null for a
 * payload that no longer parses.
 */
export function emailSubjectOf(stored: { template: string; payload: unknown }, locale: Locale): string | null {
  try {
    return emailTemplateOf(parseEmailMessage(stored), locale).subject;
  } catch {
    return null;
  }
}

/**
 * React Email's `toPlainText` with our headings kept in their case, compiled once: `toPlainText` compiles
 * html-to-text's options on every call, half the CPU of a mail's plain-text part (a sale rush sends
 * thousands a minute). Same options as `toPlainText` gives `convert`: no wrapping, its selectors, then ours.
 */
const toPlainText = compile({
  wordwrap: false,
  selectors: [...plainTextSelectors, ...["h1", "h2"].map((selector) => ({ selector, options: { uppercase: false } }))],
});

/** React Email's document type, which its `render` puts in front of the markup (Outlook reads it). */
const emailDoctype = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * The same HTML as React Email's `render` without the markers its streamed render leaves (`<!--$-->`,
 * `<!--html-->`, …; tests/api/email-rendering.test.ts compares them for every template and language),
 * made by React's synchronous `renderToString`: `render` streams through web streams and promises,
 * which cost more CPU than the render itself (≈ 1 ms of a mail's ≈ 5 ms in a sale rush). Our templates
 * never suspend. Like `render`, it drops the image preloads React adds.
 */
export function renderEmailHtml(element: ReactElement): string {
  const html = renderToString(element).replace(/<link\b[^>]*\/?>/gi, (tag) => (/\brel="preload"/i.test(tag) && /\bas="image"/i.test(tag) ? "" : tag));
  return `${emailDoctype}${html.replace(/<!DOCTYPE.*?>/, "")}`;
}

export async function renderEmail(message: EmailMessage, locale: Locale, overrides: readonly EmailTextOverride[] = []): Promise<RenderedEmail> {
  const texts = overriddenTextsOf(message, locale, overrides);
  const { subject, html } = withOverriddenTexts(texts, () => {
    const { subject, element } = emailTemplateOf(message, locale);
    return { subject, html: renderEmailHtml(element) };
  });
  const text = toPlainText(html);
  if (message.template === "invoice") {
    // The snapshot was checked when the invoice was issued; the schema above re-checks its key fields.
    // A business customer's attachment is the e-invoice, the same file as the download (decision 068).
    const pdf = await renderCustomerInvoicePdf(message.payload.invoice as unknown as InvoiceData);
    return { subject, html, text, attachments: [{ filename: `${message.payload.invoiceNumber}.pdf`, content: pdf, contentType: "application/pdf" }] };
  }
  if (message.template === "invoice-corrected") {
    // Each snapshot was checked when it was issued; the schema above re-checks its key fields.
    const documents = [...message.payload.cancellations, ...(message.payload.invoice ? [message.payload.invoice] : [])];
    const attachments = await Promise.all(
      documents.map(async (document) => ({
        filename: `${document.invoiceNumber}.pdf`,
        content: await renderCustomerInvoicePdf(document as unknown as InvoiceData),
        contentType: "application/pdf",
      })),
    );
    return { subject, html, text, attachments };
  }
  return { subject, html, text };
}
