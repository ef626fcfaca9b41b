import type { ReactNode } from "react";
import { InvoiceList } from "../../../components/invoice-list";
import { Link } from "react-router";
import { useTranslation } from "../../../utils/use-translation";
import { translatorFor } from "../../../../core/i18n/i18n";
import { BookingActions, ResendEmailAction } from "../../../components/admin/booking-actions";
import { FormMessage } from "../../../components/field";
import { AccountSummary } from "../../../components/account-summary";
import { BookingPriceLines } from "../../../components/admin/booking-price-lines";
import type { Locale } from "../../../../core/i18n/locales";
import { BookingStatusBadge } from "../../../components/admin/status-badge";
import { BookingWaiversCard } from "../../../components/admin/booking-waivers-card";
import { pageMeta } from "../../../utils/meta";
import type { Route } from "./+types/booking";
import type { BookingActionAnswer } from "../../../utils/admin-booking-actions.server";

export { loader, action } from "./booking.server";

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData
    ? [
        ...pageMeta(loaderData.locale, translatorFor(loaderData.locale)("admin.booking.metaTitle", { code: loaderData.booking.code ?? "" })),
        { name: "robots", content: "noindex" },
      ]
    : [];

type Booking = Route.ComponentProps["loaderData"]["booking"];

function Section({ id, title, children, className = "" }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={`rounded-2xl bg-white p-4 shadow-sm ring-1 ring-navy-900/10 sm:p-5 ${className}`}>
      <h2 id={id} className="font-display text-xl font-semibold text-navy-900">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** Label and value pairs; on a phone the value goes under its label. */
function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="divide-y divide-navy-900/10 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:justify-between sm:gap-4">
          <dt className="text-ink-soft">{label}</dt>
          <dd className="break-words font-semibold text-navy-900 sm:text-right">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-ink-soft">{children}</p>;
}

/** Entries of a section (payments, e-mails, files) as a list of small cards: readable at a phone's width. */
function Entries({ children }: { children: ReactNode }) {
  return <ul className="space-y-3">{children}</ul>;
}

function Entry({ children }: { children: ReactNode }) {
  return <li className="rounded-xl bg-navy-50 px-3 py-1 ring-1 ring-inset ring-navy-900/10">{children}</li>;
}

