import { data } from "react-router";
import { formatDate } from "../../../../core/domain/dates";
import { formatMoney } from "../../../../core/domain/money";
import { translatorFor } from "../../../../core/i18n/i18n";
import type { Locale } from "../../../../core/i18n/locales";
import type { StaffVoucher } from "../../../../core/contracts/staff-vouchers";
import { AppError } from "../../../../server/errors";
import { openStaffDesk } from "../../../utils/staff-desk.server";
import type { Route } from "./+types/vouchers";

/** A code's row as the list shows it: every figure formatted in the page's language on the server. */
export function voucherRowView(voucher: StaffVoucher, locale: Locale, names: { events: Map<string, string>; categories: Map<number, string> }) {
  const t = translatorFor(locale);
  const validity =
    voucher.valid_from && voucher.valid_until
      ? `${formatDate(voucher.valid_from, locale)} – ${formatDate(voucher.valid_until, locale)}`
      : voucher.valid_from
        ? t("admin.vouchers.from", { date: formatDate(voucher.valid_from, locale) })
        : voucher.valid_until
          ? t("admin.vouchers.until", { date: formatDate(voucher.valid_until, locale) })
          : t("admin.vouchers.always");
  const restricted = [
    ...voucher.event_ids.map((id) => names.events.get(id) ?? id),
    ...voucher.category_ids.map((id) => names.categories.get(id) ?? String(id)),
  ];
  return {
    id: voucher.id,
    code: voucher.code,
    discount: voucher.discount_kind === "amount" ? formatMoney(voucher.discount_value, locale) : `${voucher.discount_value} %`,
    validity,
    uses:
      voucher.usage_limit === null
        ? t("admin.vouchers.unlimited", { used: voucher.times_used })
        : t("admin.vouchers.usedOf", { used: voucher.times_used, limit: voucher.usage_limit }),
    perCustomer: voucher.per_customer_limit === null ? null : t("admin.vouchers.perCustomer", { limit: voucher.per_customer_limit }),
    restricted: restricted.length ? restricted.join(", ") : t("admin.vouchers.anyEvent"),
    active: voucher.active,
  };
}

/** `/admin/vouchers` (+ /de): every discount code with its discount, validity, uses and restriction (decision 079). */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { web, actor, locale } = await openStaffDesk(url, context);
  const [vouchers, events, categories] = await Promise.all([
    web.services.staffVouchers.list(actor),
    web.services.staffCatalogue.listEvents(actor, { view: "upcoming", locale }),
    web.services.staffCatalogue.listCategories(actor),
  ]);
  const names = {
    events: new Map(events.map((event) => [event.uuid, event.title])),
    categories: new Map(categories.map((category) => [category.id, category.translations[locale]?.name ?? category.translations.en?.name ?? String(category.id)])),
  };
  return {
    locale,
    vouchers: vouchers.map((voucher) => voucherRowView(voucher, locale, names)),
    saved: url.searchParams.get("saved"),
  };
}

type Answer = { message: string; failed?: true };

/** Deactivate or activate a code again (one post per button). */
export async function action({ request, url, context }: Route.ActionArgs) {
  const { web, actor, user, locale } = await openStaffDesk(url, context);
  const t = translatorFor(locale);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const voucherId = String(form.get("id") ?? "");
  try {
    if ((intent !== "deactivate" && intent !== "activate") || !/^[0-9a-f-]{36}$/i.test(voucherId)) throw new AppError("VALIDATION_FAILED", "invalidRequest");
    const active = intent === "activate";
    const voucher = await web.services.staffVouchers.setActive(actor, { voucherId, active, actorEmail: user.email });
    return { message: t(active ? "admin.vouchers.activated" : "admin.vouchers.deactivated", { code: voucher.code }) } satisfies Answer;
  } catch (error) {
    if (!AppError.is(error)) throw error;
    return data({ message: error.toResponse(locale).message, failed: true } satisfies Answer, error.status);
  }
}
