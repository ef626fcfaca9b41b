import type { StaffBookingDetail } from "../../../../core/contracts/staff-bookings";
import { invoiceListOf } from "../../../utils/invoice-list-view";
import { bookingStatuses, type BookingStatus } from "../../../../core/domain/booking-status";
import { describeAuditEntry } from "../../../../core/domain/audit-entry";
import { mailFit, mailRefusalMessages } from "../../../../core/domain/booking-mail-fit";
import { paymentStatuses, type PaymentStatus } from "../../../../core/domain/booking-state-machine";
import { formatDate, formatDateRange, formatDateTime } from "../../../../core/domain/dates";
import { formatMoney } from "../../../../core/domain/money";
import { countryName } from "../../../../core/i18n/countries";
import { translatorFor } from "../../../../core/i18n/i18n";
import { intlLocaleTags, localeNames, localizePath, locales, type Locale } from "../../../../core/i18n/locales";
import { webContext, type WebContext } from "../../../../server/load-context";
import type { Actor } from "../../../../core/domain/permissions";
import type { BookingWaiversView } from "../../../components/admin/booking-waivers-card";
import { pageLocale } from "../../../utils/auth.server";
import { orNotFound, uuidOrNotFound } from "../../../utils/http-errors.server";
import { requireStaffDesk } from "../../../utils/staff-desk.server";
import type { Route } from "./+types/booking";
import { bookingAction, bookingActionsView } from "../../../utils/admin-booking-actions.server";
import { priceLinesView } from "../../../utils/price-lines-view";