function BookingHeader({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  return (
    <header className="space-y-3">
      <Link to={booking.links.list} className="inline-flex text-sm font-semibold text-navy-800 underline underline-offset-4 hover:text-navy-700">
        <span aria-hidden="true">←&nbsp;</span>
        {t("admin.booking.back")}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="font-display text-3xl font-semibold text-navy-900">
          {t("admin.booking.metaTitle", { code: booking.code ?? t("admin.bookings.noCode") })}
        </h1>
        <BookingStatusBadge status={booking.status} />
      </div>
      <p className="text-base text-ink">
        <span className="font-semibold">{booking.event.title}</span> · {booking.display.eventDates}
      </p>
    </header>
  );
}

function People({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  return (
    <Section id="people-title" title={t("admin.booking.people")}>
      <ul className="space-y-3">
        {booking.people.map((person, index) => {
          const address = booking.display.people[index]?.address ?? null;
          const role =
            person.role === "main"
              ? t("admin.booking.main")
              : person.companion_type
                ? t(`admin.booking.companionTypes.${person.companion_type}`)
                : t("admin.booking.companion");
          const facts: [string, ReactNode][] = [];
          if (person.company) facts.push([t("admin.booking.company"), person.company]);
          if (person.email)
            facts.push([
              t("admin.booking.email"),
              <a href={`mailto:${person.email}`} className="underline underline-offset-4">
                {person.email}
              </a>,
            ]);
          if (person.phone)
            facts.push([
              t("admin.booking.phone"),
              <a href={`tel:${person.phone.replace(/[^+\d]/g, "")}`} className="underline underline-offset-4">
                {person.phone}
              </a>,
            ]);
          if (address) facts.push([t("admin.booking.address"), address]);
          return (
            <li key={person.uuid} className="rounded-xl bg-navy-50 px-3 py-2 ring-1 ring-inset ring-navy-900/10">
              <p className="font-semibold text-navy-900">{person.name}</p>
              <p className="text-sm text-ink-soft">{role}</p>
              {facts.length > 0 && <Facts rows={facts} />}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

/** The answers grouped under their booking page's title, as the customer filled them in. */
function Answers({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  const pages = [...new Set(booking.answers.map((answer) => answer.page_title))];
  return (
    <Section id="answers-title" title={t("admin.booking.answers")}>
      {booking.answers.length === 0 ? (
        <Empty>{t("admin.booking.noAnswers")}</Empty>
      ) : (
        <div className="space-y-4">
          {pages.map((page) => (
            <div key={page}>
              <h3 className="text-sm font-semibold uppercase tracking-wide text-ink-soft">{page}</h3>
              <Facts rows={booking.answers.filter((answer) => answer.page_title === page).map((answer) => [answer.label, answer.text])} />
            </div>
          ))}
        </div>
      )}
      {booking.additional_comments && (
        <div className="mt-4">
          <h3 className="text-sm font-semibold uppercase tracking-wide text-ink-soft">{t("admin.booking.comments")}</h3>
          <p className="mt-1 whitespace-pre-line text-sm text-ink">{booking.additional_comments}</p>
        </div>
      )}
      {booking.billing_address && (
        <div className="mt-4">
          <h3 className="text-sm font-semibold uppercase tracking-wide text-ink-soft">{t("admin.booking.billingAddress")}</h3>
          <p className="mt-1 text-sm text-ink">{Object.values(booking.billing_address).filter(Boolean).join(", ")}</p>
        </div>
      )}
    </Section>
  );
}

function Vehicles({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  return (
    <Section id="vehicles-title" title={t("admin.booking.vehicles")}>
      {booking.display.days.length === 0 ? (
        <Empty>{t("admin.booking.noVehicles")}</Empty>
      ) : (
        <div className="space-y-3">
          {booking.display.days.map((day) => (
            <div key={day.day}>
              <h3 className="text-sm font-semibold text-navy-900">{t("admin.booking.day", { day: day.day, date: day.date })}</h3>
              <ul className="mt-1 space-y-1 text-sm">
                {day.resources.map((resource) => (
                  <li key={`${resource.kind}-${resource.key}`} className={resource.released ? "text-ink-soft line-through" : "text-ink"}>
                    {resource.quantity} × {resource.label} <span className="text-ink-soft">({t(`admin.booking.resourceKinds.${resource.kind}`)})</span>
                    {resource.released && <span className="ml-1 no-underline">· {t("admin.booking.released")}</span>}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </Section>
  );
}

function Uploads({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  return (
    <Section id="uploads-title" title={t("admin.booking.uploads")}>
      {booking.display.files.length === 0 ? (
        <Empty>{t("admin.booking.noUploads")}</Empty>
      ) : (
        <Entries>
          {booking.display.files.map((file) => {
            const facts: [string, ReactNode][] = [
              [t("admin.booking.fileName"), file.name],
              [t("admin.booking.fileType"), file.media_type],
              [t("admin.booking.fileSize"), file.size],
            ];
            if (file.length) facts.push([t("admin.booking.videoLength"), file.length]);
            facts.push([
              t("admin.booking.download"),
              <a href={file.href} download className="underline underline-offset-4">
                {t("admin.booking.downloadFile", { name: file.name })}
              </a>,
            ]);
            return (
              <Entry key={file.uuid}>
                <Facts rows={facts} />
              </Entry>
            );
          })}
        </Entries>
      )}
    </Section>
  );
}

function Money({ booking, locale }: { booking: Booking; locale: Locale }) {
  const { t } = useTranslation();
  const rows: [string, ReactNode][] = [
    [t("admin.booking.paymentOption"), t(`admin.bookings.paymentOptions.${booking.money.payment_option ?? "none"}`)],
    [t("admin.booking.paymentState"), t(`admin.bookings.paymentStates.${booking.money.payment_state}`)],
  ];
  return (
    <Section id="money-title" title={t("admin.booking.money")}>
      {/* What it costs, line by line as its invoice prints them (issue 28). */}
      <BookingPriceLines view={booking.display.priceLines} />
      {/* The booking account (decision 067): the same figures as the customer's page and mails. */}
      <AccountSummary account={booking.money.account} locale={locale} />
      <div className="mt-3">
        <Facts rows={rows} />
      </div>
    </Section>
  );
}

function Payments({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  return (
    <Section id="payments-title" title={t("admin.booking.payments")}>
      {booking.display.payments.length === 0 ? (
        <Empty>{t("admin.booking.noPayments")}</Empty>
      ) : (
        <Entries>
          {booking.display.payments.map((payment) => {
            const rows: [string, ReactNode][] = [
              [t("admin.booking.paymentKind"), t(`admin.booking.paymentKinds.${payment.kind}`)],
              [t("admin.booking.paymentStatus"), t(`admin.booking.paymentStatuses.${payment.status}`)],
              [t("admin.booking.amount"), payment.amount],
              [t("admin.booking.actions.method"), t(`admin.booking.paymentMethods.${payment.method}`)],
              [t("admin.booking.provider"), payment.provider],
              [t("admin.booking.created"), payment.created],
            ];
            if (payment.received) rows.push([t("admin.booking.receivedOn"), payment.received]);
            for (const refund of payment.refunds)
              rows.push([t("admin.booking.refundLine"), refund.reference ? `${refund.text} · ${refund.reference}` : refund.text]);
            if (payment.succeeded) rows.push([t("admin.booking.succeededAt"), payment.succeeded]);
            if (payment.provider_reference) rows.push([t("admin.booking.reference"), payment.provider_reference]);
            if (payment.failure_reason) rows.push([t("admin.booking.failure"), payment.failure_reason]);
            return (
              <Entry key={payment.uuid}>
                <Facts rows={rows} />
              </Entry>
            );
          })}
        </Entries>
      )}
    </Section>
  );
}

function Invoices({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  return (
    <Section id="invoices-title" title={t("admin.booking.invoices")}>
      <InvoiceList entries={booking.display.invoices} />
    </Section>
  );
}

/** The booking's mails, each with "Send again" when it still renders; the answer of a resend is announced here, beside the list. */
function Emails({ booking, answer }: { booking: Booking; answer: BookingActionAnswer | undefined }) {
  const { t } = useTranslation();
  return (
    <Section id="emails-title" title={t("admin.booking.emails")}>
      {answer?.intent === "resend" && (
        <div className="mb-3">
          <FormMessage tone={answer.failed ? "error" : "success"}>{answer.message}</FormMessage>
        </div>
      )}
      {booking.display.emails.length === 0 ? (
        <Empty>{t("admin.booking.noEmails")}</Empty>
      ) : (
        <Entries>
          {booking.display.emails.map((mail) => (
            <Entry key={mail.uuid}>
              <Facts
                rows={[
                  [t("admin.booking.subject"), mail.subject ?? t("admin.booking.template", { template: mail.template })],
                  [t("admin.booking.recipient"), mail.to],
                  [t("admin.booking.mailStatus"), t(`admin.booking.mailStatuses.${mail.status}`)],
                  [t("admin.booking.sentAt"), mail.sent ?? mail.created],
                ]}
              />
              {mail.subject !== null && mail.unfit === null && (
                <div className="flex justify-end pb-2">
                  <ResendEmailAction mail={{ uuid: mail.uuid, subject: mail.subject, to: mail.to }} />
                </div>
              )}
              {mail.subject !== null && mail.unfit !== null && (
                <p className="pb-2 text-sm text-ink-soft">{t("admin.booking.notResent", { reason: mail.unfit })}</p>
              )}
            </Entry>
          ))}
        </Entries>
      )}
    </Section>
  );
}

/** The audit trail, oldest first, as an ordered list: when, who, what, and the status from → to. */
function AuditTrail({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  return (
    <Section id="audit-title" title={t("admin.booking.audit")}>
      {booking.display.audit.length === 0 ? (
        <Empty>{t("admin.booking.noAudit")}</Empty>
      ) : (
        <ol className="relative space-y-4 border-l-2 border-navy-100 pl-5">
          {booking.display.audit.map((entry, index) => (
            <li key={`${entry.at}-${index}`} className="relative">
              <span aria-hidden="true" className="absolute -left-[1.72rem] top-1.5 h-3 w-3 rounded-full bg-navy-800 ring-4 ring-white" />
              <p className="text-sm text-ink-soft">
                <time dateTime={entry.at}>{entry.when}</time> · {entry.subject}
              </p>
              <p className="font-semibold text-navy-900">{entry.what}</p>
              {entry.text && <p className="text-sm text-ink">{entry.text}</p>}
              {entry.note && <p className="break-words text-sm italic text-ink-soft">{t("admin.booking.auditNote", { note: entry.note })}</p>}
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                <dt className="text-ink-soft">{t("admin.booking.by")}</dt>
                <dd className="break-words text-ink">{entry.who}</dd>
                <dt className="text-ink-soft">{t("admin.booking.change")}</dt>
                <dd className="text-ink">{entry.change}</dd>
              </dl>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

function Overview({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  const rows: [string, ReactNode][] = [
    [t("admin.booking.submitted"), booking.display.submitted ?? t("admin.booking.notSubmitted")],
    [t("admin.booking.eventDates"), booking.display.eventDates],
  ];
  if (booking.display.holdUntil) rows.push([t("admin.booking.holdUntil"), booking.display.holdUntil]);
  rows.push([t("admin.booking.language"), booking.display.language]);
  rows.push([t("admin.booking.account"), booking.account_uuid ? t("admin.booking.withAccount") : t("admin.booking.guest")]);
  if (booking.sma.status !== "none") rows.push([t("admin.booking.callBack"), t(`admin.booking.smaStatuses.${booking.sma.status}`)]);
  return (
    <Section id="overview-title" title={t("admin.booking.overview")}>
      <Facts rows={rows} />
    </Section>
  );
}

/**
 * `/admin/bookings/{uuid}` (+ /de): one booking for the desk. The page is a header and then the
 * sections, with the booking's actions (cancel, refund, bank transfer, message; each confirmed in a
 * dialog) in a bar between the two, and "Send again" beside each listed e-mail.
 */
export default function AdminBooking({ loaderData, actionData }: Route.ComponentProps) {
  const { booking } = loaderData;
  return (
    <div className="space-y-6">
      <BookingHeader booking={booking} />
      <BookingActions actions={loaderData.actions} answer={actionData} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <People booking={booking} />
          {loaderData.waivers && <BookingWaiversCard waivers={loaderData.waivers} locale={loaderData.locale} />}
          <Answers booking={booking} />
          <Vehicles booking={booking} />
          <Uploads booking={booking} />
        </div>
        <div className="space-y-6">
          <Overview booking={booking} />
          <Money booking={booking} locale={loaderData.locale} />
          <Payments booking={booking} />
          <Invoices booking={booking} />
        </div>
      </div>
      <Emails booking={booking} answer={actionData} />
      <AuditTrail booking={booking} />
    </div>
  );
}
