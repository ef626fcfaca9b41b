import { useEffect, useState } from "react";
import { useTranslation } from "../utils/use-translation";
import { Form, Link, NavLink, useLocation, useNavigate } from "react-router";
import { stripLocalePrefix } from "../../core/i18n/locales";
import { useLocalizedHref, useRootData } from "../utils/locale";

/** Spec §2: hidden on /events (and on the home page, where there is nothing to go back to); on the dashboard it leads to /events; elsewhere one step back. */
export function backButtonBehaviour(pathname: string): "hidden" | "to-events" | "history" {
  const bare = stripLocalePrefix(pathname).replace(/\/$/, "") || "/";
  if (bare === "/events" || bare === "/") return "hidden";
  if (bare === "/dashboard") return "to-events";
  return "history";
}

/** React Router numbers its history entries (`idx`, 0 for the page the visitor opened the site on). */
export function hasInSiteHistory(state: unknown): boolean {
  if (typeof state !== "object" || state === null || !("idx" in state)) return false;
  return typeof state.idx === "number" && state.idx > 0;
}

function BackButton() {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [canGoBack, setCanGoBack] = useState(false);
  // `history.length` counts the pages before the site too (a new tab's blank page): React Router's own
  // entry index says whether a page of this site lies behind this one.
  useEffect(() => setCanGoBack(hasInSiteHistory(window.history.state)), [pathname]);
  const behaviour = backButtonBehaviour(pathname);
  if (behaviour === "hidden") return null;
  const className = "inline-flex items-center gap-1.5 rounded-full px-2.5 py-2 text-sm font-semibold text-navy-900 hover:bg-navy-100 sm:px-3";
  const arrow = (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
      <path d="M12.7 4.3a1 1 0 0 1 0 1.4L8.4 10l4.3 4.3a1 1 0 1 1-1.4 1.4l-5-5a1 1 0 0 1 0-1.4l5-5a1 1 0 0 1 1.4 0Z" />
    </svg>
  );
  if (behaviour === "history" && canGoBack) {
    return (
      <button type="button" onClick={() => navigate(-1)} className={className}>
        {arrow}
        <span className="sr-only sm:not-sr-only">{t("nav.back")}</span>
      </button>
    );
  }
  // Without history (a page opened directly) "back" can only mean the event list. On a page without
  // hydration its inline script makes this link go back when the visitor came from this site (decision 056).
  return (
    <Link to={href("/events")} className={className} data-history-back="">
      {arrow}
      <span className="sr-only sm:not-sr-only">{t("nav.back")}</span>
    </Link>
  );
}

type NavClass = (state: { isActive: boolean }) => string;

/** My Account, Dashboard and Logout: inline on wide screens, in the account menu on phones. */
function AccountLinks({ navClass }: { navClass: NavClass }) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const staff = useRootData()?.user?.staff === true;
  return (
    <>
      {staff && (
        <NavLink to={href("/admin")} className={navClass} reloadDocument>
          {t("nav.backOffice")}
        </NavLink>
      )}
      <NavLink to={href("/settings")} className={navClass}>
        {t("nav.myAccount")}
      </NavLink>
      <NavLink to={href("/dashboard")} className={navClass}>
        {t("nav.dashboard")}
      </NavLink>
      <Form method="post" action={href("/logout")}>
        <button type="submit" className={`${navClass({ isActive: false })} w-full text-left`}>
          {t("nav.logout")}
        </button>
      </Form>
    </>
  );
}

export function Header() {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const user = useRootData()?.user;
  const { pathname } = useLocation();
  const navClass = ({ isActive }: { isActive: boolean }) =>
    `rounded-full px-2.5 py-2 text-sm font-semibold transition-colors sm:px-3 ${isActive ? "bg-navy-900 text-white" : "text-navy-900 hover:bg-navy-100"}`;
  return (
    <header className="sticky top-0 z-40 border-b border-navy-900/10 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3 sm:px-6">
        <Link to={href("/")} className="mr-auto flex items-center gap-2.5" aria-label={`${t("site.name")} – ${t("nav.home")}`}>
          <span
            aria-hidden="true"
            className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-navy-900 font-display text-sm font-bold tracking-tight text-gold-400"
          >
            T&amp;F
          </span>
          <span className="hidden font-display text-lg font-semibold text-navy-900 sm:inline">{t("site.name")}</span>
        </Link>
        <nav aria-label={t("nav.main")} className="flex min-w-0 items-center gap-0.5 sm:gap-1">
          <BackButton />
          <NavLink to={href("/events")} className={navClass}>
            {t("nav.events")}
          </NavLink>
          {user ? (
            <>
              <div className="hidden items-center gap-1 sm:flex">
                <AccountLinks navClass={navClass} />
              </div>
              {/* Keyed by path: a navigation closes the menu. */}
              <details key={pathname} className="group relative sm:hidden">
                <summary className="flex cursor-pointer list-none items-center gap-1 rounded-full px-2.5 py-2 text-sm font-semibold text-navy-900 hover:bg-navy-100 [&::-webkit-details-marker]:hidden">
                  {t("nav.account")}
                  <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 transition-transform group-open:rotate-180" fill="currentColor">
                    <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
                  </svg>
                </summary>
                <div className="absolute right-0 top-full z-50 mt-2 flex w-52 flex-col gap-1 rounded-xl bg-white p-2 shadow-lg ring-1 ring-navy-900/10">
                  <AccountLinks navClass={navClass} />
                </div>
              </details>
            </>
          ) : (
            <NavLink to={href("/login")} className={navClass}>
              {t("nav.login")}
            </NavLink>
          )}
        </nav>
      </div>
    </header>
  );
}
