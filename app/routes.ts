import { layout, route, type RouteConfig, type RouteConfigEntry } from "@react-router/dev/routes";
import { prefixedLocales, type Locale } from "../core/i18n/locales";
import { routeIdOf } from "./utils/route-ids";

/**
 * Every page exists once for every language of core/i18n/locale-list.ts. The default language has no
 * prefix; the first further one shares its route set through React Router's optional static segment
 * (`de?/events` matches `/events` and `/de/events`), which halves what matching tries on every
 * request (decision 054). Each language beyond those gets a route set of its own under its prefix
 * (`xx/events`), with ids suffixed by its code (app/utils/route-ids.ts, decision 072). The locale is
 * read from the path (core/i18n/locales.ts `localeFromPath`), not from a route parameter.
 */
function localizedRoutes(prefix: { locale: Locale; optional: boolean } | null): RouteConfigEntry[] {
  // Named ids: some modules serve two routes (content/events.tsx, booking/payment-result.tsx, admin/content/page.tsx, …).
  const id = (name: string) => routeIdOf(name, prefix && !prefix.optional ? prefix.locale : null);
  const head = prefix ? `${prefix.locale}${prefix.optional ? "?" : ""}` : "";
  const at = (path: string) => (head && path ? `${head}/${path}` : head || path);
  const home = route(at(""), "routes/content/home.tsx", { id: id("home") });
  return [
    layout("layouts/default-layout.tsx", { id: id("layout-default") }, [
      home,
      route(at("events"), "routes/content/events.tsx", { id: id("events") }),
      route(at("events/:category"), "routes/content/events.tsx", { id: id("events-category") }),
      route(at("events/:category/:event"), "routes/content/event-page.tsx", { id: id("event-page") }),
      route(at("calendar"), "routes/content/calendar.tsx", { id: id("calendar") }),
      route(at("redirect/:target?"), "routes/content/redirect.tsx", { id: id("redirect") }),
      route(at("login"), "routes/account/login.tsx", { id: id("login") }),
      route(at("login/second-factor"), "routes/account/second-factor.tsx", { id: id("second-factor") }),
      route(at("register"), "routes/account/register.tsx", { id: id("register") }),
      route(at("register/verification-success"), "routes/account/verification-success.tsx", { id: id("verification-success") }),
      route(at("register/:doi"), "routes/account/verify-email.tsx", { id: id("verify-email") }),
      route(at("reset-password"), "routes/account/reset-password.tsx", { id: id("reset-password") }),
      route(at("reset-password/:token"), "routes/account/new-password.tsx", { id: id("new-password") }),
      route(at("activate-account/:token"), "routes/account/activate-account.tsx", { id: id("activate-account") }),
      route(at("staff-invitation/:token"), "routes/account/staff-invitation.tsx", { id: id("staff-invitation") }),
      route(at("settings"), "routes/account/settings.tsx", { id: id("settings") }),
      route(at("settings/delete-profile"), "routes/account/delete-profile.tsx", { id: id("delete-profile") }),
      route(at("settings/delete-success"), "routes/account/delete-success.tsx", { id: id("delete-success") }),
      route(at("my-booking/:token"), "routes/booking/my-booking.tsx", { id: id("my-booking") }),
      route(at("waitlist/leave/:token"), "routes/booking/waitlist-leave.tsx", { id: id("waitlist-leave") }),
      // One person's waiver through their own signed link (decision 080).
      route(at("waiver/:token"), "routes/booking/waiver.tsx", { id: id("waiver") }),
      route(at(":slug"), "routes/content/content-page.tsx", { id: id("content-page") }),
      route(at("*"), "routes/content/not-found.tsx", { id: id("not-found") }),
    ]),
    layout("layouts/dashboard-layout.tsx", { id: id("layout-dashboard") }, [route(at("dashboard"), "routes/account/dashboard.tsx", { id: id("dashboard") })]),
    layout("layouts/booking-layout.tsx", { id: id("layout-booking") }, [
      route(at("booking/:uuid?"), "routes/booking/booking.tsx", { id: id("booking") }),
      route(at("booking-success"), "routes/booking/booking-success.tsx", { id: id("booking-success") }),
      route(at("booking-no-available-spots"), "routes/booking/booking-no-available-spots.tsx", { id: id("booking-no-available-spots") }),
      route(at("booking-not-bookable-yet"), "routes/booking/booking-not-bookable-yet.tsx", { id: id("booking-not-bookable-yet") }),
      route(at("payment/success/:token?"), "routes/booking/payment-result.tsx", { id: id("payment-success") }),
      route(at("payment/failed/:token?"), "routes/booking/payment-result.tsx", { id: id("payment-failed") }),
      route(at("pay/:token"), "routes/booking/pay.tsx", { id: id("pay") }),
      route(at("sma-checkout"), "routes/booking/sma-checkout.tsx", { id: id("sma-checkout") }),
      route(at("sma-success"), "routes/booking/sma-success.tsx", { id: id("sma-success") }),
    ]),
    route(at("logout"), "routes/account/logout.ts", { id: id("logout") }),
    route(at("invoice/:uuid/:invoice?"), "routes/booking/invoice-pdf.ts", { id: id("invoice-pdf") }),
    route(at("my-booking/:token/calendar.ics"), "routes/booking/my-booking-calendar.ts", { id: id("my-booking-calendar") }),
    route(at("my-booking/:token/invoice/:invoice?"), "routes/booking/my-booking-invoice.ts", { id: id("my-booking-invoice") }),
    route(at("my-booking/:token/files/:upload"), "routes/booking/my-booking-file.ts", { id: id("my-booking-file") }),
    // Personal data downloads (decision 076): `json` or `pdf`.
    route(at("my-booking/:token/personal-data/:format"), "routes/booking/my-booking-personal-data.ts", { id: id("my-booking-personal-data") }),
    route(at("settings/personal-data/:format"), "routes/account/personal-data.ts", { id: id("personal-data") }),
    route(at("waiver/:token/pdf"), "routes/booking/waiver-pdf.ts", { id: id("waiver-pdf") }),
    // A staff download: no frame around a file (it still asks requireStaffDesk).
    route(at("admin/bookings/:uuid/uploads/:upload"), "routes/admin/bookings/booking-upload.ts", { id: id("admin-booking-upload") }),
    route(at("admin/invoices/:invoice/pdf"), "routes/admin/invoices/invoice-pdf.ts", { id: id("admin-invoice-pdf") }),
    // Waivers (decision 080): a person's signed waiver, and the paper waiver form's post.
    route(at("admin/bookings/:uuid/waivers/:participant/pdf"), "routes/admin/bookings/booking-waiver-pdf.ts", { id: id("admin-booking-waiver-pdf") }),
    route(at("admin/bookings/:uuid/waivers/paper"), "routes/admin/bookings/booking-waivers.ts", { id: id("admin-booking-paper-waiver") }),
    layout("layouts/widget-layout.tsx", { id: id("layout-widget") }, [route(at("event-widget"), "routes/content/event-widget.tsx", { id: id("event-widget") })]),
    // The back office (decision 027): its own frame; every page asks requireStaffDesk.
    layout("layouts/admin-layout.tsx", { id: id("layout-admin") }, [
      route(at("admin/staff"), "routes/admin/staff/staff.tsx", { id: id("admin-staff") }),
      route(at("admin/bookings"), "routes/admin/bookings/bookings.tsx", { id: id("admin-bookings") }),
      route(at("admin/bookings/:uuid"), "routes/admin/bookings/booking.tsx", { id: id("admin-booking") }),
      route(at("admin/bookings/:uuid/edit"), "routes/admin/bookings/booking-edit.tsx", { id: id("admin-booking-edit") }),
      route(at("admin"), "routes/admin/dashboard.tsx", { id: id("admin-dashboard") }),
      route(at("admin/call-backs"), "routes/admin/bookings/call-backs.tsx", { id: id("admin-call-backs") }),
      route(at("admin/invoices"), "routes/admin/invoices/invoices.tsx", { id: id("admin-invoices") }),
      route(at("admin/events/:uuid/waitlist"), "routes/admin/catalogue/waitlist.tsx", { id: id("admin-waitlist") }),
      route(at("admin/events/:uuid/messages"), "routes/admin/catalogue/event-messages.tsx", { id: id("admin-event-messages") }),
      route(at("admin/events/:uuid/waiver"), "routes/admin/catalogue/event-waiver.tsx", { id: id("admin-event-waiver") }),
      route(at("admin/waivers"), "routes/admin/catalogue/waivers.tsx", { id: id("admin-waivers") }),
      route(at("admin/site"), "routes/admin/content/site.tsx", { id: id("admin-site") }),
      route(at("admin/pages"), "routes/admin/content/pages.tsx", { id: id("admin-pages") }),
      route(at("admin/pages/new"), "routes/admin/content/page.tsx", { id: id("admin-page-new") }),
      route(at("admin/pages/:uuid"), "routes/admin/content/page.tsx", { id: id("admin-page") }),
      route(at("admin/events"), "routes/admin/catalogue/events.tsx", { id: id("admin-events") }),
      route(at("admin/events/new"), "routes/admin/catalogue/event.tsx", { id: id("admin-event-new") }),
      route(at("admin/events/:uuid"), "routes/admin/catalogue/event.tsx", { id: id("admin-event") }),
      route(at("admin/forms/:uuid"), "routes/admin/catalogue/form-builder.tsx", { id: id("admin-form-builder") }),
      route(at("admin/categories"), "routes/admin/catalogue/categories.tsx", { id: id("admin-categories") }),
      route(at("admin/categories/new"), "routes/admin/catalogue/category.tsx", { id: id("admin-category-new") }),
      route(at("admin/categories/:id"), "routes/admin/catalogue/category.tsx", { id: id("admin-category") }),
      route(at("admin/email-texts"), "routes/admin/content/email-texts.tsx", { id: id("admin-email-texts") }),
      route(at("admin/email-texts/:template/:emailLocale"), "routes/admin/content/email-text.tsx", { id: id("admin-email-text") }),
      route(at("admin/audit"), "routes/admin/audit/audit.tsx", { id: id("admin-audit") }),
      route(at("admin/vouchers"), "routes/admin/vouchers/vouchers.tsx", { id: id("admin-vouchers") }),
      route(at("admin/vouchers/new"), "routes/admin/vouchers/voucher.tsx", { id: id("admin-voucher-new") }),
      route(at("admin/vouchers/:id"), "routes/admin/vouchers/voucher.tsx", { id: id("admin-voucher") }),
      route(at("admin/calendar"), "routes/admin/catalogue/calendar.tsx", { id: id("admin-calendar") }),
      route(at("admin/privacy"), "routes/admin/privacy/privacy.tsx", { id: id("admin-privacy") }),
      route(at("admin/*"), "routes/admin/not-found.tsx", { id: id("admin-not-found") }),
    ]),
    // The bookings list's "Export selection (CSV)": a download posted by the selection form (decision 033).
    route(at("admin/bookings/export"), "routes/admin/bookings/bookings-export.ts", { id: id("admin-bookings-export") }),
    // The invoice list's files (decision 069): a CSV and a DATEV booking batch, one route each.
    route(at("admin/invoices/export.csv"), "routes/admin/invoices/invoices-export.ts", { id: id("admin-invoices-csv") }),
    route(at("admin/invoices/export-datev.csv"), "routes/admin/invoices/invoices-export.ts", { id: id("admin-invoices-datev") }),
    // The audit log's filtered list as CSV (issue 31), itself audited.
    route(at("admin/audit/export.csv"), "routes/admin/audit/audit-export.ts", { id: id("admin-audit-csv") }),
    // A data-subject request's copy (issue 30): posted with the address, so it stays out of addresses and logs.
    route(at("admin/privacy/export"), "routes/admin/privacy/privacy-export.ts", { id: id("admin-privacy-export") }),
    // The dashboard's export links: files streamed for a staff session, one route per format (decision 029).
    ...(["csv", "xlsx", "pdf"] as const).map((format) =>
      route(at(`admin/events/:uuid/participants.${format}`), "routes/admin/catalogue/participants-export.ts", { id: id(`admin-participants-${format}`) }),
    ),
  ];
}

export default [
  route("locale", "routes/content/set-locale.ts"),
  route("sitemap.xml", "routes/content/sitemap.ts"),
  route("robots.txt", "routes/content/robots.ts"),
  ...prefixedLocales.flatMap((locale, index) => localizedRoutes({ locale, optional: index === 0 })),
  ...(prefixedLocales.length === 0 ? localizedRoutes(null) : []),
] satisfies RouteConfig;
