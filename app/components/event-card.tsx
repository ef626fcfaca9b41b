import { Link } from "react-router";
import { useTranslation } from "../utils/use-translation";
import type { EventState } from "../../core/domain/event-state";
import { localizePath, type Locale } from "../../core/i18n/locales";
import type { EventView } from "../utils/event-view";
import { Button } from "./button";
import { englishFallback } from "../utils/english-fallback";
import { EventImage, eventImageSizes, type ImagePriority } from "./event-image";

const stateStyles: Record<EventState, string> = {
  bookable: "bg-success-50 text-success-700 ring-success-700/20",
  not_bookable_yet: "bg-gold-100 text-gold-600 ring-gold-600/25",
  fully_booked: "bg-danger-50 text-danger-700 ring-danger-700/20",
  registration_closed: "bg-navy-100 text-navy-800 ring-navy-800/20",
  past: "bg-navy-100 text-navy-800 ring-navy-800/20",
};

export function EventStateBadge({ state }: { state: EventState }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset ${stateStyles[state]}`} data-state={state}>
      {t(`event.state.${state}`)}
    </span>
  );
}

type EventCardProps = {
  event: EventView;
  locale: Locale;
  /** In the widget, links open the full site in a new tab. */
  external?: { origin: string };
  headingLevel?: "h2" | "h3";
  /** Lazy unless the card is on the first screen (`cardImagePriority` of its place in the list). */
  imagePriority?: ImagePriority;
};

/** An event as a card: image, category, title and "Details" linking to the event's page, dates, location, "from" price, state and its button. */
export function EventCard({ event, locale, external, headingLevel = "h2", imagePriority = "lazy" }: EventCardProps) {
  const { t } = useTranslation();
  const Heading = headingLevel;
  const titleId = `event-${event.uuid}-title`;
  const linkTarget = { target: "_blank", rel: "noopener" };
  const bookingPath = event.form_uuid ? localizePath(`/booking/${event.form_uuid}`, locale) : null;
  const bookingHref = bookingPath && external ? `${external.origin}${bookingPath}` : bookingPath;
  const pagePath = localizePath(`/events/${event.category.slug}/${event.slug}`, locale);
  const pageHref = external ? `${external.origin}${pagePath}` : pagePath;
  const waitlistPath = localizePath(`/booking-no-available-spots?event=${event.uuid}`, locale);
  return (
    <article
      aria-labelledby={titleId}
      className="group flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-navy-900/10 transition-shadow hover:shadow-lg"
      data-testid="event-card"
    >
      <div className="relative aspect-[16/10] overflow-hidden bg-navy-100">
        <EventImage
          event={event}
          sizes={eventImageSizes.card}
          priority={imagePriority}
          className="h-full w-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
        />
        <span className="absolute left-3 top-3 rounded-full bg-white/95 px-3 py-1 text-xs font-semibold text-navy-900 shadow-sm">{event.category.name}</span>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-wrap items-center gap-2">
          <EventStateBadge state={event.state} />
          {event.state === "bookable" && event.places_left <= 5 && (
            <span className="text-xs font-semibold text-danger-700">{t("event.placesLeft", { count: event.places_left })}</span>
          )}
        </div>
        <Heading id={titleId} lang={englishFallback(event, "title")} className="font-display text-xl font-semibold leading-snug text-navy-900">
          {external ? (
            <a href={pageHref} {...linkTarget} className="hover:underline">
              {event.title}
              <span className="sr-only"> {t("widget.opensInNewTab")}</span>
            </a>
          ) : (
            <Link to={pagePath} className="hover:underline">
              {event.title}
            </Link>
          )}
        </Heading>
        <dl className="grid gap-1 text-sm text-ink-soft">
          <div className="flex gap-2">
            <dt className="sr-only">{t("event.dates")}</dt>
            <dd>
              <time dateTime={event.starts_on}>{event.display.dates}</time>
            </dd>
          </div>
          <div className="flex gap-2">
            <dt className="sr-only">{t("event.location")}</dt>
            <dd lang={englishFallback(event, "location")}>{event.location}</dd>
          </div>
        </dl>
        <p lang={englishFallback(event, "teaser")} className="text-sm leading-relaxed text-ink">
          {event.teaser}
        </p>
        {event.display.registrationDeadline && event.state === "bookable" && (
          <p className="text-xs text-ink-soft">{t("event.registrationDeadline", { date: event.display.registrationDeadline })}</p>
        )}
        {external && (
          // In the widget the description opens in place (the page is a click away, in a new tab).
          <details className="group/details text-sm" data-testid="widget-details">
            <summary className="cursor-pointer font-semibold text-navy-700 underline-offset-2 hover:underline">
              <span className="group-open/details:hidden">{t("event.showDetails")}</span>
              <span className="hidden group-open/details:inline">{t("event.hideDetails")}</span>
              <span className="sr-only"> – {event.title}</span>
            </summary>
            <div className="rich-text mt-3 text-ink" dangerouslySetInnerHTML={{ __html: event.description }} />
            <ul className="mt-3 space-y-1 text-ink-soft">
              <li>{t("event.minParticipants", { count: event.min_participants })}</li>
            </ul>
          </details>
        )}
        <p className="text-sm">
          {external ? (
            <a href={pageHref} {...linkTarget} className="font-semibold text-navy-700 underline underline-offset-2 hover:text-navy-900">
              {t("eventPage.pageLink")}
              <span className="sr-only">
                : {event.title} {t("widget.opensInNewTab")}
              </span>
            </a>
          ) : (
            <Link to={pagePath} className="font-semibold text-navy-700 underline underline-offset-2 hover:text-navy-900">
              {t("eventPage.details")}
              <span className="sr-only">: {event.title}</span>
            </Link>
          )}
        </p>
        <div className="mt-auto flex flex-wrap items-end justify-between gap-3 border-t border-navy-900/10 pt-4">
          <p className="text-sm text-ink-soft">
            {event.display.priceFrom !== null && (
              <>
                <span className="block whitespace-nowrap text-lg font-bold text-navy-900">{t("event.from", { price: event.display.priceFrom })}</span>
                {t("event.perPerson")}
              </>
            )}
          </p>
          {event.state === "not_bookable_yet" && event.display.bookableFrom && (
            <p className="basis-full text-xs font-semibold text-gold-600">{t("event.bookableFrom", { date: event.display.bookableFrom })}</p>
          )}
          {event.state === "fully_booked" &&
            (external ? (
              <Button href={`${external.origin}${waitlistPath}`} variant="secondary" {...linkTarget}>
                {t("event.joinWaitlist")}
                <span className="sr-only">
                  : {event.title} {t("widget.opensInNewTab")}
                </span>
              </Button>
            ) : (
              <Button to={waitlistPath} variant="secondary">
                {t("event.joinWaitlist")}
                <span className="sr-only">: {event.title}</span>
              </Button>
            ))}
          {event.state === "bookable" &&
            bookingHref &&
            (external ? (
              <Button href={bookingHref} {...linkTarget}>
                {t("event.book")}
                <span className="sr-only">
                  : {event.title} {t("widget.opensInNewTab")}
                </span>
              </Button>
            ) : (
              <Button to={bookingHref}>
                {t("event.book")}
                <span className="sr-only">: {event.title}</span>
              </Button>
            ))}
        </div>
      </div>
    </article>
  );
}
