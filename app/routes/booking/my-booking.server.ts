import { invoiceListOf } from "../../utils/invoice-list-view";
import { data } from "react-router";
import type { ManageBookingView } from "../../../core/contracts/manage-booking";
import type { CustomerCancelPreview } from "../../../core/contracts/cancellation";
import type { CompanionRemovalPreview } from "../../../core/contracts/companion-removal";
import type { RemovalPreviewView } from "../../components/booking/remove-companion";
import { formatDate, formatDateRange } from "../../../core/domain/dates";
import { formatMoney } from "../../../core/domain/money";
import { translatorFor } from "../../../core/i18n/i18n";
import { localizePath, type Locale } from "../../../core/i18n/locales";
import { AppError } from "../../../server/errors";
import { actorOfSession } from "../../../server/http/web-session-actor";
import { webContext, type WebContext } from "../../../server/load-context";
import { formItemRenderers } from "../../components/booking/kinds";
import { pageLocale } from "../../utils/auth.server";
import { notFound } from "../../utils/http-errors.server";
import type { Route } from "./+types/my-booking";

type Gone = "expired" | "revoked";
const intents = ["renew", "cancel-preview", "cancel", "remove-preview", "remove"] as const;
const intentOf = (value: FormDataEntryValue | null): (typeof intents)[number] | "details" =>
  intents.find((intent) => intent === value) ?? "details";
const goneOf = (error: unknown): Gone | null =>
  AppError.is(error) && error.code === "GONE" ? (error.messageKey === "manageLinkExpired" ? "expired" : "revoked") : null;

/** `e•••@example.com`: the page says where the new link went without showing the whole address to whoever holds this one. */
function maskedEmail(email: string): string {
  const [name = "", domain = ""] = email.split("@");
  return `${name.slice(0, 1)}•••@${domain}`;
}

const megabytes = (bytes: number, locale: Locale) => `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024))} MB`;

/** Amounts and dates formatted here, so server and browser render the same text (event-view.ts). */
function pageView(view: ManageBookingView, locale: Locale, token: string) {
  const base = localizePath(`/my-booking/${token}`, locale);
  return {
    ...view,
    display: {
      dates: formatDateRange(view.event.starts_on, view.event.ends_on, locale),
      // The pay button's words from the account: what has fallen due now, or the next instalment early (decision 067).
      payLabel: view.money.due
        ? translatorFor(locale)(view.money.due.early ? "account.payEarly" : "manage.payNow", { amount: formatMoney(view.money.due.amount_cents, locale) })
        : null,
      nextDueOn: view.money.account.payable?.early && view.money.account.payable.due_on ? formatDate(view.money.account.payable.due_on, locale) : null,
      closesOn: formatDate(view.later_details.closes_on, locale),
      // The customer's own cancellation (issue 30): today's fee by the event's schedule, and until when it applies.
      cancelFee: view.cancellation.allowed ? formatMoney(view.cancellation.fee_cents, locale) : null,
      cancelUntil: view.cancellation.allowed ? formatDate(view.cancellation.until, locale) : null,
      files: view.uploads.map((upload) => ({
        ...upload,
        size: megabytes(upload.size_bytes, locale),
        href: `${base}/files/${upload.uuid}`,
      })),
      days: view.vehicles.map((day) => ({ ...day, date: formatDate(day.date, locale) })),
      invoices: invoiceListOf(view.invoices, locale, (document) => `${base}/invoice/${document.uuid}`),
    },
    links: {
      self: base,
      calendar: `${base}/calendar.ics`,
      invoice: view.has_invoice ? `${base}/invoice` : null,
      /** The booking's personal data (decision 076). */
      personalData: { json: `${base}/personal-data/json`, pdf: `${base}/personal-data/pdf` },
      /** Where the later-details upload fields send their files (the API, not the page: streamed to disk). */
      upload: `/api/booking/manage/${token}/upload`,
    },
  };
}

async function openView(web: WebContext, request: Request, token: string, locale: Locale) {
  const actor = actorOfSession(await web.session());
  return web.services.manage.view(actor, { token, locale });
}

/**
 * `/my-booking/{token}` (+ /de): "manage my booking" for everyone with the signed link from the
 * booking e-mails, guests included (decision 023). A wrong link is the 404 page; a revoked or
 * expired one answers 410 with a page that says which.
 */
export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const locale = pageLocale(url);
  try {
    const view = await openView(web, request, params.token, locale);
    // The event's waivers (decision 080): each person's state and own sign link.
    const waivers = await web.services.waivers.ofManagedBooking(actorOfSession(await web.session()), { token: params.token, locale });
    return { locale, gone: null, booking: pageView(view, locale, params.token), waivers };
  } catch (error) {
    const gone = goneOf(error);
    if (gone) return data({ locale, gone, booking: null, waivers: null }, { status: 410 });
    if (AppError.is(error) && error.code === "NOT_FOUND") notFound();
    throw error;
  }
}

