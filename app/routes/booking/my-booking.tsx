import type { ReactNode } from "react";
import { InvoiceList } from "../../components/invoice-list";
import { useTranslation } from "../../utils/use-translation";
import { Form, useNavigation, useRevalidator } from "react-router";
import type { BookingView } from "../../../core/contracts/bookings";
import type { PublicFormItem } from "../../../core/contracts/forms";
import { translatorFor } from "../../../core/i18n/i18n";
import { localizePath } from "../../../core/i18n/locales";
import { markCompletableLater } from "../../components/booking/completable-later";
import { formItemRenderers, type BookingPageContext, type FormItemKindRenderer } from "../../components/booking/kinds";
import { AccountSummary } from "../../components/account-summary";
import { Button, buttonClasses } from "../../components/button";
import { formatMoney } from "../../../core/domain/money";
import { FormMessage } from "../../components/field";
import { PageCard } from "../../components/page-card";
import { CancelBookingSection } from "../../components/booking/cancel-booking-section";
import { RemoveCompanion } from "../../components/booking/remove-companion";
import { pageMeta } from "../../utils/meta";
import { ManageWaiversSection } from "../../components/waivers/manage-waivers-section";
import type { Route } from "./+types/my-booking";

export { loader, action } from "./my-booking.server";

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? [...pageMeta(loaderData.locale, translatorFor(loaderData.locale)("manage.metaTitle")), { name: "robots", content: "noindex" }] : [];

