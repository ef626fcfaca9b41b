import { useTranslation } from "../utils/use-translation";
import { Form, Link, NavLink, Outlet, useMatches } from "react-router";
import type { Locale } from "../../core/i18n/locales";
import { routeNameOf } from "../utils/route-ids";
import { adminSections } from "../components/admin/admin-nav";
import { ErrorPage } from "../components/error-page";
import { LanguageSelect } from "../components/language-select";
import { useLocale, useLocalizedHref } from "../utils/locale";
import type { Route } from "./+types/admin-layout";

export { loader } from "./admin-layout.server";

type StaffFrame = Route.ComponentProps["loaderData"]["staff"];

/**
 * The back office's own frame (decision 027): a dark bar with the sections, who is signed in, the
 * language and logout; the page below. No public header, footer or progress bar. Works from a
 * phone's width up (the sections wrap), and by keyboard alone (a skip link, real links and buttons).
 */
function AdminFrame({ staff, children }: { staff: StaffFrame | null; children: React.ReactNode }) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const locale: Locale = useLocale();
  const sections = adminSections.filter((section) => staff && (section.roles as readonly string[]).includes(staff.role));
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `shrink-0 whitespace-nowrap rounded-md px-3 py-2 text-sm font-semibold outline-offset-2 transition-colors ${isActive ? "bg-white text-navy-950" : "text-navy-100 hover:bg-white/10 hover:text-white"}`;
  return (
    <div className="flex min-h-screen flex-col bg-navy-50">
      <a href="#main" className="sr-only z-50 rounded bg-white px-4 py-2 font-semibold text-navy-900 focus:not-sr-only focus:fixed focus:left-4 focus:top-4">
        {t("nav.skipToContent")}
      </a>
      <header className="bg-navy-950 text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-3 px-4 py-3 sm:px-6">
          <Link to={href("/admin")} className="flex items-center gap-2.5 font-display text-lg font-semibold">
            <span aria-hidden="true" className="flex h-9 w-9 items-center justify-center rounded-full bg-gold-400 text-sm font-bold text-navy-950">
              T&amp;F
            </span>
            {t("admin.title")}
          </Link>
          {/* On a phone one row that scrolls sideways (the sections took a quarter of the screen: issue 32); wrapped from md on. */}
          {sections.length > 0 && (
            <nav aria-label={t("admin.nav.label")} className="order-last -mx-1 flex w-full gap-1 overflow-x-auto px-1 pb-1 md:order-none md:w-auto md:flex-wrap md:overflow-visible md:pb-0">
              {sections.map((section) => (
                <NavLink key={section.path} to={href(section.path)} end={section.end} className={linkClass}>
                  {t(section.labelKey)}
                </NavLink>
              ))}
            </nav>
          )}
          {staff && (
            <div className="ml-auto flex flex-wrap items-center gap-3 text-sm">
              <span className="text-navy-100">
                <span className="sr-only">{t("admin.signedInAs")} </span>
                <span className="font-semibold text-white">{staff.name}</span> · {t(`admin.roles.${staff.role === "admin" ? "admin" : "staff"}`)}
              </span>
              <Link to={href("/events")} className="font-semibold text-navy-100 underline-offset-4 hover:text-white hover:underline">
                {t("admin.viewSite")}
              </Link>
              <Form method="post" action={href("/logout")}>
                <button
                  type="submit"
                  className="rounded-md px-3 py-1.5 font-semibold text-navy-100 ring-1 ring-inset ring-white/30 hover:bg-white/10 hover:text-white"
                >
                  {t("nav.logout")}
                </button>
              </Form>
            </div>
          )}
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 outline-none sm:px-6 sm:py-8">
        {children}
      </main>
      <footer className="bg-navy-950 px-4 py-3">
        <div className="mx-auto flex max-w-7xl justify-end">
          <LanguageSelect locale={locale} />
        </div>
      </footer>
    </div>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame staff={loaderData.staff}>
      <Outlet />
    </AdminFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // A refused visitor (403) has no staff frame (the layout's loader threw): the sections and the name stay away.
  const frame = useMatches().find((match) => routeNameOf(match.id) === "layout-admin")?.loaderData;
  const staff = frame && typeof frame === "object" && "staff" in frame ? (frame as { staff: StaffFrame }).staff : null;
  return (
    <AdminFrame staff={staff}>
      <ErrorPage error={error} />
    </AdminFrame>
  );
}