/** `812 byte`, `4.2 kB`, `12.5 MB` in the page's language: a licence scan and a video differ by orders of magnitude. */
function fileSize(bytes: number, locale: Locale): string {
  const [value, unit] = bytes < 1024 ? [bytes, "byte"] : bytes < 1024 * 1024 ? [bytes / 1024, "kilobyte"] : [bytes / (1024 * 1024), "megabyte"];
  return new Intl.NumberFormat(intlLocaleTags[locale], { style: "unit", unit, unitDisplay: "short", maximumFractionDigits: 1 }).format(value);
}
/** A video's length as `m:ss` (`1:05`), the way players show it. */
const minutesSeconds = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, "0")}`;

const isBookingStatus = (value: string): value is BookingStatus => (bookingStatuses as readonly string[]).includes(value);
const isPaymentStatus = (value: string): value is PaymentStatus => (paymentStatuses as readonly string[]).includes(value);

/**
 * One audit row as the timeline reads it: what happened and a sentence from its structured details,
 * in the page's language with amounts and dates formatted (`describeAuditEntry`; the row's English
 * cause only where the details do not say it), who did it (a staff member, else the system), and the
 * status before and after.
 */
function auditView(entry: StaffBookingDetail["audit"][number], locale: Locale) {
  const t = translatorFor(locale);
  const described = describeAuditEntry({ cause: entry.cause, details: entry.details }, locale);
  const statusLabel = (status: string | null) => {
    if (status === null) return null;
    if (entry.subject === "payment") return isPaymentStatus(status) ? t(`admin.booking.paymentStatuses.${status}`) : status;
    return isBookingStatus(status) ? t(`admin.bookings.statuses.${status}`) : status;
  };
  const from = statusLabel(entry.from);
  const to = statusLabel(entry.to) ?? entry.to;
  return {
    at: entry.at,
    when: formatDateTime(entry.at, locale),
    subject: t(`admin.booking.subjects.${entry.subject}`),
    what: described.what,
    text: described.text,
    note: described.note,
    who: entry.actor?.email ?? entry.actor?.uuid ?? t("admin.booking.system"),
    change: from === null ? to : from === to ? t("admin.booking.unchanged", { status: to }) : `${from} → ${to}`,
  };
}

function detailView(booking: StaffBookingDetail, locale: Locale) {
  const t = translatorFor(locale);
  const base = localizePath(`/admin/bookings/${booking.uuid}`, locale);
  const money = (cents: number) => formatMoney(cents, locale);
  // Whether money ever arrived (the account's paid, before refunds) decides which mails still fit.
  const fitOf = { status: booking.status, paymentOption: booking.money.payment_option, smaStatus: booking.sma.status, paidCents: booking.money.account.paid_cents };
  const address = (parts: StaffBookingDetail["people"][number]["address"]) =>
    [parts.street, [parts.postcode, parts.city].filter(Boolean).join(" "), parts.country ? countryName(parts.country, locale) : null]
      .filter(Boolean)
      .join(", ") || null;
  return {
    ...booking,
    display: {
      submitted: booking.submitted_at ? formatDateTime(booking.submitted_at, locale) : null,
      holdUntil: booking.hold_expires_at ? formatDateTime(booking.hold_expires_at, locale) : null,
      priceLines: priceLinesView(booking.money, booking.status, locale),
      eventDates: formatDateRange(booking.event.starts_on, booking.event.ends_on, locale),
      language: (locales as readonly string[]).includes(booking.locale) ? localeNames[booking.locale as Locale] : booking.locale,
      people: booking.people.map((person) => ({ uuid: person.uuid, address: address(person.address) })),
      days: booking.vehicles.map((day) => ({ ...day, date: formatDate(day.date, locale) })),
      files: booking.uploads.map((upload) => ({
        ...upload,
        size: fileSize(upload.size_bytes, locale),
        length: upload.duration_seconds !== null ? minutesSeconds(upload.duration_seconds) : null,
        href: `${base}/uploads/${upload.uuid}`,
      })),
      payments: booking.payments.map((payment) => ({
        ...payment,
        amount: money(payment.amount_cents),
        received: payment.received_on ? formatDate(payment.received_on, locale) : null,
        refunds: payment.refunds.map((refund) => ({
          ...refund,
          text: t("admin.booking.refundedOn", { amount: money(refund.amount_cents), date: refund.paid_out_on ? formatDate(refund.paid_out_on, locale) : "—" }),
        })),
        created: formatDateTime(payment.created_at, locale),
        succeeded: payment.succeeded_at ? formatDateTime(payment.succeeded_at, locale) : null,
      })),
      invoices: invoiceListOf(booking.invoices, locale, (document) => localizePath(`/admin/invoices/${document.uuid}/pdf`, locale)),
      emails: booking.emails.map((mail) => {
        // "Send again" only where the mail still fits the booking (issue 28); else why not.
        const fit = mailFit(mail.template, fitOf);
        return {
          ...mail,
          created: formatDateTime(mail.created_at, locale),
          sent: mail.sent_at ? formatDateTime(mail.sent_at, locale) : null,
          unfit: fit.fits ? null : t(`api.${mailRefusalMessages[fit.reason]}`),
        };
      }),
      audit: booking.audit.map((entry) => auditView(entry, locale)),
    },
    links: { list: localizePath("/admin/bookings", locale) },
  };
}
export type AdminBookingView = ReturnType<typeof detailView>;

/**
 * `/admin/bookings/{uuid}` (+ /de): everything the desk knows about one submitted booking (issue 13,
 * decision 028), read by `services.staffBookings.read`. An unknown uuid or a draft is the 404 page
 * in the back office's frame.
 */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const { actor } = await requireStaffDesk(url, web);
  const locale = pageLocale(url);
  const bookingId = uuidOrNotFound(params.uuid);
  const booking = await orNotFound(web.services.staffBookings.read(actor, { bookingId, locale }));
  return { locale, booking: detailView(booking, locale), actions: bookingActionsView(booking, web.services.now(), locale), waivers: await waiversView(web, actor, bookingId, url) };
}

/** The booking's waivers (decision 080) and what the paper waiver form answered (`?waiver=recorded&person={participant}`: no name in the address). */
async function waiversView(web: WebContext, actor: Actor, bookingId: string, url: URL): Promise<BookingWaiversView | null> {
  const locale = pageLocale(url);
  const waivers = await web.services.waivers.ofBooking(actor, { bookingId, locale });
  if (!waivers) return null;
  const flash = url.searchParams.get("waiver");
  return {
    ...waivers,
    base: localizePath(`/admin/bookings/${bookingId}/waivers`, locale),
    flash:
      flash === "recorded"
        ? { kind: "recorded", name: waivers.people.find((person) => person.participant_id === url.searchParams.get("person"))?.name ?? "" }
        : flash === "invalid"
          ? { kind: "invalid" }
          : null,
  };
}

/** The actions bar's dialogs post here: cancel, refund, record a bank transfer, send a message (app/utils/admin-booking-actions.server.ts). */
export async function action({ request, url, params, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const desk = await requireStaffDesk(url, web);
  const locale = pageLocale(url);
  const bookingId = uuidOrNotFound(params.uuid);
  return bookingAction(web, desk, { bookingId, locale, form: await request.formData() });
}
