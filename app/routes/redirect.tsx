import { useTranslation } from "react-i18next";
import { defaultLocale, localeFromPath, localizePath } from "../../core/i18n/locales";
import { translatorFor } from "../../core/i18n/i18n";
import { Button } from "../components/button";
import { pageMeta } from "../utils/meta";
import type { Route } from "./+types/redirect";

export type RedirectTarget = { kind: "none" } | { kind: "invalid" } | { kind: "external"; url: string; host: string };

/** Only absolute http(s) addresses may be followed: never `javascript:` or other schemes. */
export function parseRedirectTarget(raw: string | undefined): RedirectTarget {
  if (!raw || !raw.trim()) return { kind: "none" };
  try {
    const url = new URL(raw.trim());
    if (url.protocol !== "http:" && url.protocol !== "https:") return { kind: "invalid" };
    return { kind: "external", url: url.toString(), host: url.host };
  } catch {
    return { kind: "invalid" };
  }
}

/** /redirect/{target}: the notice shown before a visitor leaves the site. */
export function loader({ request, params }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname) ?? defaultLocale;
  return { locale, target: parseRedirectTarget(params.target) };
}

export const meta: Route.MetaFunction = ({ location }) => {
  const locale = localeFromPath(location.pathname) ?? defaultLocale;
  return pageMeta(locale, translatorFor(locale)("meta.redirect.title"));
};

export default function RedirectNotice({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { target, locale } = loaderData;
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6" aria-labelledby="redirect-title">
      <h1 id="redirect-title" className="font-display text-4xl font-bold text-navy-900">
        {t("redirect.title")}
      </h1>
      {target.kind === "external" ? (
        <>
          <p className="mt-4 text-lg text-ink-soft">{t("redirect.text")}</p>
          <p className="mt-4 break-all rounded-xl bg-white px-4 py-3 font-mono text-sm text-ink ring-1 ring-navy-900/10">{target.url}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
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
    </section>
  );
}
