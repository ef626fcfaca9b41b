import { Form, useNavigation } from "react-router";
import { translatorFor } from "../../../core/i18n/i18n";
import { Button } from "../../components/button";
import { FormMessage } from "../../components/field";
import { PageCard } from "../../components/page-card";
import { useLocalizedHref } from "../../utils/locale";
import { pageMeta } from "../../utils/meta";
import { useTranslation } from "../../utils/use-translation";
import type { Route } from "./+types/waitlist-leave";

export { loader, action } from "./waitlist-leave.server";
export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? pageMeta(loaderData.locale, translatorFor(loaderData.locale)("waitlistLeave.title")) : [];

/** "Leave the waitlist" from the sign-up's confirmation mail: one button; idempotent, and it says which it was. */
export default function WaitlistLeavePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const submitting = useNavigation().state === "submitting";
  const { eventTitle, onTheList, partySize } = loaderData;
  return (
    <PageCard title={t("waitlistLeave.title")}>
      {actionData ? (
        <FormMessage tone="success">
          {actionData.outcome === "left" ? t("waitlistLeave.left", { eventTitle }) : t("waitlistLeave.alreadyLeft", { eventTitle })}
        </FormMessage>
      ) : onTheList ? (
        <>
          <p className="leading-relaxed text-ink">{t("waitlistLeave.question", { eventTitle, count: partySize })}</p>
          <Form method="post" className="mt-6">
            <Button type="submit" disabled={submitting}>
              {t("waitlistLeave.confirm")}
            </Button>
          </Form>
        </>
      ) : (
        <FormMessage tone="success">{t("waitlistLeave.alreadyLeft", { eventTitle })}</FormMessage>
      )}
      <Button to={href("/events")} variant="ghost" className="mt-6">
        {t("waitlistLeave.toEvents")}
      </Button>
    </PageCard>
  );
}