type PageBooking = NonNullable<Route.ComponentProps["loaderData"]["booking"]>;
type ActionResult = Route.ComponentProps["actionData"];

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10 sm:p-6">
      <h2 id={id} className="font-display text-xl font-semibold text-navy-900">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Rows({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="divide-y divide-navy-900/10 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:justify-between sm:gap-4">
          <dt className="text-ink-soft">{label}</dt>
          <dd className="font-semibold text-navy-900 sm:text-right">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The booking page's item renderers need a page context; here the answers, the files, where they go and the clock matter. */
function laterContext(booking: PageBooking, answers: BookingView["answers"], onUploaded: () => void): BookingPageContext {
  const view: BookingView = {
    uuid: booking.uuid,
    form_uuid: booking.uuid,
    event_uuid: booking.event.uuid,
    status: booking.status,
    locale: "en",
    code: booking.code,
    current_page: 1,
    // Read by no item renderer: the later-details fields save through their own form, not a page version.
    version: 0,
    answers,
    total_cents: booking.money.total_cents,
    event_price_cents: 0,
    companion_total_cents: 0,
    deposit_cents: booking.money.deposit_cents,
    remainder_cents: booking.money.remainder_cents,
    remainder_due_on: booking.money.remainder_due_on,
    discount_cents: 0,
    voucher: null,
    paid_cents: booking.money.paid_cents,
    hold_expires_at: null,
    payment_option: booking.money.payment_option,
    sma_status: "none",
    sma_blocking: false,
    sma_page: null,
    companions: [],
    account: null,
  };
  const context: BookingPageContext = {
    booking: view,
    today: booking.later_details.closes_on,
    countries: [],
    prices: [],
    stock: [],
    uploads: booking.uploads,
    uploadUrl: booking.links.upload,
    participantErrors: {},
    hidden: new Set(),
    // Only an upload reports an edit here, once its file is stored: the page then shows it among the files.
    onEdit: onUploaded,
    onChoicesChange: () => undefined,
    onParticipantEdit: () => undefined,
    renderItem: () => null,
    childrenOf: () => [],
  };
  return context;
}

function LaterDetails({ booking, result }: { booking: PageBooking; result: ActionResult }) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const revalidator = useRevalidator();
  const { later_details: later } = booking;
  if (later.items.length === 0) return null;
  const errors: Record<string, string[]> = result?.intent === "details" ? result.errors : {};
  const context = laterContext(booking, later.answers, () => void revalidator.revalidate());
  // Fields read back from the post, and uploads, which are stored the moment a file is chosen.
  const posted = (item: PublicFormItem) => formItemRenderers[item.kind].readAnswer !== null;
  const savesItself = (item: PublicFormItem): boolean => {
    const renderer: FormItemKindRenderer = formItemRenderers[item.kind];
    return renderer.savesItself === true;
  };
  const editable = (item: PublicFormItem) => later.open && (posted(item) || savesItself(item));
  const answerOf = (item: PublicFormItem) => booking.answers.find((answer) => answer.item_uuid === item.uuid)?.text ?? t("manage.notGiven");
  return (
    <Section id="later-title" title={t("manage.later")}>
      <p className="text-sm text-ink">
        {later.open ? t("manage.laterIntro", { date: booking.display.closesOn }) : t("manage.laterClosed", { date: booking.display.closesOn })}
      </p>
      {result?.intent === "details" && (
        <div className="mt-3">{<FormMessage tone={"failed" in result ? "error" : "success"}>{result.message}</FormMessage>}</div>
      )}
      {later.open ? (
        <Form method="post" className="mt-4 space-y-5" noValidate>
          <input type="hidden" name="intent" value="details" />
          {later.items.map((item) => {
            if (!editable(item)) return <Rows key={item.uuid} rows={[[item.label, answerOf(item)]]} />;
            const renderer = formItemRenderers[item.kind];
            return <renderer.Render key={item.uuid} item={markCompletableLater(item, t("booking.laterNote"))} error={errors[item.uuid]?.[0]} page={context} />;
          })}
          {later.items.some(posted) && (
            <Button type="submit" disabled={busy}>
              {t("manage.save")}
            </Button>
          )}
        </Form>
      ) : (
        <div className="mt-3">
          <Rows rows={later.items.map((item) => [item.label, answerOf(item)])} />
        </div>
      )}
    </Section>
  );
}

function GonePage({ gone, result, locale }: { gone: "expired" | "revoked"; result: ActionResult; locale: Route.ComponentProps["loaderData"]["locale"] }) {
  const { t } = useTranslation();
  return (
    <PageCard title={t(gone === "expired" ? "manage.expiredTitle" : "manage.revokedTitle")} wide>
      <div className="space-y-5">
        {result?.intent === "renew" && !("failed" in result) && <FormMessage tone="success">{result.message}</FormMessage>}
        <p className="text-ink">{t(gone === "expired" ? "manage.expiredBody" : "manage.revokedBody")}</p>
        <Button to={localizePath("/events", locale)} variant="ghost">
          {t("manage.toEvents")}
        </Button>
      </div>
    </PageCard>
  );
}

export default function MyBookingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const { booking, gone, locale } = loaderData;
  if (gone || !booking) return <GonePage gone={gone ?? "revoked"} result={actionData} locale={locale} />;
  const { display, money } = booking;
  const companionLabel = (type: string | null) => t(`manage.companionTypes.${(type ?? "none") as "none"}`);
  const removal = actionData?.intent === "remove-preview" && "removal" in actionData ? actionData.removal : null;
  const removable = booking.people.some((person) => person.removal?.allowed === true);
  const removalMessage =
    (actionData?.intent === "remove" || actionData?.intent === "remove-preview") && actionData.message
      ? { text: actionData.message, failed: "failed" in actionData }
      : null;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
      <p className="text-sm font-semibold uppercase tracking-wide text-gold-700">{t("manage.metaTitle")}</p>
      <h1 id="page-title" className="mt-1 font-display text-3xl font-bold text-navy-900 sm:text-4xl">
        {booking.event.title}
      </h1>
      <p className="mt-2 text-ink-soft">
        {display.dates} · {booking.event.location}
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <span className="rounded-full bg-navy-100 px-3 py-1 text-sm font-semibold text-navy-800">{t(`dashboard.status.${booking.status}`)}</span>
        {booking.code && (
          <span className="text-sm text-ink-soft">
            {t("manage.code")}: <span className="font-mono font-semibold text-ink">{booking.code}</span>
          </span>
        )}
      </div>
      <p className="mt-3 text-ink" data-testid="status-text">
        {t(`manage.statusText.${booking.status}`)}
      </p>
      <div className="mt-5 flex flex-wrap gap-3">
        {money.pay_url && display.payLabel && <Button href={money.pay_url}>{display.payLabel}</Button>}
        <a href={booking.links.calendar} download className={buttonClasses("secondary")}>
          {t("manage.calendar")}
        </a>
        {booking.links.invoice && (
          <a href={booking.links.invoice} download className={buttonClasses("secondary")}>
            {t("manage.invoice")}
          </a>
        )}
      </div>

      <div className="mt-8 grid gap-5 lg:grid-cols-2">
        <Section id="money-title" title={t("manage.money")}>
          {money.discount && (
            <p className="flex justify-between gap-4 border-b border-navy-900/10 pb-2 text-sm" data-testid="discount-line">
              <span className="text-ink-soft">{t("booking.price.discount", { code: money.discount.code })}</span>
              <span className="font-semibold text-navy-900">{formatMoney(-money.discount.amount_cents, locale)}</span>
            </p>
          )}
          <AccountSummary account={money.account} locale={locale} />
          {display.nextDueOn && money.payment_option !== "invoice" && (
            <p className="mt-3 text-sm text-ink-soft">{t("account.earlyNote", { date: display.nextDueOn })}</p>
          )}
          {money.payment_option === "invoice" && money.account.outstanding_cents > 0 && <p className="mt-3 text-sm text-ink-soft">{t("account.byTransfer")}</p>}
          {money.account.credit_cents > 0 && (
            <p className="mt-3 text-sm text-ink-soft">{t("account.creditNote", { amount: formatMoney(money.account.credit_cents, locale) })}</p>
          )}
        </Section>
        <Section id="people-title" title={t("manage.people")}>
          <ul className="divide-y divide-navy-900/10 text-sm">
            {booking.people.map((person) => (
              <li key={person.uuid} className="flex flex-col gap-1 py-2 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between sm:gap-x-4">
                <span className="font-semibold text-navy-900">{person.name || "—"}</span>
                <span className="text-ink-soft">{person.role === "main" ? t("manage.mainParticipant") : companionLabel(person.companion_type)}</span>
                <RemoveCompanion uuid={person.uuid} name={person.name} terms={person.removal} preview={removal} selfHref={booking.links.self} />
              </li>
            ))}
          </ul>
          {removable && !removal && <p className="mt-3 text-sm text-ink-soft">{t("manage.removeCompanion.intro")}</p>}
          {removalMessage && (
            <div className="mt-3">
              <FormMessage tone={removalMessage.failed ? "error" : "success"}>{removalMessage.text}</FormMessage>
            </div>
          )}
        </Section>
      </div>

      <div className="mt-5 space-y-5">
        {loaderData.waivers && <ManageWaiversSection people={loaderData.waivers.people} locale={locale} />}
        <LaterDetails booking={booking} result={actionData} />
        {display.days.length > 0 && (
          <Section id="vehicles-title" title={t("manage.vehicles")}>
            <ul className="space-y-3 text-sm">
              {display.days.map((day) => (
                <li key={day.day}>
                  <h3 className="font-semibold text-navy-900">{t("manage.day", { day: day.day, date: day.date })}</h3>
                  <ul className="mt-1 list-inside list-disc text-ink">
                    {day.resources.map((resource) => (
                      <li key={resource.key}>
                        {resource.quantity > 1 ? `${t("manage.quantity", { count: resource.quantity })} ` : ""}
                        {resource.label}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </Section>
        )}
        <Section id="answers-title" title={t("manage.answers")}>
          {booking.answers.length === 0 ? (
            <p className="text-sm text-ink-soft">{t("manage.noAnswers")}</p>
          ) : (
            <Rows rows={booking.answers.map((answer) => [answer.label, answer.text])} />
          )}
        </Section>
        {display.invoices.length > 0 && (
          <Section id="invoices-title" title={t("invoices.heading")}>
            <InvoiceList entries={display.invoices} />
          </Section>
        )}
        <Section id="uploads-title" title={t("manage.uploads")}>
          {display.files.length === 0 ? (
            <p className="text-sm text-ink-soft">{t("manage.noUploads")}</p>
          ) : (
            <ul className="divide-y divide-navy-900/10 text-sm">
              {display.files.map((file) => (
                <li key={file.uuid} className="flex flex-col gap-1 py-2 sm:flex-row sm:items-center sm:justify-between">
                  <span className="break-all font-semibold text-navy-900">{file.name}</span>
                  <span className="flex flex-wrap items-center gap-3 text-ink-soft">
                    {file.size}
                    {file.duration_seconds !== null && <span>{t("manage.videoLength", { seconds: file.duration_seconds })}</span>}
                    <a
                      href={file.href}
                      download
                      aria-label={t("manage.downloadFile", { name: file.name })}
                      className="font-semibold text-navy-800 underline underline-offset-2"
                    >
                      {t("manage.download")}
                    </a>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Section>
        <CancelBookingSection
          terms={booking.cancellation}
          fee={display.cancelFee}
          until={display.cancelUntil}
          selfHref={booking.links.self}
          preview={actionData?.intent === "cancel-preview" && "preview" in actionData ? actionData.preview : null}
          message={
            (actionData?.intent === "cancel" || actionData?.intent === "cancel-preview") && actionData.message
              ? { text: actionData.message, failed: "failed" in actionData }
              : null
          }
        />
        <Section id="personal-data-title" title={t("personalData.title")}>
          <p className="text-sm text-ink">{t("personalData.bookingText")}</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <a href={booking.links.personalData.json} download className={buttonClasses("secondary")}>
              {t("personalData.downloadJson")}
            </a>
            <a href={booking.links.personalData.pdf} download className={buttonClasses("secondary")}>
              {t("personalData.downloadPdf")}
            </a>
          </div>
        </Section>
        <Section id="link-title" title={t("manage.linkHeading")}>
          <p className="text-sm text-ink">{t("manage.linkIntro")}</p>
          {actionData?.intent === "renew" && (
            <div className="mt-3">
              <FormMessage tone={"failed" in actionData ? "error" : "success"}>{actionData.message}</FormMessage>
            </div>
          )}
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="renew" />
            <Button type="submit" variant="secondary" disabled={busy}>
              {t("manage.newLink")}
            </Button>
          </Form>
        </Section>
      </div>
    </div>
  );
}
