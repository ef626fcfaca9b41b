import { intlLocaleTags, type Locale } from "../i18n/locales";

/** Amounts are integer cents in EUR everywhere (PRODUCT.md "Money"). */
export type Cents = number;

const formatters = new Map<Locale, Intl.NumberFormat>();

/** `10800` → `€108.00` in English, `108,00 €` in German. */
export function formatMoney(amount: Cents, locale: Locale): string {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(intlLocaleTags[locale], { style: "currency", currency: "EUR" });
    formatters.set(locale, formatter);
  }
  return formatter.format(amount / 100);
}
