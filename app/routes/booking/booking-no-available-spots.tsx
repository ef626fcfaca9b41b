import { useTranslation } from "../../utils/use-translation";
import { Form, useNavigation } from "react-router";
import { getFormProps } from "@conform-to/react";
import { joinWaitlistSchema, maximumPartySize } from "../../../core/contracts/waitlist";
import { translatorFor } from "../../../core/i18n/i18n";
import { Button } from "../../components/button";
import { Field, FormMessage } from "../../components/field";
import { PageCard } from "../../components/page-card";
import { useAccountForm } from "../../utils/account-forms";
import { useLocalizedHref, useRootData } from "../../utils/locale";
import { pageMeta } from "../../utils/meta";
import type { Route } from "./+types/booking-no-available-spots";
import type { RouteHandle } from "../../utils/route-handle";

export { loader, action } from "./booking-no-available-spots.server";
export const handle = { caching: "public" } satisfies RouteHandle;
export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? pageMeta(loaderData.locale, translatorFor(loaderData.locale)("meta.noSpots.title")) : [];

export default function NoAvailableSpotsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const { event } = loaderData;
  const submitting = useNavigation().state === "submitting";
  const user = useRootData()?.user;
  const joined = actionData?.joined ?? null;
  const [form, fields] = useAccountForm({
    id: "waitlist",
    schema: joinWaitlistSchema,
    locale: loaderData.locale,
    lastResult: actionData?.result,
    defaultValue: { name: user?.name ?? "", party_size: "1" },
  });
  if (!event) {
    return (
      <PageCard title={t("waitlist.title")}>
        <p className="text-ink">{t("waitlist.unknownEvent")}</p>
        <Button to={href("/events")} className="mt-6">
          {t("waitlist.otherEvents")}
        </Button>
      </PageCard>
    );
  }
  return (
    <PageCard title={t("waitlist.title")} intro={<p>{t("waitlist.intro", { event: `${event.title} (${event.display.dates})` })}</p>}>
      {joined ? (
        <div className="space-y-5">
          <FormMessage tone="success">{t("waitlist.joined", { position: joined.position, email: joined.email })}</FormMessage>
          <Button to={href("/events")} variant="ghost">
            {t("waitlist.otherEvents")}
          </Button>
        </div>
      ) : (
        <Form method="post" className="space-y-5" {...getFormProps(form)}>
          {loaderData.offerSpent && !actionData && <FormMessage tone="info">{t("waitlist.offerSpent")}</FormMessage>}
          {form.errors?.[0] && <FormMessage tone="error">{form.errors[0]}</FormMessage>}
          <input type="hidden" name="event" value={event.uuid} />
          <Field field={fields.name} autoComplete="name" label={t("fields.name")} required />
          <Field field={fields.email} type="email" autoComplete="email" label={t("fields.email")} required />
          <Field
            field={fields.party_size}
            type="number"
            inputMode="numeric"
            min={1}
            max={maximumPartySize}
            label={t("fields.partySize")}
            hint={t("fields.partySizeHint")}
            required
          />
          <p className="text-xs text-ink-soft">{t("form.requiredNote")}</p>
          <Button type="submit" size="lg" disabled={submitting}>
            {t("waitlist.submit")}
          </Button>
        </Form>
      )}
    </PageCard>
  );
}