/** The cancellation preview's figures as the page shows them. */
function cancelPreviewView(preview: CustomerCancelPreview, locale: Locale) {
  return {
    feeCents: preview.fee_cents,
    fee: formatMoney(preview.fee_cents, locale),
    cardRefund: preview.card_refund_cents > 0 ? formatMoney(preview.card_refund_cents, locale) : null,
    queuedRefund: preview.queued_refund_cents > 0 ? formatMoney(preview.queued_refund_cents, locale) : null,
    newBalance: formatMoney(preview.account.outstanding_cents, locale),
  };
}

/** The preview of taking one companion off, as the page shows it. */
function removalPreviewView(preview: CompanionRemovalPreview, version: number, locale: Locale): RemovalPreviewView {
  return {
    companion: preview.companion_uuid,
    name: preview.companion_name,
    feeCents: preview.fee_cents,
    version,
    share: formatMoney(preview.share_cents, locale),
    fee: formatMoney(preview.fee_cents, locale),
    newTotal: formatMoney(preview.total_cents, locale),
    cardRefund: preview.card_refund_cents > 0 ? formatMoney(preview.card_refund_cents, locale) : null,
    queuedRefund: preview.queued_refund_cents > 0 ? formatMoney(preview.queued_refund_cents, locale) : null,
    newBalance: formatMoney(preview.account.outstanding_cents, locale),
  };
}

const wholeNumber = (value: FormDataEntryValue | null) => {
  const number = Number(value);
  if (typeof value !== "string" || value === "" || !Number.isInteger(number) || number < 0) throw new AppError("VALIDATION_FAILED", "invalidRequest");
  return number;
};
const companionOf = (value: FormDataEntryValue | null) => {
  if (typeof value !== "string" || !/^[0-9a-f-]{36}$/i.test(value)) throw new AppError("VALIDATION_FAILED", "invalidRequest");
  return value;
};

/**
 * "Send me a new link" (`intent=renew`), the later details (`intent=details`), the cancellation's preview and
 * confirmation (`cancel-preview`, `cancel`), taking one companion off (`remove-preview`, `remove`).
 */
export async function action({ request, url, params, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const locale = pageLocale(url);
  const t = translatorFor(locale);
  const actor = actorOfSession(await web.session());
  const formData = await request.formData();
  try {
    if (formData.get("intent") === "renew") {
      const { sentTo } = await web.services.manage.renewLink(actor, { token: params.token });
      return { intent: "renew" as const, message: t("manage.newLinkSent", { email: maskedEmail(sentTo) }), errors: {} };
    }
    if (formData.get("intent") === "cancel-preview") {
      const preview = await web.services.manage.previewCancel(actor, { token: params.token });
      return { intent: "cancel-preview" as const, message: "", errors: {}, preview: cancelPreviewView(preview, locale) };
    }
    if (formData.get("intent") === "remove-preview") {
      // The version the preview was made on: the removal names it, so a change meanwhile is refused (409).
      const view = await web.services.manage.view(actor, { token: params.token, locale });
      const preview = await web.services.manage.previewCompanionRemoval(actor, { token: params.token, companionId: companionOf(formData.get("companion")) });
      return { intent: "remove-preview" as const, message: "", errors: {}, removal: removalPreviewView(preview, view.version, locale) };
    }
    if (formData.get("intent") === "remove") {
      const done = await web.services.manage.removeCompanion(actor, {
        token: params.token,
        companionId: companionOf(formData.get("companion")),
        feeCents: wholeNumber(formData.get("fee_cents")),
        version: wholeNumber(formData.get("version")),
      });
      return { intent: "remove" as const, message: t("manage.removeCompanion.done", { name: done.companion_name }), errors: {} };
    }
    if (formData.get("intent") === "cancel") {
      const feeCents = Number(formData.get("fee_cents"));
      if (!Number.isInteger(feeCents) || feeCents < 0) throw new AppError("VALIDATION_FAILED", "invalidRequest");
      await web.services.manage.cancel(actor, { token: params.token, feeCents });
      return { intent: "cancel" as const, message: t("manage.cancel.done"), errors: {} };
    }
    const view = await web.services.manage.view(actor, { token: params.token, locale });
    const answers: Record<string, string | boolean | string[] | null> = {};
    for (const item of view.later_details.items) {
      const read = formItemRenderers[item.kind].readAnswer;
      if (!read) continue;
      const value = read(formData, item);
      answers[item.uuid] = value === "" ? null : value;
    }
    await web.services.manage.saveLaterDetails(actor, { token: params.token, answers, locale });
    return { intent: "details" as const, message: t("manage.saved"), errors: {} };
  } catch (error) {
    // A link revoked or expired meanwhile: the message says so, and the page reloads as "gone".
    if (
      AppError.is(error) &&
      (error.code === "GONE" || error.code === "VALIDATION_FAILED" || error.code === "CONFLICT" || error.code === "TOO_MANY_REQUESTS")
    ) {
      const response = error.toResponse(locale);
      return data(
        {
          intent: intentOf(formData.get("intent")),
          message: response.message,
          errors: response.errors ?? {},
          failed: true,
        },
        { status: error.status },
      );
    }
    if (AppError.is(error) && error.code === "NOT_FOUND") notFound();
    throw error;
  }
}
