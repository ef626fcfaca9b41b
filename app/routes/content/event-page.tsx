import { Link } from "react-router";
import { useTranslation } from "../../utils/use-translation";
import { intlLocaleTags, locales, localizePath } from "../../../core/i18n/locales";
import { Button } from "../../components/button";
import { EventStateBadge } from "../../components/event-card";
import { EventImage, eventImageSizes } from "../../components/event-image";
import { OpeningNoticeFormWhenShown } from "../../components/opening-notice-form-when-shown";
import { useCspNonce } from "../../utils/csp-nonce";
import type { EventPageView } from "../../utils/event-page-view";
import { plainDescription } from "../../utils/event-page-view";
import { pageMeta } from "../../utils/meta";
import { englishFallback } from "../../utils/english-fallback";
import { hydrateWhen } from "../../utils/static-page";
import type { Route } from "./+types/event-page";
import type { RouteHandle } from "../../utils/route-handle";

export { loader, action } from "./event-page.server";
// Plain HTML without app JavaScript (decision 056), except with the opening-notice form, whose
// checks before posting (Conform and zod, decision 016) need the app.
export const handle = {
  caching: "public",
  ...hydrateWhen<Route.ComponentProps["loaderData"]>((data) => data.event.state === "not_bookable_yet"),
} satisfies RouteHandle;

const ogLocale = (tag: string) => tag.replace("-", "_");

export const meta: Route.MetaFunction = ({ data: loaderData }) => {
  if (!loaderData) return [];
  const { event, locale, origin, alternates } = loaderData;
  return [
    ...pageMeta(locale, event.title, plainDescription(event, 160)),
    { property: "og:type", content: "website" },
    { property: "og:url", content: `${origin}${alternates[locale]}` },
    { property: "og:image", content: new URL(event.image_url, origin).toString() },
    { property: "og:image:alt", content: event.image_alt },
    { property: "og:locale", content: ogLocale(intlLocaleTags[locale]) },
    ...locales.filter((other) => other !== locale).map((other) => ({ property: "og:locale:alternate", content: ogLocale(intlLocaleTags[other]) })),
    { name: "twitter:card", content: "summary_large_image" },
  ];
};

function StateMessage({ event }: { event: EventPageView }) {
  const { t } = useTranslation();
  const messages = {
    bookable: () => t("eventPage.stateBookable", { count: event.places_left }),
    not_bookable_yet: () =>
      event.display.bookableFrom ? t("eventPage.stateNotBookableYet", { date: event.display.bookableFrom }) : t("eventPage.stateNotBookableYetNoDate"),
    fully_booked: () => t("eventPage.stateFullyBooked"),
    registration_closed: () => t("eventPage.stateRegistrationClosed"),
    past: () => t("eventPage.statePast"),
  } satisfies Record<EventPageView["state"], () => string>;
  return (
    <p className="text-sm text-ink" data-testid="event-state-message">
      {messages[event.state]()}
    </p>
  );
}

