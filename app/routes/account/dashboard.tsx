import { InvoiceList } from "../../components/invoice-list";
import { useTranslation } from "../../utils/use-translation";
import { Form, useNavigation } from "react-router";
import { FormMessage } from "../../components/field";
import { translatorFor } from "../../../core/i18n/i18n";
import { Button } from "../../components/button";
import { useLocalizedHref } from "../../utils/locale";
import { pageMeta } from "../../utils/meta";
import type { Route } from "./+types/dashboard";

export { loader, action } from "./dashboard.server";
type BookingView = Route.ComponentProps["loaderData"]["future"][number];

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? pageMeta(loaderData.locale, translatorFor(loaderData.locale)("meta.dashboard.title")) : [];

function BookingCard({ booking, past, error }: { booking: BookingView; past: boolean; error: string | null }) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  return (
    <li className={`flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-navy-900/10 sm:flex-row ${past ? "opacity-90" : ""}`}>
      <img src={booking.event.image_url} alt="" className="h-40 w-full object-cover sm:h-auto sm:w-56" />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <div className="flex flex-wrap items-center gap-2">
          <span className="rounded-full bg-navy-100 px-2.5 py-1 text-xs font-semibold text-navy-800">{t(`dashboard.status.${booking.status}`)}</span>
          {booking.code && (
            <span className="text-xs text-ink-soft">
              {t("dashboard.code")}: <span className="font-mono font-semibold text-ink">{booking.code}</span>
            </span>
          )}
        </div>
        <h3 className="font-display text-xl font-semibold text-navy-900">{booking.event.title}</h3>
        <p className="text-sm text-ink-soft">
          {booking.display.dates} · {booking.event.location} · {t("dashboard.participants", { count: booking.participants })}
        </p>
        <dl className="mt-auto flex flex-wrap gap-x-6 gap-y-1 border-t border-navy-900/10 pt-3 text-sm">
          <div className="flex gap-1.5">
            <dt className="text-ink-soft">{t("dashboard.total")}:</dt>
            <dd className="font-semibold text-navy-900">{booking.display.total}</dd>
          </div>
          {booking.display.paid && (
            <div className="flex gap-1.5">
              <dt className="text-ink-soft">{t("dashboard.paid")}:</dt>
              <dd className="font-semibold text-navy-900">{booking.display.paid}</dd>
            </div>
          )}
          {booking.display.refunded && (
            <div className="flex gap-1.5">
              <dt className="text-ink-soft">{t("account.refunded")}:</dt>
              <dd className="font-semibold text-navy-900">{booking.display.refunded}</dd>
            </div>
          )}
          {booking.display.outstanding && !past && (
            <div className="flex gap-1.5">
              <dt className="text-ink-soft">{t("account.outstanding")}:</dt>
              <dd className="font-semibold text-navy-900">{booking.display.outstanding}</dd>
            </div>
          )}
          {booking.display.nextDue && !past && (
            <div className="flex gap-1.5">
              <dt className="text-ink-soft">{booking.display.nextDue.label}:</dt>
              <dd className="font-semibold text-navy-900">{booking.display.nextDue.amount}</dd>
            </div>
          )}
        </dl>
        {error && <FormMessage tone="error">{error}</FormMessage>}
        {(booking.display.payLabel || booking.display.invoiceHref || booking.display.manageHref) && !past && (
          <div className="flex flex-wrap items-center gap-4 pt-1">
            {booking.display.manageHref && (
              <Button to={booking.display.manageHref} size="sm" variant="secondary" aria-label={`${t("manage.dashboardManage")}: ${booking.event.title}`}>
                {t("manage.dashboardManage")}
              </Button>
            )}
            {booking.display.payLabel && (
              <Form method="post">
                <input type="hidden" name="booking" value={booking.uuid} />
                <Button type="submit" size="sm" disabled={busy}>
                  {booking.display.payLabel}
                </Button>
              </Form>
            )}
            {booking.display.invoiceHref && (
              <a href={booking.display.invoiceHref} download className="text-sm font-semibold text-navy-800 underline underline-offset-2">
                {t("payment.downloadInvoice")}
              </a>
            )}
          </div>
        )}
      </div>
    </li>
  );
}

export default function DashboardPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const { future, expired, name } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="font-display text-3xl font-bold text-navy-900 sm:text-4xl">{t("dashboard.title")}</h1>
      <p className="mt-2 text-ink-soft">{t("dashboard.intro", { name })}</p>
      <section aria-labelledby="future-title" className="mt-10">
        <h2 id="future-title" className="font-display text-2xl font-semibold text-navy-900">
          {t("dashboard.future")}
        </h2>
        {future.length === 0 ? (
          <div className="mt-4 rounded-2xl bg-white p-6 text-ink-soft ring-1 ring-navy-900/10">
            <p>{t("dashboard.noFuture")}</p>
            <Button to={href("/events")} className="mt-4">
              {t("dashboard.findEvents")}
            </Button>
          </div>
        ) : (
          <ul className="mt-4 space-y-4">
            {future.map((booking) => (
              <BookingCard key={booking.uuid} booking={booking} past={false} error={actionData?.bookingId === booking.uuid ? actionData.message : null} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="expired-title" className="mt-12">
        <h2 id="expired-title" className="font-display text-2xl font-semibold text-navy-900">
          {t("dashboard.expired")}
        </h2>
        {expired.length === 0 ? (
          <p className="mt-4 rounded-2xl bg-white p-6 text-ink-soft ring-1 ring-navy-900/10">{t("dashboard.noExpired")}</p>
        ) : (
          <ul className="mt-4 space-y-4">
            {expired.map((booking) => (
              <BookingCard key={booking.uuid} booking={booking} past error={null} />
            ))}
          </ul>
        )}
      </section>
      <Invoices bookings={[...future, ...expired]} />
    </div>
  );
}

/** Every invoice and cancellation invoice of the account's bookings, for the customer's records, by booking. */
function Invoices({ bookings }: { bookings: BookingView[] }) {
  const { t } = useTranslation();
  const invoiced = bookings.filter((booking) => booking.display.invoices.length > 0);
  return (
    <section aria-labelledby="invoices-title" className="mt-12">
      <h2 id="invoices-title" className="font-display text-2xl font-semibold text-navy-900">
        {t("manage.dashboardInvoices")}
      </h2>
      {invoiced.length === 0 ? (
        <p className="mt-4 rounded-2xl bg-white p-6 text-ink-soft ring-1 ring-navy-900/10">{t("manage.dashboardNoInvoices")}</p>
      ) : (
        <ul className="mt-4 divide-y divide-navy-900/10 rounded-2xl bg-white px-5 ring-1 ring-navy-900/10">
          {invoiced.map((booking) => (
            <li key={booking.uuid} className="py-3">
              <h3 className="text-sm font-semibold text-ink">
                {booking.event.title} · {booking.display.dates} · {booking.code}
              </h3>
              <InvoiceList entries={booking.display.invoices} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
