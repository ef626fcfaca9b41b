import { data, redirect } from "react-router";
import { staffVoucherInputSchema, type StaffVoucher, type StaffVoucherInput } from "../../../../core/contracts/staff-vouchers";
import type { FieldErrors } from "../../../../core/contracts/errors";
import { centsOfEuros } from "../../../../core/domain/euro-amount";
import { translatorFor } from "../../../../core/i18n/i18n";
import { localizePath, type Locale } from "../../../../core/i18n/locales";
import { AppError } from "../../../../server/errors";
import { notFound } from "../../../utils/http-errors.server";
import { openStaffDesk } from "../../../utils/staff-desk.server";
import type { Route } from "./+types/voucher";

/** The form's fields as typed (strings), so a refused post shows what was entered. */
export type VoucherValues = {
  code: string;
  discount_kind: "amount" | "percent";
  value: string;
  valid_from: string;
  valid_until: string;
  usage_limit: string;
  per_customer_limit: string;
  event_ids: string[];
  category_ids: string[];
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Cents as staff type euros (`49.90`, in German `49,90`; no thousands separators, as `centsOfEuros` reads them). */
const eurosOf = (cents: number, locale: Locale) => {
  const text = (cents / 100).toFixed(2);
  return locale === "de" ? text.replace(".", ",") : text;
};

function valuesOf(voucher: StaffVoucher | null, locale: Locale): VoucherValues {
  return {
    code: voucher?.code ?? "",
    discount_kind: voucher?.discount_kind ?? "amount",
    value: !voucher ? "" : voucher.discount_kind === "amount" ? eurosOf(voucher.discount_value, locale) : String(voucher.discount_value),
    valid_from: voucher?.valid_from ?? "",
    valid_until: voucher?.valid_until ?? "",
    usage_limit: voucher?.usage_limit === null || !voucher ? "" : String(voucher.usage_limit),
    per_customer_limit: voucher?.per_customer_limit === null || !voucher ? "" : String(voucher.per_customer_limit),
    event_ids: voucher?.event_ids ?? [],
    category_ids: (voucher?.category_ids ?? []).map(String),
  };
}

/** `/admin/vouchers/new` and `/admin/vouchers/{id}` (+ /de): a discount code's form (decision 079). */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const { web, actor, locale } = await openStaffDesk(url, context);
  const [vouchers, upcoming, past, categories] = await Promise.all([
    web.services.staffVouchers.list(actor),
    web.services.staffCatalogue.listEvents(actor, { view: "upcoming", locale }),
    web.services.staffCatalogue.listEvents(actor, { view: "past", locale }),
    web.services.staffCatalogue.listCategories(actor),
  ]);
  let voucher: StaffVoucher | null = null;
  if (params.id !== undefined) {
    if (!uuidPattern.test(params.id)) notFound();
    voucher = vouchers.find((each) => each.id === params.id) ?? notFound();
  }
  // The upcoming events to choose from, and a past one the code is already for (else saving would drop it).
  const events = [...upcoming, ...past.filter((event) => voucher?.event_ids.includes(event.uuid))];
  return {
    locale,
    voucher: voucher ? { id: voucher.id, code: voucher.code, timesUsed: voucher.times_used, active: voucher.active } : null,
    values: valuesOf(voucher, locale),
    events: events.map((event) => ({ id: event.uuid, title: event.title, startsOn: event.starts_on })),
    categories: categories.map((category) => ({ id: category.id, name: category.translations[locale]?.name ?? category.translations.en?.name ?? String(category.id) })),
  };
}

const wholeOrNull = (text: string): number | null | "invalid" => {
  if (!text.trim()) return null;
  return /^\d{1,7}$/.test(text.trim()) ? Number(text.trim()) : "invalid";
};

type ActionAnswer = { message: string; failed: boolean; errors?: FieldErrors; values?: VoucherValues };

/** Saves the code (a new one goes back to the list, named in its message); field errors beside their fields, the typed values kept. */
export async function action({ request, url, params, context }: Route.ActionArgs) {
  const { web, actor, user, locale } = await openStaffDesk(url, context);
  const t = translatorFor(locale);
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? "");
  const typed: VoucherValues = {
    code: text("code"),
    discount_kind: text("discount_kind") === "percent" ? "percent" : "amount",
    value: text("value"),
    valid_from: text("valid_from"),
    valid_until: text("valid_until"),
    usage_limit: text("usage_limit"),
    per_customer_limit: text("per_customer_limit"),
    event_ids: form.getAll("event_ids").map(String),
    category_ids: form.getAll("category_ids").map(String),
  };
  const errors: FieldErrors = {};
  const value = typed.discount_kind === "amount" ? centsOfEuros(typed.value) : /^\d{1,3}$/.test(typed.value.trim()) ? Number(typed.value.trim()) : null;
  if (value === null) errors.discount_value = [t("admin.vouchers.invalidValue")];
  const usageLimit = wholeOrNull(typed.usage_limit);
  const perCustomerLimit = wholeOrNull(typed.per_customer_limit);
  if (usageLimit === "invalid") errors.usage_limit = [t("admin.vouchers.invalidLimit")];
  if (perCustomerLimit === "invalid") errors.per_customer_limit = [t("admin.vouchers.invalidLimit")];
  const parsed = staffVoucherInputSchema.safeParse({
    code: typed.code,
    discount_kind: typed.discount_kind,
    discount_value: value ?? 0,
    valid_from: typed.valid_from || null,
    valid_until: typed.valid_until || null,
    usage_limit: usageLimit === "invalid" ? null : usageLimit,
    per_customer_limit: perCustomerLimit === "invalid" ? null : perCustomerLimit,
    event_ids: typed.event_ids,
    category_ids: typed.category_ids.map(Number),
  } satisfies Record<keyof StaffVoucherInput, unknown>);
  if (!parsed.success || Object.keys(errors).length)
    return data({ message: t("form.errorSummary"), failed: true, errors, values: typed } satisfies ActionAnswer, 422);
  const staff = { actorEmail: user.email, locale, voucher: parsed.data };
  try {
    if (params.id === undefined) {
      const created = await web.services.staffVouchers.create(actor, staff);
      return redirect(`${localizePath("/admin/vouchers", locale)}?saved=${encodeURIComponent(created.code)}`);
    }
    if (!uuidPattern.test(params.id)) notFound();
    const saved = await web.services.staffVouchers.update(actor, { ...staff, voucherId: params.id });
    return { message: t("admin.vouchers.saved", { code: saved.code }), failed: false, values: valuesOf(saved, locale) } satisfies ActionAnswer;
  } catch (error) {
    if (!AppError.is(error)) throw error;
    const answer = error.toResponse(locale);
    return data({ message: error.code === "VALIDATION_FAILED" ? t("form.errorSummary") : answer.message, failed: true, errors: answer.errors, values: typed } satisfies ActionAnswer, error.status);
  }
}
