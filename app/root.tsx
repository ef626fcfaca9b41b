import "./utils/zod-without-eval";
import { useEffect, type ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from "react-router";
import { translatorFor } from "../core/i18n/i18n";
import { defaultLocale, localeFromPath, locales } from "../core/i18n/locales";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { ErrorPage } from "./components/error-page";
import { NavigationLoadingBar } from "./components/navigation-loading-bar";
import { SiteChrome } from "./components/site-chrome";
import { useAlternates } from "./utils/alternates";
import { installChunkReloadSource } from "./utils/chunk-reload";
import { useCspNonce } from "./utils/csp-nonce";
import { useRootData } from "./utils/locale";
import { pageMeta } from "./utils/meta";
import { usePageI18n } from "./utils/page-catalogue";
import { enhanceStaticPageSource, useStaticPage } from "./utils/static-page";

// The built stylesheet: a hashed file under /assets/, cached as immutable and sent precompressed
// (scripts/precompress-assets.ts). Vite's dev server serves app.css itself, updated as the sources change.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "any" },
];

export { loader, middleware } from "./root.server";

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  // A renewed session's cookies are added to every answer by the server (server/http/create-app.ts).
  return { "Content-Language": loaderHeaders.get("Content-Language") ?? defaultLocale, Vary: "Cookie, Accept-Language" };
}

export const meta: Route.MetaFunction = ({ error, location }) => {
  const locale = localeFromPath(location.pathname) ?? defaultLocale;
  const t = translatorFor(locale);
  if (error) return pageMeta(locale, isRouteErrorResponse(error) && error.status === 404 ? t("meta.notFound.title") : t("meta.error.title"));
  return pageMeta(locale, t("site.name"));
};

function HreflangLinks() {
  const root = useRootData();
  const alternates = useAlternates();
  if (!root) return null;
  return (
    <>
      {locales.map((locale) => (
        <link key={locale} rel="alternate" hrefLang={locale} href={`${root.origin}${alternates[locale]}`} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={`${root.origin}${alternates[defaultLocale]}`} />
      <link rel="canonical" href={`${root.origin}${alternates[root.locale]}`} />
    </>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const root = useRootData();
  const { pathname } = useLocation();
  const locale = root?.locale ?? localeFromPath(pathname) ?? defaultLocale;
  // Set on the server only (see csp-nonce.ts); the browser hides the attribute's value, so no hydration warning.
  const nonce = useCspNonce();
  const i18n = usePageI18n(locale, pathname);
  // A page without hydration (decision 056): none of the app's JavaScript, a few lines inline instead.
  const staticPage = useStaticPage();
  // Effects run once the page has hydrated: from then on its controls answer. Marked on <html> so that
  // a test (or a style) can tell the live page from the server's HTML that looks the same.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <html lang={locale} data-static-page={staticPage ? "" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1630" />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: installChunkReloadSource }} />
        <Meta />
        <HreflangLinks />
        <Links nonce={nonce} />
      </head>
      <body className="min-h-screen font-sans">
        <I18nextProvider i18n={i18n}>
          <NavigationLoadingBar />
          {children}
        </I18nextProvider>
        {staticPage ? (
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: enhanceStaticPageSource }} />
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <SiteChrome>
      <ErrorPage error={error} />
    </SiteChrome>
  );
}
