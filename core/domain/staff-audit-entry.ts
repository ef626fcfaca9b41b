import { translatorFor } from "../i18n/i18n";
import type { Locale } from "../i18n/locales";
import { formatMoney } from "./money";

/**
 * One row of the staff audit log (`staff_audit_log`, issue 31) in the reader's language: its kind
 * (the filter's groups), what happened, and a sentence from its structured details. The booking
 * trail's rows are `audit-entry.ts`; this is the back office's own log (who changed a price, a role,
 * the site settings, who exported what, who logged in).
 */

/** The filter's groups, in the order of its list. */
export const staffAuditKinds = [
  "catalogue",
  "forms",
  "pages",
  "settings",
  "email_texts",
  "accounts",
  "logins",
  "exports",
  "waitlist",
  "messages",
  "privacy",
  "waivers",
  "vouchers",
] as const;
export type StaffAuditKind = (typeof staffAuditKinds)[number];

/** Every `action` the verbs write, by kind; the verb beside each in `docs/decisions/078-audit-log-and-calendar.md`. */
export const staffAuditActionsByKind = {
  catalogue: [
    "event_created",
    "event_updated",
    "event_duplicated",
    "event_published",
    "event_unpublished",
    "event_archived",
    "event_restored",
    "event_image_set",
    "event_image_removed",
    "category_created",
    "category_updated",
    "category_deleted",
    "category_moved",
  ],
  forms: ["form_created", "form_draft_saved", "form_published"],
  pages: ["page_created", "page_updated", "page_deleted", "page_published", "page_unpublished", "page_moved"],
  settings: ["site_settings_created", "site_settings_changed"],
  email_texts: ["email_text_saved", "email_text_reset"],
  accounts: [
    "staff_invited",
    "staff_invitation_resent",
    "staff_invitation_revoked",
    "staff_role_changed",
    "staff_disabled",
    "staff_enabled",
    "staff_second_factor_reset",
  ],
  logins: ["staff_logged_in", "second_factor_enrolled"],
  exports: ["bookings_exported", "participants_exported", "invoices_exported", "audit_exported"],
  waitlist: ["waitlist_offered", "waitlist_removed"],
  messages: ["event_message_sent"],
  privacy: ["personal_data_exported", "personal_data_erased"],
  waivers: ["waiver_text_saved", "event_waiver_set", "paper_waiver_recorded"],
  vouchers: ["voucher_created", "voucher_updated", "voucher_deactivated", "voucher_activated"],
} as const satisfies Record<StaffAuditKind, readonly string[]>;

export type StaffAuditAction = (typeof staffAuditActionsByKind)[StaffAuditKind][number];
const actionKinds = new Map<string, StaffAuditKind>(
  staffAuditKinds.flatMap((kind) => staffAuditActionsByKind[kind].map((action): [string, StaffAuditKind] => [action, kind])),
);

export const isStaffAuditKind = (value: unknown): value is StaffAuditKind =>
  typeof value === "string" && (staffAuditKinds as readonly string[]).includes(value);
/** The kind of a row's action; null for an action this list does not know (shown by its name). */
export const kindOfStaffAction = (action: string): StaffAuditKind | null => actionKinds.get(action) ?? null;
const isStaffAuditAction = (action: string): action is StaffAuditAction => actionKinds.has(action);

export type StaffAuditRow = {
  action: string;
  details: Record<string, unknown>;
  /** The name of what the row is about, looked up by the reader: the account's e-mail, the event's or page's title. */
  subjectName: string | null;
};
export type StaffAuditDescription = { kind: StaffAuditKind | null; what: string; text: string | null };

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value : null);
const cents = (value: unknown): number | null => (typeof value === "number" && Number.isInteger(value) ? value : null);
const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** A price's change as `update-staff-event.ts` writes it: its key, and the amounts before and after (null: added or removed). */
export type PriceChange = { key: string; from: number | null; to: number | null };
const isPriceChange = (value: unknown): value is PriceChange => {
  const change = record(value);
  return (
    change !== null &&
    typeof change.key === "string" &&
    (change.from === null || cents(change.from) !== null) &&
    (change.to === null || cents(change.to) !== null)
  );
};

/** The prices whose amount changed between two price lists, by key (added and removed ones too). */
export function priceChanges(before: readonly { key: string; amountCents: number }[], after: readonly { key: string; amountCents: number }[]): PriceChange[] {
  const from = new Map(before.map((price) => [price.key, price.amountCents]));
  const to = new Map(after.map((price) => [price.key, price.amountCents]));
  const keys = [...new Set([...from.keys(), ...to.keys()])];
  return keys.map((key) => ({ key, from: from.get(key) ?? null, to: to.get(key) ?? null })).filter((change) => change.from !== change.to);
}

