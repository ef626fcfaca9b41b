import { warningKinds, type DashboardEvent, type StaffDashboard } from "../../../core/contracts/staff-dashboard";
import { formatDate, formatDateRange, formatDateTime } from "../../../core/domain/dates";
import { formatMoney } from "../../../core/domain/money";
import { intlLocaleTags, localizePath, type Locale } from "../../../core/i18n/locales";
import { webContext } from "../../../server/load-context";
import type { ExportFile } from "../../components/admin/participant-exports";
import { pageLocale } from "../../utils/auth.server";
import { requireStaffDesk } from "../../utils/staff-desk.server";
import type { Route } from "./+types/dashboard";

/** A share of the capacity as a CSS width; never over 100 % (a counter can run past a lowered capacity). */
const share = (part: number, whole: number) => (whole > 0 ? Math.min(100, Math.round((part / whole) * 1000) / 10) : 0);

/** The export files of an event: the resource routes under /admin (admin/catalogue/participants-export.server.ts); the form adds whom to list. */
function exportFiles(event: DashboardEvent, locale: Locale): ExportFile[] {
  const base = localizePath(`/admin/events/${event.uuid}/participants`, locale);
  return [
    { key: "exportCsv", action: `${base}.csv`, dialect: "rfc4180" },
    { key: "exportCsvExcel", action: `${base}.csv`, dialect: "excel-de" },
    { key: "exportXlsx", action: `${base}.xlsx` },
    { key: "exportPdf", action: `${base}.pdf` },
  ];
}

function eventView(event: DashboardEvent, locale: Locale) {
  const { capacity, taken, held, free } = event.places;
  return {
    ...event,
    display: {
      dates: formatDateRange(event.starts_on, event.ends_on, locale),
      paid: formatMoney(event.money.paid_cents, locale),
      outstanding: formatMoney(event.money.outstanding_cents, locale),
      bar: { taken: share(taken, capacity), held: share(held, capacity), free: share(free, capacity) },
    },
    exports: exportFiles(event, locale),
  };
}

/** The chart's day labels: short (`23 Nov`, `23.11.`) under the bars, the full date in the table. */
function perDayView(perDay: StaffDashboard["bookings_per_day"], locale: Locale) {
  const short = new Intl.DateTimeFormat(intlLocaleTags[locale], { day: "numeric", month: "short", timeZone: "UTC" });
  const days = perDay.days.map((day) => ({ ...day, label: short.format(new Date(`${day.date}T00:00:00Z`)), full: formatDate(day.date, locale) }));
  const total = days.reduce((sum, day) => sum + day.count, 0);
  const peak = days.reduce<(typeof days)[number] | null>((best, day) => (!best || day.count > best.count ? day : best), null);
  return { from: formatDate(perDay.from, locale), to: formatDate(perDay.to, locale), days, total, peak: peak && peak.count > 0 ? peak : null };
}

function dashboardView(dashboard: StaffDashboard, locale: Locale) {
  return {
    generatedAt: formatDateTime(dashboard.generated_at, locale),
    events: dashboard.events.map((event) => eventView(event, locale)),
    warnings: warningKinds.map((kind) => {
      const warning = dashboard.warnings[kind];
      return {
        kind,
        count: warning.count,
        more: warning.count - warning.entries.length,
        entries: warning.entries.map((entry) => ({
          key: `${entry.booking_uuid}-${entry.payment_uuid ?? ""}`,
          code: entry.code,
          amount: formatMoney(entry.amount_cents, locale),
          // The booking's page in the back office (issue 13, "Booking detail").
          href: localizePath(`/admin/bookings/${entry.booking_uuid}`, locale),
        })),
      };
    }),
    perDay: perDayView(dashboard.bookings_per_day, locale),
    callBacksHref: localizePath("/admin/call-backs", locale),
  };
}

/** `/admin` (+ /de): the staff dashboard, the numbers of `GET api/staff/dashboard` formatted for the page's language. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const { actor } = await requireStaffDesk(url, web);
  const locale = pageLocale(url);
  const dashboard = await web.services.staffDashboard.read(actor, { locale });
  return { locale, dashboard: dashboardView(dashboard, locale) };
}
