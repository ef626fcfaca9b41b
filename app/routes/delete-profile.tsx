import { useTranslation } from "react-i18next";
import { Form, redirect, useNavigation } from "react-router";
import { translatorFor } from "../../core/i18n/i18n";
import { localizePath } from "../../core/i18n/locales";
import { Button } from "../components/button";
import { PageCard } from "../components/page-card";
import { pageLocale, requireUser, sessionActor } from "../utils/auth.server";
import { useLocalizedHref, useRootData } from "../utils/locale";
import { pageMeta } from "../utils/meta";
import { clearedSessionCookies, withCookies } from "../utils/session.server";
import type { Route } from "./+types/delete-profile";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  return { locale: pageLocale(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  await context.services.accounts.deleteUser(await sessionActor(request, context), user.uuid);
  return redirect(localizePath("/settings/delete-success", pageLocale(request)), { headers: withCookies(clearedSessionCookies(request)) });
}

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? pageMeta(loaderData.locale, translatorFor(loaderData.locale)("meta.deleteProfile.title")) : [];

export default function DeleteProfilePage() {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const supportEmail = useRootData()?.site.support_email ?? "";
  const submitting = useNavigation().state === "submitting";
  return (
    <PageCard title={t("deleteProfile.title")}>
      <p className="font-semibold text-danger-700">{t("deleteProfile.warning")}</p>
      <p className="mt-3 leading-relaxed text-ink">{t("deleteProfile.text", { email: supportEmail })}</p>
      <Form method="post" className="mt-6 flex flex-wrap gap-3">
        <button
          type="submit"
          disabled={submitting}
          className="inline-flex items-center justify-center rounded-full bg-danger-700 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-danger-700/90 disabled:opacity-60"
        >
          {t("deleteProfile.confirm")}
        </button>
        <Button to={href("/settings")} variant="ghost">
          {t("deleteProfile.cancel")}
        </Button>
      </Form>
    </PageCard>
  );
}