/** The row in the reader's language; see the module's comment. */
export function describeStaffAuditEntry(row: StaffAuditRow, locale: Locale): StaffAuditDescription {
  const t = translatorFor(locale);
  const kind = kindOfStaffAction(row.action);
  const what = isStaffAuditAction(row.action) ? t(`admin.audit.actions.${row.action}`) : row.action;
  const details = row.details;
  const subject = row.subjectName;
  const fromTo = (from: string, to: string) => t("admin.audit.text.fromTo", { from, to });
  const role = (value: unknown) => (value === "admin" || value === "staff" ? t(`admin.roles.${value}`) : (text(value) ?? "—"));
  const money = (value: unknown) => {
    const amount = cents(value);
    return amount === null ? "—" : formatMoney(amount, locale);
  };
  const withSubject = (sentence: string | null) => (subject && sentence ? `${subject}: ${sentence}` : (sentence ?? subject));

  switch (row.action) {
    case "staff_role_changed":
      return { kind, what, text: withSubject(fromTo(role(details.from), role(details.to))) };
    case "staff_invited":
      return { kind, what, text: withSubject(role(details.role)) };
    case "event_updated": {
      const parts: string[] = [];
      const capacity = record(details.capacity);
      if (capacity && capacity.from !== capacity.to && typeof capacity.from === "number" && typeof capacity.to === "number") {
        parts.push(t("admin.audit.text.capacity", { change: fromTo(String(capacity.from), String(capacity.to)) }));
      }
      const prices = Array.isArray(details.prices) ? details.prices.filter(isPriceChange) : [];
      for (const price of prices) parts.push(t("admin.audit.text.price", { key: price.key, change: fromTo(money(price.from), money(price.to)) }));
      return { kind, what, text: withSubject(parts.length ? parts.join("; ") : null) };
    }
    case "event_published":
    case "event_unpublished":
    case "event_archived":
    case "event_restored":
      return { kind, what, text: subject };
    case "email_text_saved":
    case "email_text_reset": {
      const template = text(details.template);
      const language = text(details.locale);
      return { kind, what, text: template ? [template, language?.toUpperCase()].filter(Boolean).join(" · ") : null };
    }
    case "site_settings_changed": {
      const changed = Array.isArray(details.changed) ? details.changed.filter((field): field is string => typeof field === "string") : [];
      return { kind, what, text: changed.length ? changed.join(", ") : null };
    }
    case "bookings_exported": {
      const codes = Array.isArray(details.codes) ? details.codes.filter((code): code is string => typeof code === "string") : [];
      return { kind, what, text: codes.length ? t("admin.audit.text.bookings", { count: codes.length, codes: codes.slice(0, 5).join(", ") }) : null };
    }
    case "invoices_exported": {
      const from = text(details.from);
      const to = text(details.to);
      return { kind, what, text: [text(details.format)?.toUpperCase(), from && to ? `${from} – ${to}` : null].filter(Boolean).join(" · ") || null };
    }
    case "event_message_sent": {
      const count = typeof details.count === "number" ? details.count : 0;
      const subjects = record(details.subject);
      const title = text(subjects?.[locale]) ?? text(subjects?.en);
      return { kind, what, text: withSubject(t("admin.audit.text.message", { count, subject: title ?? "—" })) };
    }
    case "personal_data_exported":
      return { kind, what, text: [text(details.email), text(details.format)?.toUpperCase()].filter(Boolean).join(" · ") || null };
    case "personal_data_erased": {
      const count = (value: unknown) => (typeof value === "number" ? value : 0);
      const sentence = t("admin.audit.text.privacyErased", {
        email: text(details.email) ?? "—",
        bookings: count(details.bookings),
        waitlist: count(details.waitlist_entries),
        emails: count(details.emails),
      });
      return { kind, what, text: details.account_deleted === true ? `${sentence}; ${t("admin.audit.text.privacyAccountDeleted")}` : sentence };
    }
    case "waiver_text_saved":
      return { kind, what, text: [text(details.name), typeof details.version === "number" ? `v${details.version}` : null].filter(Boolean).join(" · ") || null };
    case "paper_waiver_recorded":
      return { kind, what, text: withSubject([text(details.code), text(details.person)].filter(Boolean).join(" · ") || null) };
    case "voucher_created":
    case "voucher_updated":
    case "voucher_deactivated":
    case "voucher_activated":
      // The code itself (it is what staff search for), and what changed when it was edited.
      return { kind, what, text: [text(details.code), Array.isArray(details.changed) ? details.changed.filter((field) => typeof field === "string").join(", ") : null].filter(Boolean).join(": ") || null };
    case "audit_exported":
    case "staff_logged_in":
    case "second_factor_enrolled":
      return { kind, what, text: null };
    default:
      return { kind, what, text: subject };
  }
}

/** The CSV of the log (RFC 4180, CRLF); a cell starting like a formula is made inert with a leading apostrophe. */
export function staffAuditCsv(header: readonly string[], lines: readonly (readonly string[])[]): string {
  const cell = (value: string) => {
    const inert = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[",\r\n]/.test(inert) ? `"${inert.replace(/"/g, '""')}"` : inert;
  };
  return [header, ...lines].map((line) => line.map(cell).join(",")).join("\r\n") + "\r\n";
}
