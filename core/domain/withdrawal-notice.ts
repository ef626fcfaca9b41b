import { pickLocale, type LocalizedText } from "../contracts/localized-text";
import type { Locale } from "../i18n/locales";

/**
 * What a customer is told about withdrawing from a booking, before the binding click (the review step)
 * and in the confirmation mail (issue 30). The law depends on what the event is:
 * - `leisure`: a leisure service on a fixed date (track days, tournaments): no 14-day right of
 *   withdrawal, § 312g (2) no. 9 BGB;
 * - later `package_trip` (§ 651h BGB: withdrawal before departure against the operator's flat rates),
 *   once an event can say it is one: a kind here, its text pair in the site settings, and its case in
 *   `contractKindOfEvent`. The compiler then names every place that must say it.
 * The wording is the operator's, from the site's legal settings, in every language.
 */
export const eventContractKinds = ["leisure"] as const;
export type EventContractKind = (typeof eventContractKinds)[number];

/** The kind of contract an event's booking makes. No event is a package trip yet: every one is a leisure service. */
export function contractKindOfEvent(_event: object): EventContractKind {
  return "leisure";
}

/** The operator's texts per kind in one language: the public site answer's fields (core/contracts/site.ts). */
export type WithdrawalNotices = { leisure_withdrawal_notice: string };

/** The notice for an event of `kind`, from the site's texts in the reader's language. */
export function withdrawalNoticeFor(kind: EventContractKind, notices: WithdrawalNotices): string {
  switch (kind) {
    case "leisure":
      return notices.leisure_withdrawal_notice;
  }
}

/** The same from the stored settings (jsonb per language), in `locale`: what the confirmation mail says. */
export function storedWithdrawalNoticeFor(kind: EventContractKind, stored: { leisureWithdrawalNotice: LocalizedText }, locale: Locale): string {
  return withdrawalNoticeFor(kind, { leisure_withdrawal_notice: pickLocale(stored.leisureWithdrawalNotice, locale) });
}

/** Where an installation starts (and what existing sites get with the migration); the operator rewords it in the site settings. */
export const defaultLeisureWithdrawalNotice = {
  en:
    "No right of withdrawal: this booking is for a leisure activity on a fixed date. Under § 312g (2) no. 9 of the German Civil Code (BGB), " +
    "the statutory right of withdrawal for distance contracts does not apply to it. Your booking is binding once you book; you may cancel only as our terms and conditions provide.",
  de:
    "Kein Widerrufsrecht: Diese Buchung betrifft eine Freizeitveranstaltung zu einem festen Termin. Nach § 312g Abs. 2 Nr. 9 BGB besteht dafür " +
    "kein gesetzliches Widerrufsrecht für Fernabsatzverträge. Ihre Buchung ist mit dem Absenden verbindlich; stornieren können Sie nur nach unseren AGB.",
} satisfies LocalizedText;