export default function EventPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const nonce = useCspNonce();
  const { event, locale, jsonLd } = loaderData;
  const eventsPath = localizePath("/events", locale);
  const categoryPath = localizePath(`/events/${event.category.slug}`, locale);
  return (
    <article className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12" aria-labelledby="event-title">
      {/* Structured data for search engines: escaped for a script element (jsonForScript), never executed. */}
      <script type="application/ld+json" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <nav aria-label={t("eventPage.breadcrumb")} className="text-sm text-ink-soft">
        <ol className="flex flex-wrap items-center gap-2">
          <li>
            <Link to={eventsPath} className="font-semibold text-navy-700 underline-offset-2 hover:underline">
              {t("eventPage.allEvents")}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to={categoryPath} className="font-semibold text-navy-700 underline-offset-2 hover:underline">
              {event.category.name}
            </Link>
          </li>
        </ol>
      </nav>
      <header className="mt-4 max-w-3xl">
        <div className="flex flex-wrap items-center gap-2">
          <EventStateBadge state={event.state} />
        </div>
        <h1 id="event-title" lang={englishFallback(event, "title")} className="mt-3 text-balance font-display text-3xl font-bold text-navy-900 sm:text-5xl">
          {event.title}
        </h1>
        <p lang={englishFallback(event, "teaser")} className="mt-3 text-lg text-ink-soft">
          {event.teaser}
        </p>
      </header>
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-8">
          <EventImage
            event={event}
            sizes={eventImageSizes.page}
            priority="high"
            className="aspect-[16/10] w-full rounded-2xl bg-navy-100 object-cover shadow-sm"
          />
          <section aria-labelledby="event-about" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10 sm:p-8">
            <h2 id="event-about" className="font-display text-2xl font-semibold text-navy-900">
              {t("eventPage.about")}
            </h2>
            <div lang={englishFallback(event, "description")} className="rich-text mt-4 text-ink" dangerouslySetInnerHTML={{ __html: event.description }} />
          </section>
          <section aria-labelledby="event-prices" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10 sm:p-8">
            <h2 id="event-prices" className="font-display text-2xl font-semibold text-navy-900">
              {t("eventPage.prices")}
            </h2>
            <table className="mt-4 w-full text-left text-sm" data-testid="price-list">
              <thead className="sr-only">
                <tr>
                  <th scope="col">{t("eventPage.priceItem")}</th>
                  <th scope="col">{t("eventPage.priceAmount")}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-navy-900/10">
                {event.display.prices.map((price) => (
                  <tr key={price.key}>
                    <th scope="row" className="py-2.5 pr-4 font-normal text-ink">
                      {price.label}
                    </th>
                    <td className="whitespace-nowrap py-2.5 text-right font-semibold text-navy-900">
                      {price.free ? t("eventPage.included") : price.amount}
                      {price.perDay && !price.free && <span className="font-normal text-ink-soft"> {t("eventPage.perDay")}</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="mt-3 text-xs text-ink-soft">{t("eventPage.perPersonNote")}</p>
          </section>
        </div>
        {/* On a phone the facts and the button come first, not after the whole description and price list. */}
        <aside className="order-first space-y-6 lg:order-none lg:sticky lg:top-6 lg:self-start" aria-labelledby="event-glance">
          <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10">
            <h2 id="event-glance" className="font-display text-lg font-semibold text-navy-900">
              {t("eventPage.atAGlance")}
            </h2>
            <dl className="mt-3 space-y-3 text-sm">
              <div>
                <dt className="font-semibold text-navy-900">{t("eventPage.dates")}</dt>
                <dd className="text-ink" data-testid="event-dates">
                  <time dateTime={event.starts_on}>{event.display.dates}</time> ({t("eventPage.days", { count: event.display.days })})
                </dd>
              </div>
              <div>
                <dt className="font-semibold text-navy-900">{t("eventPage.location")}</dt>
                <dd className="text-ink">{event.location}</dd>
              </div>
              <div>
                <dt className="font-semibold text-navy-900">{t("eventPage.minParticipants")}</dt>
                <dd className="text-ink">{event.min_participants}</dd>
              </div>
              {!event.customer_may_cancel && (
                <div className="sm:col-span-2">
                  <dt className="font-semibold text-navy-900">{t("eventPage.cancellation")}</dt>
                  <dd className="text-ink" data-testid="no-customer-cancel">
                    {t("eventPage.noCustomerCancel")}
                  </dd>
                </div>
              )}
              {event.display.registrationDeadline && (
                <div>
                  <dt className="font-semibold text-navy-900">{t("eventPage.registrationUntil")}</dt>
                  <dd className="text-ink">{event.display.registrationDeadline}</dd>
                </div>
              )}
              {event.state === "not_bookable_yet" && event.display.bookableFrom && (
                <div>
                  <dt className="font-semibold text-navy-900">{t("eventPage.bookableFrom")}</dt>
                  <dd className="text-ink">{event.display.bookableFrom}</dd>
                </div>
              )}
              {event.state === "bookable" && (
                <div>
                  <dt className="font-semibold text-navy-900">{t("eventPage.placesLeft")}</dt>
                  <dd className="text-ink">{event.places_left}</dd>
                </div>
              )}
            </dl>
            {event.display.prices[0] && (
              <p className="mt-4 border-t border-navy-900/10 pt-4 text-sm text-ink-soft">
                <span className="block text-2xl font-bold text-navy-900">{t("event.from", { price: event.display.prices[0].amount })}</span>
                {t("event.perPerson")}
              </p>
            )}
            <div className="mt-4 space-y-3">
              <StateMessage event={event} />
              {event.state === "bookable" && event.form_uuid && (
                <Button to={localizePath(`/booking/${event.form_uuid}`, locale)} size="lg" className="w-full">
                  {t("event.book")}
                </Button>
              )}
              {event.state === "fully_booked" && (
                <Button to={localizePath(`/booking-no-available-spots?event=${event.uuid}`, locale)} variant="secondary" size="lg" className="w-full">
                  {t("event.joinWaitlist")}
                </Button>
              )}
            </div>
          </section>
          {event.state === "not_bookable_yet" && (
            <OpeningNoticeFormWhenShown
              locale={locale}
              eventTitle={event.title}
              bookableFrom={event.display.bookableFrom}
              lastResult={actionData?.result}
              noticed={actionData?.noticed}
            />
          )}
        </aside>
      </div>
    </article>
  );
}
