import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { BookingView } from "../../core/contracts/bookings";
import type { PublicForm } from "../../core/contracts/forms";
import { formatDateRange } from "../../core/domain/dates";
import { translatorFor } from "../../core/i18n/i18n";
import { localizePath, type Locale } from "../../core/i18n/locales";
import { AppError } from "../../server/errors";
import { readWaitlistOffer } from "../../server/http/booking-cookies";
import { bookingKeyOfRequest } from "../utils/booking-pages.server";
import { Button } from "../components/button";
import { FormMessage } from "../components/field";
import { PageCard } from "../components/page-card";
import { pageLocale } from "../utils/auth.server";
import { bookingPriceView } from "../utils/booking-view";
import { useRootData } from "../utils/locale";
import { pageMeta } from "../utils/meta";
import type { Route } from "./+types/sma-checkout";

function answerOf(form: PublicForm, booking: BookingView, name: string): string {
  const item = form.pages.flatMap((page) => page.items).find((candidate) => candidate.name === name);
  const value = item ? booking.answers[item.uuid] : undefined;
  return typeof value === "string" ? value : "";
}

/**
 * `/sma-checkout?booking={uuid}`: the review screen of a booking request (spec §2). It shows what
 * will be sent and that staff will call to verify it; sending submits the booking, which then holds
 * its places in review (PRODUCT.md "SMA").
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = pageLocale(request);
  const key = bookingKeyOfRequest(request);
  const { booking } = await context.services.bookings.open({ formId: key.formUuid, bookingToken: key.token, bookingUuid: key.bookingUuid, locale });
  if (booking.status !== "draft") throw redirect(`${localizePath("/sma-success", locale)}?booking=${booking.uuid}`);
  const form = await context.services.getPublicForm(locale, booking.form_uuid, false);
  const price = bookingPriceView(form, booking, locale);
  const name = [answerOf(form, booking, "main.forename"), answerOf(form, booking, "main.surname")].filter(Boolean).join(" ");
  return {
    locale,
    view: {
      formUuid: form.uuid,
      lastPage: form.pages.length,
      event: form.event.title,
      dates: formatDateRange(form.event.starts_on, form.event.ends_on, locale),
      name,
      email: answerOf(form, booking, "main.email"),
      phone: answerOf(form, booking, "main.phone"),
      companions: booking.companions.map((companion) => [companion.forename, companion.surname].filter(Boolean).join(" ")),
      total: price.total,
      dueNow: price.dueNow,
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale: Locale = pageLocale(request);
  const key = bookingKeyOfRequest(request);
  try {
    // A party invited from the waitlist may send a request too: the offer's places go with it.
    const offer = readWaitlistOffer(request.headers.get("cookie"), key.formUuid);
    await context.services.bookings.submit({ bookingId: key.bookingUuid, bookingToken: key.token, locale, waitlistOfferToken: offer ?? undefined });
  } catch (error) {
    if (!AppError.is(error)) throw error;
    // Sent twice: the request went out with the first post.
    if (error.reason === "already_submitted") throw redirect(`${localizePath("/sma-success", locale)}?booking=${key.bookingUuid}`);
    if (error.reason === "fully_booked") throw redirect(`${localizePath("/booking-no-available-spots", locale)}`);
    return data({ message: error.toResponse(locale).message }, error.status);
  }
  throw redirect(`${localizePath("/sma-success", locale)}?booking=${key.bookingUuid}`);
}

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? pageMeta(loaderData.locale, translatorFor(loaderData.locale)("sma.checkoutTitle")) : [];

export default function SmaCheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { view, locale } = loaderData;
  const site = useRootData()?.site;
  const busy = useNavigation().state !== "idle";
  const rows: [string, string][] = [
    [t("sma.event"), `${view.event} (${view.dates})`],
    [t("sma.name"), view.name],
    [t("sma.email"), view.email],
    [t("sma.phone"), view.phone],
    ...(view.companions.length ? ([[t("sma.companions"), view.companions.join(", ")]] as [string, string][]) : []),
    [t("booking.price.total"), view.total],
  ];
  return (
    <PageCard title={t("sma.checkoutTitle")} wide intro={<p>{t("sma.checkoutIntro")}</p>}>
      <div className="space-y-6">
        <dl className="divide-y divide-navy-900/10 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
              <dt className="text-ink">{label}</dt>
              <dd className="font-semibold text-navy-900">{value}</dd>
            </div>
          ))}
        </dl>
        <FormMessage tone="info">{t("sma.callNote", { phone: view.phone, hours: site?.support_hours ?? "" })}</FormMessage>
        {actionData?.message && <FormMessage tone="error">{actionData.message}</FormMessage>}
        <Form method="post" className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={busy}>
            {t("sma.send")}
          </Button>
          <Link
            to={`${localizePath(`/booking/${view.formUuid}`, locale)}?page=${view.lastPage}`}
            className="text-sm font-semibold text-navy-800 underline underline-offset-2"
          >
            {t("sma.back")}
          </Link>
        </Form>
      </div>
    </PageCard>
  );
}
