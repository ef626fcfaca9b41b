import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { data, redirect, useFetcher } from "react-router";
import { translatorFor } from "../../core/i18n/i18n";
import { localizePath } from "../../core/i18n/locales";
import { Button } from "../components/button";
import { FormMessage } from "../components/field";
import { PageCard } from "../components/page-card";
import { pageLocale } from "../utils/auth.server";
import { useLocalizedHref } from "../utils/locale";
import { pageMeta } from "../utils/meta";
import { sessionCookies, withCookies } from "../utils/session.server";
import type { Route } from "./+types/verify-email";

export function loader({ request }: Route.LoaderArgs) {
  return { locale: pageLocale(request) };
}

/**
 * The token is spent by a POST the page sends once it has loaded, not by the GET of the link:
 * mail scanners that open links would otherwise use it up before the person does.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const locale = pageLocale(request);
  try {
    const { user: current } = await context.session();
    const { userId, ...tokens } = await context.services.accounts.verifyEmail(params.doi);
    const success = localizePath("/register/verification-success", locale);
    // Someone else logged in here stays logged in: a verification link must not swap accounts.
    if (current && current.uuid !== userId) return redirect(success);
    return redirect(success, { headers: withCookies(sessionCookies(request, tokens)) });
  } catch (error) {
    // Spec §8: a failed verification is only logged.
    console.warn("e-mail verification failed", error instanceof Error ? error.message : error);
    return data({ verified: false as const }, 400);
  }
}

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? pageMeta(loaderData.locale, translatorFor(loaderData.locale)("meta.verify.title")) : [];

export default function VerifyEmailPage() {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const fetcher = useFetcher<typeof action>();
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void fetcher.submit(null, { method: "post" });
  }, [fetcher]);

  const failed = fetcher.state === "idle" && fetcher.data?.verified === false;
  return (
    <PageCard title={failed ? t("verify.failedTitle") : t("verify.title")}>
      {failed ? (
        <div className="space-y-5">
          <FormMessage tone="error">{t("verify.failedText")}</FormMessage>
          <Button to={href("/login")}>{t("login.submit")}</Button>
        </div>
      ) : (
        <div className="flex flex-col items-start gap-5">
          <p role="status" className="flex items-center gap-3 text-ink">
            <span aria-hidden="true" className="h-5 w-5 animate-spin rounded-full border-2 border-navy-100 border-t-navy-700" />
            {t("verify.loading")}
          </p>
          <noscript>
            <form method="post">
              <button type="submit" className="rounded-full bg-gold-400 px-4 py-2.5 text-sm font-semibold text-navy-950">
                {t("verify.confirm")}
              </button>
            </form>
          </noscript>
        </div>
      )}
    </PageCard>
  );
}
