import type { BookingView } from "../../core/contracts/bookings";
import type { PublicForm, ReservedVehicles } from "../../core/contracts/forms";
import { bookingPriceLines, parseResourceChoices, vehicleItemOptions, type ResourceChoice } from "../../core/domain/booking-choices";
import { choicePriceLines } from "../../core/domain/choice-prices";
import { formatDate, formatDateRange } from "../../core/domain/dates";
import { formatMoney } from "../../core/domain/money";
import { priceBooking, type PriceLine } from "../../core/domain/pricing";
import { voucherDiscountCents } from "../../core/domain/vouchers";
import { translatorFor } from "../../core/i18n/i18n";
import type { Locale } from "../../core/i18n/locales";

/** What the price depends on: the companions by type, the per-day resources, the priced choices chosen and a discount code (decision 079). */
export type PriceInputs = { companionTypes: string[]; resources: ResourceChoice[]; choiceLines: PriceLine[]; voucher: BookingView["voucher"] };

export function priceInputsOf(
  form: PublicForm,
  answers: Record<string, unknown>,
  companionTypes: (string | null)[],
  voucher: BookingView["voucher"] = null,
): PriceInputs {
  const items = form.pages.flatMap((page) => page.items);
  const resources = items.flatMap((item) =>
    item.kind === "vehicles" || item.kind === "vehicles_per_day"
      ? (parseResourceChoices(vehicleItemOptions(item.kind, item.options), answers[item.uuid]) ?? [])
      : [],
  );
  return {
    companionTypes: companionTypes.filter((type): type is string => Boolean(type)),
    resources,
    // The choices' prices come with the public form's items, as the submission reads them from the version.
    choiceLines: choicePriceLines(items, answers),
    voucher,
  };
}

/** The lines' price less the discount code's part, as the server prices a draft (running-price.ts). */
function pricedWithVoucher(form: PublicForm, inputs: PriceInputs) {
  const lines = bookingPriceLines(form.prices, inputs.companionTypes, inputs.resources, inputs.choiceLines);
  const gross = lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0);
  return priceBooking(
    lines,
    { depositPercent: form.payment_terms.deposit_percent, balanceDueDaysBeforeEvent: form.payment_terms.balance_due_days_before_event },
    { today: form.today, startsOn: form.event.starts_on },
    inputs.voucher ? voucherDiscountCents(inputs.voucher.discount, gross) : 0,
  );
}

export type PriceSummaryView = {
  eventPrice: string;
  companions: { count: number; total: string } | null;
  addons: string | null;
  /** The priced choices picked (decision 042); the stored booking counts them with the add-ons. */
  options: string | null;
  total: string;
  dueNow: string;
  /** Set when a deposit is due now and the rest later. */
  deposit: { percent: number; remainder: string; dueOn: string } | null;
  /** A discount code's part, as a negative amount (decision 079). */
  discount: { code: string; amount: string } | null;
};

/**
 * The live price summary: the same price list and rules as the submission (core/domain), formatted
 * for `locale`. The server's price at submission is the one that counts.
 */
export function priceSummary(form: PublicForm, inputs: PriceInputs, locale: Locale): PriceSummaryView {
  const optionsCents = inputs.choiceLines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0);
  const price = pricedWithVoucher(form, inputs);
  return {
    eventPrice: formatMoney(price.eventPriceCents, locale),
    companions: inputs.companionTypes.length ? { count: inputs.companionTypes.length, total: formatMoney(price.companionTotalCents, locale) } : null,
    addons: inputs.resources.length ? formatMoney(price.addonsTotalCents - optionsCents, locale) : null,
    options: inputs.choiceLines.length ? formatMoney(optionsCents, locale) : null,
    total: formatMoney(price.totalCents, locale),
    dueNow: formatMoney(price.depositCents, locale),
    deposit:
      price.remainderCents > 0 && price.remainderDueOn
        ? { percent: form.payment_terms.deposit_percent, remainder: formatMoney(price.remainderCents, locale), dueOn: formatDate(price.remainderDueOn, locale) }
        : null,
    discount: inputs.voucher && price.discountCents > 0 ? { code: inputs.voucher.code, amount: formatMoney(-price.discountCents, locale) } : null,
  };
}

/** The summary of a saved booking, rendered by the server (the browser recomputes it as the visitor edits). */
export function bookingPriceView(form: PublicForm, booking: BookingView, locale: Locale): PriceSummaryView {
  return priceSummary(
    form,
    priceInputsOf(
      form,
      booking.answers,
      booking.companions.map((companion) => companion.type),
      booking.voucher,
    ),
    locale,
  );
}

/**
 * What the draft would owe on booking as it stands: the deposit, or everything when the balance is
 * already due (the payment method's help text says which, not always "deposit").
 */
export function draftPaymentDue(form: PublicForm, booking: BookingView): "deposit" | "full" {
  const inputs = priceInputsOf(
    form,
    booking.answers,
    booking.companions.map((companion) => companion.type),
    booking.voucher,
  );
  const price = pricedWithVoucher(form, inputs);
  // Close to the event the deposit is everything (priceBooking): the help then says the whole amount is due.
  return price.remainderCents > 0 ? "deposit" : "full";
}

/**
 * What a booking page shows of the event around its items, formatted on the server so that the
 * hydrated page matches: vehicle stock per day, the price list, the event's dates. Shared by the
 * booking page and its preview.
 */
export function bookingPageLists(form: PublicForm, reserved: ReservedVehicles | null, locale: Locale) {
  const t = translatorFor(locale);
  return {
    stock: (reserved?.days ?? []).map((day) => ({
      day: day.day,
      label: t("booking.vehicles.dayWithDate", { day: day.day, date: formatDate(day.date, locale) }),
      resources: day.resources.map(({ key, stock, used }) => ({ key, stock, used })),
    })),
    prices: form.prices.map((price) => ({
      kind: price.kind,
      key: price.key,
      label: price.label,
      // A free choice (the own car) reads as on the event page: "included", never "€0.00" (issue 32).
      amount: price.amount_cents === 0 ? t("eventPage.included") : formatMoney(price.amount_cents, locale),
      per_day: price.per_day,
      free: price.amount_cents === 0,
    })),
    eventDates: formatDateRange(form.event.starts_on, form.event.ends_on, locale),
  };
}
