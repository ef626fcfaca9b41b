import { useTranslation } from "../../utils/use-translation";
import { defaultLocale, localeFromPath, localizePath } from "../../../core/i18n/locales";
import { translatorFor } from "../../../core/i18n/i18n";
import { Button } from "../../components/button";
import { pageMeta } from "../../utils/meta";
import type { Route } from "./+types/redirect";
import type { RouteHandle } from "../../utils/route-handle";

export { loader } from "./redirect.server";
export const handle = { caching: "public" } satisfies RouteHandle;

export const meta: Route.MetaFunction = ({ location }) => {
  const locale = localeFromPath(location.pathname) ?? defaultLocale;
  return pageMeta(locale, translatorFor(locale)("meta.redirect.title"));
};

export default function RedirectNotice({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { target, locale } = loaderData;
  return (
    <section className="mx-auto max-w-2xl px-4 py-14 sm:px-6 sm:py-20" aria-labelledby="redirect-title">
      <div className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-navy-900/10 sm:p-10">
        <span aria-hidden="true" className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-gold-100 text-gold-600">
          <svg viewBox="0 0 24 24" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
          </svg>
        </span>
        <h1 id="redirect-title" className="mt-5 text-balance font-display text-3xl font-bold text-navy-900 sm:text-4xl">
          {target.kind === "external" ? t("redirect.title") : target.kind === "invalid" ? t("redirect.invalidTargetTitle") : t("redirect.noTargetTitle")}
        </h1>
        {target.kind === "external" ? (
          <>
            <p className="mt-4 text-lg text-ink-soft">{t("redirect.text")}</p>
            <p className="mt-4 break-all rounded-xl bg-white px-4 py-3 font-mono text-sm text-ink ring-1 ring-navy-900/10">{target.url}</p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <Button href={target.url} rel="noopener noreferrer" size="lg">
                {t("redirect.continue", { host: target.host })}
              </Button>
              <Button to={localizePath("/events", locale)} variant="ghost" size="lg">
                {t("redirect.stay")}
              </Button>
            </div>
          </>
        ) : (
          <>
            <p className="mt-4 text-lg text-ink-soft" role="status">
              {target.kind === "none" ? t("redirect.noTarget") : t("redirect.invalidTarget")}
            </p>
            <Button to={localizePath("/events", locale)} className="mt-8" size="lg">
              {t("redirect.stay")}
            </Button>
          </>
        )}
      </div>
    </section>
  );
}
