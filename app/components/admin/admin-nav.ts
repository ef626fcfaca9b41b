import type { Role } from "../../../core/domain/permissions";

/**
 * The back office's sections in the order of its navigation: one line per page (decision 027).
 * `roles`: who sees the link (the page itself checks again on the server).
 */
export const adminSections = [
  { path: "/admin", labelKey: "admin.nav.dashboard", end: true, roles: ["staff", "admin"] },
  { path: "/admin/bookings", labelKey: "admin.nav.bookings", end: false, roles: ["staff", "admin"] },
  { path: "/admin/call-backs", labelKey: "admin.nav.callBacks", end: false, roles: ["staff", "admin"] },
  { path: "/admin/invoices", labelKey: "admin.nav.invoices", end: false, roles: ["staff", "admin"] },
  { path: "/admin/calendar", labelKey: "admin.nav.calendar", end: false, roles: ["staff", "admin"] },
  { path: "/admin/events", labelKey: "admin.nav.events", end: false, roles: ["staff", "admin"] },
  { path: "/admin/categories", labelKey: "admin.nav.categories", end: false, roles: ["staff", "admin"] },
  { path: "/admin/waivers", labelKey: "admin.nav.waivers", end: false, roles: ["staff", "admin"] },
  { path: "/admin/vouchers", labelKey: "admin.nav.vouchers", end: false, roles: ["staff", "admin"] },
  { path: "/admin/staff", labelKey: "admin.nav.staff", end: false, roles: ["admin"] },
  { path: "/admin/pages", labelKey: "admin.nav.pages", end: false, roles: ["staff", "admin"] },
  { path: "/admin/site", labelKey: "admin.nav.site", end: false, roles: ["admin"] },
  { path: "/admin/email-texts", labelKey: "admin.nav.emailTexts", end: false, roles: ["staff", "admin"] },
  { path: "/admin/audit", labelKey: "admin.nav.audit", end: false, roles: ["admin"] },
  { path: "/admin/privacy", labelKey: "admin.nav.privacy", end: false, roles: ["admin"] },
] as const satisfies readonly { path: string; labelKey: `admin.nav.${string}`; end: boolean; roles: readonly Role[] }[];
