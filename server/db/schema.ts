/* eslint-disable max-lines -- the whole data model stays in one file on purpose: drizzle-kit generates the migrations from it, and the tables and their constraints are checked side by side (decision 002). */
/**
 * The whole data model (spec §3 and PRODUCT.md) in one file. Later issues fill in behaviour, but the
 * tables exist from the start so migrations stay additive.
 *
 * Conventions: uuids for everything a URL or API names, except event categories (the spec finds them
 * by numeric id); money in integer cents; calendar dates as `date`, instants as `timestamptz`.
 * Texts shown to visitors are localized either in translation tables (where a slug must be unique per
 * locale: pages, categories) or as a `{ en, de, … }` jsonb object, one key per language of the list (see docs/decisions/002).
 */
import { sql, type AnyColumn, type SQL } from "drizzle-orm";

type AnyColumnOrSql = AnyColumn | SQL;
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { formItemKinds } from "../../core/contracts/forms";
import { bookingStatuses } from "../../core/domain/booking-status";
import { accountPaymentStates, paymentMethods } from "../../core/domain/booking-account";
import { paymentProviderNames } from "../../core/domain/payment-providers";
import type { BookedPriceLine } from "../../core/domain/booked-price-lines";
import type { VoucherDiscount } from "../../core/domain/vouchers";
import { legalPageKeys } from "../../core/domain/legal-pages";
import { defaultLeisureWithdrawalNotice } from "../../core/domain/withdrawal-notice";
import { defaultCancellationSchedule, type CancellationSchedule } from "../../core/domain/cancellation-schedule";
import type { LocalizedText } from "../../core/contracts/localized-text";
import type { StaffAuditAction } from "../../core/domain/staff-audit-entry";
import { defaultLocale, type Locale } from "../../core/i18n/locales";
import type { FormDefinition } from "../../core/contracts/form-definitions";
import type { StoredEventImage } from "../../core/contracts/event-images";
import { waiverMethods, type WaiverPersonType } from "../../core/domain/waivers";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
const localized = (name: string) => jsonb(name).$type<LocalizedText>();

/**
 * Expressions the staff desk's indexes are built on (decision 028). The queries must repeat them
 * exactly for the planner to use the index, so both take them from here.
 */
export const participantFullNameSql = (forename: AnyColumnOrSql, surname: AnyColumnOrSql) =>
  sql`lower(coalesce(${forename}, '') || ' ' || coalesce(${surname}, ''))`;
export const phoneDigitsSql = (phone: AnyColumnOrSql) => sql`regexp_replace(coalesce(${phone}, ''), '[^0-9]', '', 'g')`;
/** "hofmann stefan": the staff search's name read surname first (issue 32). */
export const participantSurnameFirstSql = (forename: AnyColumnOrSql, surname: AnyColumnOrSql) =>
  sql`lower(coalesce(${surname}, '') || ' ' || coalesce(${forename}, ''))`;
/** The part of an address after its @, lower-cased (the staff search by domain, issue 32). */
export const emailDomainSql = (email: AnyColumnOrSql) => sql`split_part(lower(coalesce(${email}, '')), '@', 2)`;
/** A booking code's characters after its prefix (`GC-7K4M2Q` → `7K4M2Q`), as codes are read out (issue 32). */
export const bookingCodeBodySql = (code: AnyColumnOrSql) => sql`split_part(${code}, '-', 2)`;

/**
 * A language of core/i18n/locale-list.ts: plain text, no enum and no CHECK, so that a new language
 * needs no migration; every writer takes it from a zod-validated input (`z.enum(locales)`) or from
 * the request's language (docs/decisions/072-languages-from-one-list.md).
 */
const localeColumn = () => text("locale").$type<Locale>();

// ── People and access ──────────────────────────────────────────────────────────────────────────

/** `admin` is staff who also manage the staff accounts (decision 027). */
export const userRoleEnum = pgEnum("user_role", ["customer", "staff", "admin"]);

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    role: userRoleEnum("role").notNull().default("customer"),
    locale: localeColumn().notNull().default(defaultLocale),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /**
     * The TOTP secret of staff's second factor, encrypted (AES-256-GCM, server/auth/totp.ts); set while
     * enrolling, in use once `totpEnabledAt` is set (decision 027).
     */
    totpSecret: text("totp_secret"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    /** The last 30-second step whose code was accepted: a code is never taken twice. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    /** A disabled staff account cannot log in; its sessions ended when it was disabled. */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("users_email_unique").on(sql`lower(${table.email})`)],
);

/**
 * What staff did that is not a booking's change (those are `booking_events`): invitations, role
 * changes, accounts disabled or enabled, second factors reset (decision 027). Who, what, to whom, when.
 */
export const staffAuditLog = pgTable(
  "staff_audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** Kept as it was at the time: the account may be renamed or deleted later. */
    actorEmail: text("actor_email").notNull(),
    /** Typed by the log's one list of actions, so a new action cannot be written without a kind and a text. */
    action: text("action").$type<StaffAuditAction>().notNull(),
    subjectUserId: uuid("subject_user_id").references(() => users.id, { onDelete: "set null" }),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("staff_audit_log_at_idx").on(table.at), index("staff_audit_log_subject_idx").on(table.subjectUserId)],
);

export const tokenKindEnum = pgEnum("token_kind", [
  "refresh",
  "email_verification",
  "password_reset",
  "booking",
  "waitlist_offer",
  "account_activation",
  // Staff's second factor (decision 027): the step between password and session, and the one-time recovery codes.
  "second_factor_challenge",
  "recovery_code",
  "staff_invitation",
]);

/** Every secret handed out by e-mail or cookie is stored only as a hash, single use, with expiry. */
export const tokens = pgTable(
  "tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: tokenKindEnum("kind").notNull(),
    tokenHash: text("token_hash").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** Refresh tokens rotate: each one names the family it belongs to so reuse revokes the family. */
    familyId: uuid("family_id"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /**
     * A refresh token's rotation: a hash of the user agent and address that spent it. Parallel tabs
     * of that same client presenting it again within seconds get a session, not a theft alarm.
     */
    rotatedByClient: text("rotated_by_client"),
    /** A refresh token of a session opened with the second factor: its rotations keep it (decision 027). */
    secondFactor: boolean("second_factor").notNull().default(false),
    /** A second-factor challenge's wrong codes so far: at five it is spent. */
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("tokens_hash_unique").on(table.kind, table.tokenHash),
    index("tokens_user_idx").on(table.userId),
    // Access tokens name their session (the refresh family): every authenticated request asks whether it lives.
    index("tokens_family_idx").on(table.familyId),
  ],
);

// ── Site and content ───────────────────────────────────────────────────────────────────────────

export const vatTreatmentEnum = pgEnum("vat_treatment", ["per_line", "margin_scheme"]);

/** The operator's legal notice and settings; one row per site (spec: `api/booking/site/{optional id}`). */
export const sites = pgTable("sites", {
  id: serial("id").primaryKey(),
  company: text("company").notNull(),
  street: text("street").notNull(),
  zip: text("zip").notNull(),
  city: text("city").notNull(),
  country: text("country").notNull(),
  phone: text("phone").notNull(),
  fax: text("fax"),
  email: text("email").notNull(),
  website: text("website").notNull(),
  registryCourt: text("registry_court").notNull(),
  managingDirector: text("managing_director").notNull(),
  vatId: text("vat_id"),
  supportEmail: text("support_email").notNull(),
  supportHours: localized("support_hours").notNull(),
  travelOperatorNotice: localized("travel_operator_notice").notNull(),
  /** Told before the binding click and in the confirmation of a leisure event: no right of withdrawal (§ 312g (2) no. 9 BGB; issue 30). */
  leisureWithdrawalNotice: localized("leisure_withdrawal_notice").notNull().default(defaultLeisureWithdrawalNotice),
  bankName: text("bank_name"),
  iban: text("iban"),
  bic: text("bic"),
  /** Money rules are operator settings, not constants (PRODUCT.md "Money"). */
  depositPercent: integer("deposit_percent").notNull().default(25),
  balanceDueDaysBeforeEvent: integer("balance_due_days_before_event").notNull().default(30),
  holdMinutes: integer("hold_minutes").notNull().default(30),
  /** Days a bank-transfer (invoice) payment may take after the booking; the invoice names the date. */
  bankTransferDueDays: integer("bank_transfer_due_days").notNull().default(14),
  /** How the invoice treats VAT: a rate per price line, or the travel-services margin scheme (§ 25 UStG) note. */
  vatTreatment: vatTreatmentEnum("vat_treatment").notNull().default("margin_scheme"),
  /** Partner origins that may frame the event widget (space-separated, `*` any); null: env WIDGET_FRAME_ANCESTORS (decision 035). */
  widgetFrameAncestors: text("widget_frame_ancestors"),
  /** Retention (issue 30, decision 076): a booking's uploads are deleted this many days after its event's last day. */
  uploadRetentionDays: integer("upload_retention_days").notNull().default(90),
  /** … and its personal answers (form answers, comments) anonymized this many days after it; invoices keep their own snapshot. */
  answerRetentionDays: integer("answer_retention_days").notNull().default(365),
  updatedAt: updatedAt(),
});

/** The legal pages (core/domain/legal-pages.ts): never deleted or unpublished, edited by admins only (issue 30). */
export const legalPageKeyEnum = pgEnum("legal_page_key", legalPageKeys);

export const pages = pgTable("pages", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** Which legal page this is (one each), or null for any other page; its text is a template filled from the site settings when served. */
  legalKey: legalPageKeyEnum("legal_key").unique("pages_legal_key_unique"),
  showOnMobile: boolean("show_on_mobile").notNull().default(false),
  position: integer("position").notNull().default(0),
  published: boolean("published").notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const pageTranslations = pgTable(
  "page_translations",
  {
    pageId: uuid("page_id")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
    locale: localeColumn().notNull(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    /** Sanitized HTML. */
    content: text("content").notNull(),
  },
  (table) => [primaryKey({ columns: [table.pageId, table.locale] }), uniqueIndex("page_translations_slug_unique").on(table.locale, table.slug)],
);

export const eventCategories = pgTable("event_categories", {
  id: serial("id").primaryKey(),
  position: integer("position").notNull().default(0),
  createdAt: createdAt(),
});

export const eventCategoryTranslations = pgTable(
  "event_category_translations",
  {
    categoryId: integer("category_id")
      .notNull()
      .references(() => eventCategories.id, { onDelete: "cascade" }),
    locale: localeColumn().notNull(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
  },
  (table) => [primaryKey({ columns: [table.categoryId, table.locale] }), uniqueIndex("event_category_translations_slug_unique").on(table.locale, table.slug)],
);

/** Impressions of past events shown on the home page (PRODUCT.md "Routes the spec leaves loose"). */
export const experiences = pgTable("experiences", {
  id: uuid("id").primaryKey().defaultRandom(),
  imageUrl: text("image_url").notNull(),
  imageAlt: localized("image_alt").notNull(),
  quote: localized("quote").notNull(),
  personName: text("person_name").notNull(),
  eventName: localized("event_name").notNull(),
  position: integer("position").notNull().default(0),
  createdAt: createdAt(),
});

// ── Events, forms and resources ────────────────────────────────────────────────────────────────

export const events = pgTable(
  "events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => eventCategories.id),
    title: localized("title").notNull(),
    teaser: localized("teaser").notNull(),
    /** Sanitized HTML per locale. */
    description: localized("description").notNull(),
    location: localized("location").notNull(),
    imageUrl: text("image_url").notNull(),
    /** An image staff uploaded (decision 040): its files' key and widths; shown instead of `image_url` when set. */
    image: jsonb("image").$type<StoredEventImage>(),
    imageAlt: localized("image_alt").notNull(),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    registrationDeadline: timestamp("registration_deadline", { withTimezone: true }),
    bookableFrom: timestamp("bookable_from", { withTimezone: true }),
    capacity: integer("capacity").notNull(),
    /** Places held or sold; kept in step with bookings in the same transaction. Never above capacity. */
    placesTaken: integer("places_taken").notNull().default(0),
    minParticipants: integer("min_participants").notNull().default(1),
    published: boolean("published").notNull().default(true),
    /** Archived by staff (decision 034): off the public site and the back office's default lists, kept for its bookings. */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    /** What a customer's own cancellation costs by days before the start, or none by the customer (issue 30, decision 075). */
    cancellationSchedule: jsonb("cancellation_schedule").$type<CancellationSchedule>().notNull().default(defaultCancellationSchedule),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("events_places_taken_within_capacity", sql`${table.placesTaken} >= 0 AND ${table.placesTaken} <= ${table.capacity}`),
    check("events_dates_ordered", sql`${table.startsOn} <= ${table.endsOn}`),
    // An archived event is off the public site: the public reads need only ask for `published` (decision 034).
    check("events_archived_unpublished", sql`${table.archivedAt} IS NULL OR NOT ${table.published}`),
    index("events_category_idx").on(table.categoryId),
    index("events_starts_on_idx").on(table.startsOn),
  ],
);

/** The event's own page is `/events/{category slug}/{event slug}`: one slug per locale, unique within it. */
export const eventSlugs = pgTable(
  "event_slugs",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    locale: localeColumn().notNull(),
    slug: text("slug").notNull(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.locale] }), uniqueIndex("event_slugs_slug_unique").on(table.locale, table.slug)],
);

/** "Notify me" sign-ups for an event that is not bookable yet: one e-mail when bookings open. */
export const eventOpeningNotices = pgTable(
  "event_opening_notices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    locale: localeColumn().notNull(),
    createdAt: createdAt(),
    /** Set when the "bookings are open" e-mail was queued; never sent twice. */
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("event_opening_notices_unique").on(table.eventId, table.email),
    index("event_opening_notices_pending_idx")
      .on(table.eventId)
      .where(sql`${table.notifiedAt} IS NULL`),
  ],
);

export const priceKindEnum = pgEnum("price_kind", ["participant", "companion", "vehicle", "instructor", "addon"]);

/** The event's price list: what the main participant, each companion type and each add-on costs. */
export const eventPrices = pgTable(
  "event_prices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    kind: priceKindEnum("kind").notNull(),
    /** `participant`, a companion type (`golf_playing`), a vehicle key (`street_gt`) or an add-on key (`pit_box`). */
    key: text("key").notNull(),
    label: localized("label").notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** VAT rate in basis points (1900 = 19 %) printed per line when the site's VAT treatment is `per_line`. */
    vatRateBasisPoints: integer("vat_rate_basis_points").notNull().default(1900),
    /** Charged once per event day it is chosen for. */
    perDay: boolean("per_day").notNull().default(false),
    position: integer("position").notNull().default(0),
  },
  (table) => [
    uniqueIndex("event_prices_key_unique").on(table.eventId, table.kind, table.key),
    check("event_prices_amount_non_negative", sql`${table.amountCents} >= 0`),
  ],
);

export const resourceKindEnum = pgEnum("resource_kind", ["vehicle", "instructor", "pit_box", "technical_support"]);

/** A per-day resource of an event (rental street GT on day 1, instructors on day 2, …). */
export const eventDayResources = pgTable(
  "event_day_resources",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    day: integer("day").notNull(),
    kind: resourceKindEnum("kind").notNull(),
    key: text("key").notNull(),
    /** Null means unlimited (own car). */
    stock: integer("stock"),
    used: integer("used").notNull().default(0),
  },
  (table) => [
    uniqueIndex("event_day_resources_unique").on(table.eventId, table.day, table.key),
    check("event_day_resources_used_within_stock", sql`${table.used} >= 0 AND (${table.stock} IS NULL OR ${table.used} <= ${table.stock})`),
  ],
);

export const forms = pgTable(
  "forms",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /**
     * Items marked "may be completed later" (`options.completableLater`) can be answered after checkout
     * until this many days before the event starts; null: until the event starts.
     */
    laterDetailsDaysBeforeEvent: integer("later_details_days_before_event"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("forms_event_unique").on(table.eventId)],
);

export const formPages = pgTable(
  "form_pages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    formId: uuid("form_id")
      .notNull()
      .references(() => forms.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    title: localized("title").notNull(),
  },
  (table) => [uniqueIndex("form_pages_position_unique").on(table.formId, table.position)],
);

export const formItemKindEnum = pgEnum("form_item_kind", formItemKinds);

export const formItems = pgTable(
  "form_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pageId: uuid("page_id")
      .notNull()
      .references(() => formPages.id, { onDelete: "cascade" }),
    /** Items of a `group` item point to it. */
    parentId: uuid("parent_id"),
    position: integer("position").notNull(),
    kind: formItemKindEnum("kind").notNull(),
    /** Stable name the booking stores answers under (`main.forename`, `video`, …). */
    name: text("name").notNull(),
    label: localized("label").notNull(),
    help: localized("help"),
    required: boolean("required").notNull().default(false),
    /** Kind-specific options: choices, min/max, accepted types, max size, video seconds, companion types, vehicle keys. */
    options: jsonb("options").$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [index("form_items_page_idx").on(table.pageId)],
);

/**
 * Published versions of a form: immutable snapshots of its pages and items (both languages), made by
 * "publish" from the working copy in form_pages/form_items (decision 036). A submitted booking points
 * at the version it was made on and is always displayed and exported from it.
 */
export const formVersions = pgTable(
  "form_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    formId: uuid("form_id")
      .notNull()
      .references(() => forms.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    definition: jsonb("definition").$type<FormDefinition>().notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    /** Who published it; null for version 1 made by the migration or the seed. */
    publishedBy: uuid("published_by").references(() => users.id, { onDelete: "set null" }),
    publishedByEmail: text("published_by_email"),
  },
  (table) => [uniqueIndex("form_versions_number_unique").on(table.formId, table.number)],
);

// ── Bookings ───────────────────────────────────────────────────────────────────────────────────

export const bookingStatusEnum = pgEnum("booking_status", bookingStatuses);
export const paymentOptionEnum = pgEnum("payment_option", ["credit_card", "invoice", "sma"]);
export const smaStatusEnum = pgEnum("sma_status", ["none", "requested", "verified", "rejected"]);
export const accountPaymentStateEnum = pgEnum("account_payment_state", accountPaymentStates);

export const bookings = pgTable(
  "bookings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Short, unambiguous code given at submission (`GT-7K4M2Q`). */
    code: text("code"),
    formId: uuid("form_id")
      .notNull()
      .references(() => forms.id),
    /**
     * The published form version the booking was made on (decision 036). A draft follows the latest
     * version and is pinned when submitted. Every writer sets it; a row without one (a test's hand-made
     * booking) is read with the latest version.
     */
    formVersionId: uuid("form_version_id").references(() => formVersions.id),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Hash of the booking token that lets a guest resume the draft. */
    tokenHash: text("token_hash").notNull(),
    status: bookingStatusEnum("status").notNull().default("draft"),
    locale: localeColumn().notNull(),
    currentPage: integer("current_page").notNull().default(1),
    /** Answers to form items keyed by item uuid. */
    answers: jsonb("answers").$type<Record<string, unknown>>().notNull().default({}),
    separateBillingAddress: boolean("separate_billing_address").notNull().default(false),
    billingAddress: jsonb("billing_address").$type<Record<string, string>>(),
    additionalComments: text("additional_comments"),
    termsAcceptedAt: timestamp("terms_accepted_at", { withTimezone: true }),
    /** The terms the customer accepted at the binding click: `sha256:` of the terms page's text as served then, in the booking's language (issue 30). */
    termsVersion: text("terms_version"),
    createAccount: boolean("create_account").notNull().default(false),
    paymentOption: paymentOptionEnum("payment_option"),
    placesHeld: integer("places_held").notNull().default(0),
    eventPriceCents: integer("event_price_cents").notNull().default(0),
    companionTotalCents: integer("companion_total_cents").notNull().default(0),
    addonsTotalCents: integer("addons_total_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull().default(0),
    /**
     * The priced lines behind `total_cents`, stored when the booking is submitted and whenever staff
     * price it again (server/bookings/price-lines.ts): invoices, the money panel and the exports read
     * them, never today's price list. Null for a draft.
     */
    priceLines: jsonb("price_lines").$type<BookedPriceLine[]>(),
    /**
     * A discount code entered on the review step (decision 079), as it was checked then, in upper case, with
     * what it is worth: a draft's running price counts it. The submission checks and redeems it again
     * under the code's row lock and writes what it really took off (`discount_cents`, the negative lines).
     */
    voucherCode: text("voucher_code"),
    voucherDiscount: jsonb("voucher_discount").$type<VoucherDiscount>(),
    /** What the code took off the lines' sum: `total_cents` is that sum less this. */
    discountCents: integer("discount_cents").notNull().default(0),
    depositCents: integer("deposit_cents").notNull().default(0),
    remainderCents: integer("remainder_cents").notNull().default(0),
    remainderDueOn: date("remainder_due_on", { mode: "string" }),
    /** When the deposit (or the whole amount) is due: the booking day by card, the transfer's date by invoice; null while a request is in review. */
    depositDueOn: date("deposit_due_on", { mode: "string" }),
    /** What the operator kept when the booking was cancelled (its cancellation fee); null while it stands. */
    cancellationFeeCents: integer("cancellation_fee_cents"),
    /** Price reductions staff granted on the standing booking (a goodwill refund beyond any overpayment): it owes that much less. */
    creditedCents: integer("credited_cents").notNull().default(0),
    /**
     * Net paid (money received less refunds) and the payment state, as the booking account derives them
     * from the payments and refunds (core/domain/booking-account.ts, decision 067). Written only by
     * `writeAccountFigures` (server/bookings/booking-account.ts) in the transaction that changes the
     * ledger or the price; kept on the row so that the staff desk filters and sorts by them with an index.
     */
    paidCents: integer("paid_cents").notNull().default(0),
    paymentState: accountPaymentStateEnum("payment_state").notNull().default("unpaid"),
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    smaStatus: smaStatusEnum("sma_status").notNull().default("none"),
    smaBlocking: boolean("sma_blocking").notNull().default(false),
    smaPage: integer("sma_page"),
    /** Rises with every saved page: a save made from an older view of the draft (another tab) is refused. */
    version: integer("version").notNull().default(0),
    /** Part of the signed "manage my booking" link: raising it revokes every link handed out before. */
    manageLinkGeneration: integer("manage_link_generation").notNull().default(0),
    /** When its personal answers were anonymized (retention, an account deleted, a data-subject request; decision 076): done once. */
    answersErasedAt: timestamp("answers_erased_at", { withTimezone: true }),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("bookings_code_unique").on(table.code),
    index("bookings_code_body_idx").on(bookingCodeBodySql(table.code)),
    index("bookings_event_idx").on(table.eventId),
    index("bookings_user_idx").on(table.userId),
    index("bookings_hold_expiry_idx").on(table.holdExpiresAt),
    // The clean-up job looks for old drafts only; submitted bookings are never purged.
    index("bookings_draft_updated_idx")
      .on(table.updatedAt)
      .where(sql`${table.status} = 'draft'`),
    // The staff desk's list (server/staff/bookings/list-staff-bookings.ts, decision 028) never shows drafts:
    // one partial index per filter, each ending in the default sort, so a filtered page is read in order.
    index("bookings_staff_submitted_idx")
      .on(table.submittedAt, table.id)
      .where(sql`${table.status} <> 'draft'`),
    index("bookings_staff_event_idx")
      .on(table.eventId, table.submittedAt, table.id)
      .where(sql`${table.status} <> 'draft'`),
    index("bookings_staff_status_idx").on(table.status, table.submittedAt, table.id),
    index("bookings_staff_payment_option_idx")
      .on(table.paymentOption, table.submittedAt, table.id)
      .where(sql`${table.status} <> 'draft'`),
    index("bookings_staff_payment_state_idx")
      .on(table.paymentState, table.submittedAt, table.id)
      .where(sql`${table.status} <> 'draft'`),
    index("bookings_staff_total_idx")
      .on(table.totalCents, table.id)
      .where(sql`${table.status} <> 'draft'`),
  ],
);

export const participantRoleEnum = pgEnum("participant_role", ["main", "companion"]);
export const companionTypeEnum = pgEnum("companion_type", ["non_playing", "golf_playing", "driver", "co_driver"]);
export const salutationEnum = pgEnum("salutation", ["mr", "mrs", "divers"]);
export const academicTitleEnum = pgEnum("academic_title", ["dr", "prof", "prof_dr"]);

export const participants = pgTable(
  "participants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    role: participantRoleEnum("role").notNull(),
    companionType: companionTypeEnum("companion_type"),
    position: integer("position").notNull().default(0),
    salutation: salutationEnum("salutation"),
    title: academicTitleEnum("title"),
    forename: text("forename"),
    surname: text("surname"),
    company: text("company"),
    street: text("street"),
    addressLine2: text("address_line_2"),
    postcode: text("postcode"),
    city: text("city"),
    country: text("country"),
    vatId: text("vat_id"),
    email: text("email"),
    phone: text("phone"),
    fax: text("fax"),
    answers: jsonb("answers").$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [
    index("participants_booking_idx").on(table.bookingId),
    // The staff desk's search (decision 028): prefixes of the lower-cased e-mail, full name and
    // surname, and of the phone's digits; text_pattern_ops lets LIKE 'abc%' use them whatever the collation.
    index("participants_email_prefix_idx").on(sql`lower(${table.email}) text_pattern_ops`),
    index("participants_name_prefix_idx").on(sql`${participantFullNameSql(table.forename, table.surname)} text_pattern_ops`),
    index("participants_surname_prefix_idx").on(sql`lower(${table.surname}) text_pattern_ops`),
    index("participants_phone_prefix_idx").on(sql`${phoneDigitsSql(table.phone)} text_pattern_ops`),
    index("participants_surname_first_prefix_idx").on(sql`${participantSurnameFirstSql(table.forename, table.surname)} text_pattern_ops`),
    index("participants_email_domain_prefix_idx").on(sql`${emailDomainSql(table.email)} text_pattern_ops`),
    // Sorting the list by the main participant's name walks this index.
    index("participants_main_name_idx")
      .on(sql`lower(${table.surname})`, sql`lower(${table.forename})`, table.bookingId)
      .where(sql`${table.role} = 'main'`),
  ],
);

/** A per-day resource held by a booking; `event_day_resources.used` counts these in the same transaction. */
export const resourceReservations = pgTable(
  "resource_reservations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    resourceId: uuid("resource_id")
      .notNull()
      .references(() => eventDayResources.id, { onDelete: "cascade" }),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    participantId: uuid("participant_id").references(() => participants.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull().default(1),
    /** Set when the hold ran out and the resource went back to stock; kept so a late payment can take it again. */
    releasedAt: timestamp("released_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("resource_reservations_booking_idx").on(table.bookingId)],
);

export const voucherDiscountKindEnum = pgEnum("voucher_discount_kind", ["amount", "percent"]);

/**
 * Discount codes staff make in the back office (issue 31, decision 079). `times_used` counts the
 * standing redemptions and is raised by one conditional UPDATE per submission (like a place), so the
 * last use goes to exactly one booking; a booking whose places go back gives its use back.
 */
export const vouchers = pgTable(
  "vouchers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Upper case, letters, digits and dashes. */
    code: text("code").notNull(),
    discountKind: voucherDiscountKindEnum("discount_kind").notNull(),
    /** Cents off (`amount`) or whole percent off (`percent`). */
    discountValue: integer("discount_value").notNull(),
    validFrom: date("valid_from", { mode: "string" }),
    validUntil: date("valid_until", { mode: "string" }),
    usageLimit: integer("usage_limit"),
    perCustomerLimit: integer("per_customer_limit"),
    timesUsed: integer("times_used").notNull().default(0),
    /** Only for these events or the events of these categories; both empty: every event. */
    eventIds: jsonb("event_ids").$type<string[]>().notNull().default([]),
    categoryIds: jsonb("category_ids").$type<number[]>().notNull().default([]),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("vouchers_code_unique").on(table.code),
    check("vouchers_times_used_non_negative", sql`${table.timesUsed} >= 0`),
    check("vouchers_discount_value_positive", sql`${table.discountValue} > 0`),
  ],
);

/** One use of a code by a submitted booking; `released_at` once its places went back (the use is counted no more). */
export const voucherRedemptions = pgTable(
  "voucher_redemptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    voucherId: uuid("voucher_id")
      .notNull()
      .references(() => vouchers.id, { onDelete: "cascade" }),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    /** The main participant's e-mail in lower case: the per-customer limit counts by it. */
    email: text("email").notNull(),
    discountCents: integer("discount_cents").notNull(),
    redeemedAt: timestamp("redeemed_at", { withTimezone: true }).notNull(),
    releasedAt: timestamp("released_at", { withTimezone: true }),
  },
  (table) => [index("voucher_redemptions_voucher_email_idx").on(table.voucherId, table.email), index("voucher_redemptions_booking_idx").on(table.bookingId)],
);

export const uploads = pgTable(
  "uploads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    /** An item of the booking's form version (not a foreign key: the item may be gone from the draft, decision 036). */
    itemId: uuid("item_id"),
    /** Random name under the upload folder, outside the web root. */
    storageKey: text("storage_key").notNull(),
    originalName: text("original_name").notNull(),
    mediaType: text("media_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    durationMs: integer("duration_ms"),
    createdAt: createdAt(),
  },
  // A booking's files are read by its id at every submission, page and staff view; a foreign key has no index of its own.
  (table) => [index("uploads_booking_idx").on(table.bookingId)],
);

// ── Money ──────────────────────────────────────────────────────────────────────────────────────

export const paymentKindEnum = pgEnum("payment_kind", ["deposit", "balance", "full"]);
export const paymentMethodEnum = pgEnum("payment_method", paymentMethods);
export const paymentStatusEnum = pgEnum("payment_status", ["pending", "requires_action", "succeeded", "failed", "expired", "refund_pending", "refunded"]);

export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id),
    /**
     * Who took the money: a card provider of the list (core/domain/payment-providers.ts, checked below), or for
     * money staff recorded its method (`bank_transfer`, `cash`, `other`). Webhooks, refunds and expiries go to it.
     */
    provider: text("provider").notNull(),
    providerReference: text("provider_reference"),
    /** Card through the provider, or money staff recorded (bank transfer, cash, other): how it is refunded. */
    method: paymentMethodEnum("method").notNull().default("card"),
    /** The day the money arrived (the statement's day for a transfer). */
    receivedOn: date("received_on", { mode: "string" }),
    kind: paymentKindEnum("kind").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("EUR"),
    status: paymentStatusEnum("status").notNull().default("pending"),
    /** Hash of the token carried by `/payment/success/{token}` and `/payment/failed/{token}`. */
    returnTokenHash: text("return_token_hash").notNull(),
    /** Why the provider refused it, or why it must be refunded (for staff). */
    failureReason: text("failure_reason"),
    /**
     * Its money arrived but could not be kept (a second payment, a booking no longer open): held only to be
     * given back, so giving it back is never a price reduction (core/domain/booking-account.ts).
     */
    keptForRefund: boolean("kept_for_refund").notNull().default(false),
    succeededAt: timestamp("succeeded_at", { withTimezone: true }),
    /** What has been given back of this payment so far (server/staff/bookings/refund-booking.ts); never more than `amount_cents`. */
    refundedCents: integer("refunded_cents").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("payments_refund_within_amount", sql`${table.refundedCents} >= 0 and ${table.refundedCents} <= ${table.amountCents}`),
    // A card payment names a provider of the list (decision 071); a new provider changes this check (npm run db:generate).
    check("payments_card_provider_known", sql`${table.method} <> 'card' or ${table.provider} in (${sql.raw(paymentProviderNames.map((name) => `'${name}'`).join(", "))})`),
    uniqueIndex("payments_provider_reference_unique").on(table.provider, table.providerReference),
    uniqueIndex("payments_return_token_unique").on(table.returnTokenHash),
    index("payments_booking_idx").on(table.bookingId),
  ],
);

/**
 * Money given back by staff (docs/decisions/030, 067): one row per payment refunded, at the provider
 * (card) or paid out by the operator and recorded (transfer, cash). The request's idempotency key with
 * the payment makes a retried call find the refund it already made.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id),
    idempotencyKey: text("idempotency_key").notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** The provider's id of the refund (Stripe: `re_…`); null for a refund paid out by the operator. */
    providerReference: text("provider_reference"),
    channel: text("channel").$type<"provider" | "recorded">().notNull().default("provider"),
    /** The day the money went back (a recorded refund: the day of the operator's transfer). */
    paidOutOn: date("paid_out_on", { mode: "string" }),
    /** The operator's reference of a recorded refund (its transfer's purpose line). */
    reference: text("reference"),
    /** The provider's word when asked: done, or accepted and still settling. */
    status: text("status").$type<"succeeded" | "pending">().notNull(),
    reason: text("reason"),
    staffId: uuid("staff_id"),
    staffEmail: text("staff_email").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("refunds_idempotency_payment_unique").on(table.idempotencyKey, table.paymentId),
    index("refunds_booking_idx").on(table.bookingId),
    check("refunds_amount_positive", sql`${table.amountCents} > 0`),
  ],
);

/**
 * The last invoice number given per calendar year (`INV-<year>-<number>`, GoBD: without gaps). The
 * issuing transaction counts the year's row up and holds its lock: a rolled-back issue gives its number
 * back, concurrent issuers take turns. A new year starts at 1.
 */
export const invoiceNumberCounters = pgTable(
  "invoice_number_counters",
  {
    year: integer("year").primaryKey(),
    lastNumber: integer("last_number").notNull(),
  },
  (table) => [check("invoice_number_counters_last_positive", sql`${table.lastNumber} > 0`)],
);

/** An invoice (UNTDID 1001 type 380) or a cancellation invoice (Stornorechnung, type 381) that cancels one in full. */
export const invoiceKindEnum = pgEnum("invoice_kind", ["invoice", "cancellation"]);

/**
 * Issued invoices and cancellation invoices, numbered in one gapless sequence per year. `data` is the
 * snapshot the PDF is rendered from (an invoice never changes after it is issued, even when the
 * operator's address or the price list does later). A change of what a booking owes cancels its
 * standing invoice by a cancellation invoice and issues a new one (server/invoices/correct-invoices.ts):
 * the invoices of a booking less its cancellation invoices are what it owes.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id),
    kind: invoiceKindEnum("kind").notNull().default("invoice"),
    /** The invoice a cancellation invoice cancels; an invoice is cancelled at most once. */
    cancelsInvoiceId: uuid("cancels_invoice_id")
      .unique()
      .references((): AnyPgColumn => invoices.id),
    number: text("number").notNull().unique(),
    issuedOn: date("issued_on", { mode: "string" }).notNull(),
    /** The gross total printed on it (a cancellation invoice: what it cancels, positive); for the accountant's lists. */
    totalCents: integer("total_cents").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("invoices_booking_idx").on(table.bookingId),
    index("invoices_issued_on_idx").on(table.issuedOn),
    check("invoices_cancellation_refers", sql`(${table.kind} = 'cancellation') = (${table.cancelsInvoiceId} is not null)`),
    check("invoices_total_not_negative", sql`${table.totalCents} >= 0`),
  ],
);

/**
 * The built-in sandbox provider's own checkouts (decision 007): what a real provider keeps on its
 * side. Stored in the site's database so a checkout and its pending webhook survive a restart.
 */
export const sandboxCheckouts = pgTable("sandbox_checkouts", {
  id: text("id").primaryKey(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  amountCents: integer("amount_cents").notNull(),
  currency: text("currency").notNull(),
  description: text("description").notNull(),
  locale: localeColumn().notNull(),
  customerEmail: text("customer_email"),
  successUrl: text("success_url").notNull(),
  cancelUrl: text("cancel_url").notNull(),
  metadata: jsonb("metadata").$type<Record<string, string>>().notNull(),
  /** open → complete (paid) | failed (declined) | expired. */
  status: text("status").notNull().default("open"),
  failureReason: text("failure_reason"),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Audit trail: every state change of a booking or payment, with time and cause. */
export const bookingEvents = pgTable(
  "booking_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    paymentId: uuid("payment_id").references(() => payments.id),
    /** Whose status changed: the booking's, or the payment's (`payment_id`). */
    subject: text("subject").$type<"booking" | "payment">().notNull().default("booking"),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    cause: text("cause").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("booking_events_booking_idx").on(table.bookingId)],
);

export const callBackOutcomeEnum = pgEnum("call_back_outcome", ["reached", "no_answer", "voicemail", "wrong_number", "call_back_later"]);

/**
 * Staff's notes per call attempt on an SMA (call-back) request, shown in the call-back queue. Each
 * attempt also writes an audit row (`booking_events`, action `call_back_attempt_recorded`) in the
 * same transaction; the staff member's e-mail is kept as it was then (an account may go later).
 */
export const callBackAttempts = pgTable(
  "call_back_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    staffId: uuid("staff_id").references(() => users.id, { onDelete: "set null" }),
    staffEmail: text("staff_email").notNull(),
    outcome: callBackOutcomeEnum("outcome").notNull(),
    note: text("note"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("call_back_attempts_booking_idx").on(table.bookingId, table.at)],
);

// ── Waitlist ───────────────────────────────────────────────────────────────────────────────────

export const waitlistStatusEnum = pgEnum("waitlist_status", ["waiting", "offered", "accepted", "expired", "cancelled"]);

export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    name: text("name").notNull(),
    partySize: integer("party_size").notNull(),
    locale: localeColumn().notNull(),
    status: waitlistStatusEnum("status").notNull().default("waiting"),
    offerTokenHash: text("offer_token_hash"),
    offerExpiresAt: timestamp("offer_expires_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("waitlist_entries_event_idx").on(table.eventId, table.createdAt), check("waitlist_party_size_positive", sql`${table.partySize} > 0`)],
);

// ── Durable work ───────────────────────────────────────────────────────────────────────────────

export const outboxEmailStatusEnum = pgEnum("outbox_email_status", ["pending", "sent", "failed"]);

/** Mails are written here in the transaction that caused them and delivered by a worker. */
export const outboxEmails = pgTable(
  "outbox_emails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    template: text("template").notNull(),
    locale: localeColumn().notNull(),
    toAddress: text("to_address").notNull(),
    /** The booking a mail is about, when its sender names it (staff actions list and resend a booking's mails by it). */
    bookingId: uuid("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: outboxEmailStatusEnum("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("outbox_emails_due_idx").on(table.status, table.nextAttemptAt),
    // A booking's mails carry its code in the payload: the staff desk lists them by it (decision 028).
    index("outbox_emails_booking_code_idx").on(sql`(${table.payload} ->> 'code')`),
    index("outbox_emails_booking_idx").on(table.bookingId),
  ],
);

/** Durable jobs (hold expiry, balance reminders) that survive restarts. */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp("run_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    doneAt: timestamp("done_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (table) => [index("jobs_due_idx").on(table.doneAt, table.runAt)],
);

/**
 * The counters of every rate limit and login back-off (rate-limiter-flexible's Drizzle store,
 * server/auth/rate-limiter.ts), shared by all processes on the database. `key` is the limit's
 * name and the client's key; `expire` ends the window. Rows expired for an hour are deleted by the
 * limiter itself every five minutes (docs/decisions/018).
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    points: integer("points").notNull(),
    expire: timestamp("expire", { withTimezone: true }),
  },
  (table) => [index("rate_limits_expire_idx").on(table.expire)],
);

/**
 * Staff's own wording of an e-mail text (decision 037): one row per template, language and field
 * (`subject`, `heading`, `intro` …; the fields are listed in core/domain/editable-email-texts.ts).
 * Plain text with `{placeholder}`s, escaped when rendered. No row: the catalogue's text is sent;
 * "reset to default" deletes the row.
 */
export const emailTextOverrides = pgTable(
  "email_text_overrides",
  {
    template: text("template").notNull(),
    locale: localeColumn().notNull(),
    field: text("field").notNull(),
    text: text("text").notNull(),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.template, table.locale, table.field] })],
);

// ── Waivers (issue 31, decision 080) ───────────────────────────────────────────────────────────────

/** A waiver text staff keep (Haftungsverzicht); its wording lives in versions, never edited in place. */
export const waiverTexts = pgTable("waiver_texts", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** The back office's own name for it; customers read the version's title. */
  name: text("name").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * One version of a waiver text in every language, written once: a new wording is a new version, so a
 * signature keeps pointing at exactly what was signed. `hashes` is the SHA-256 of each language's
 * document text (`waiverDocumentText`), the one a signature stores.
 */
export const waiverTextVersions = pgTable(
  "waiver_text_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    waiverId: uuid("waiver_id")
      .notNull()
      .references(() => waiverTexts.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    title: localized("title").notNull(),
    body: localized("body").notNull(),
    hashes: jsonb("hashes").$type<Record<string, string>>().notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("waiver_text_versions_number_unique").on(table.waiverId, table.version)],
);

/** The waiver an event asks for, and of which person types (`core/domain/waivers.ts`). No row: no waiver. */
export const eventWaivers = pgTable("event_waivers", {
  eventId: uuid("event_id")
    .primaryKey()
    .references(() => events.id, { onDelete: "cascade" }),
  waiverId: uuid("waiver_id")
    .notNull()
    .references(() => waiverTexts.id),
  personTypes: jsonb("person_types").$type<WaiverPersonType[]>().notNull(),
  updatedAt: updatedAt(),
});

export const waiverMethodEnum = pgEnum("waiver_method", waiverMethods);

/**
 * One person's given waiver, at most one per participant (a second signature is refused by the unique
 * index): which version in which language and that text's hash, the typed name and date of birth, the
 * drawn signature as a PNG data URL (null when ticked or on paper), when, from which address, and for
 * paper the staff member who recorded it.
 */
export const waiverSignatures = pgTable(
  "waiver_signatures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    participantId: uuid("participant_id")
      .notNull()
      .references(() => participants.id, { onDelete: "cascade" }),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    versionId: uuid("version_id")
      .notNull()
      .references(() => waiverTextVersions.id),
    locale: localeColumn().notNull(),
    textHash: text("text_hash").notNull(),
    method: waiverMethodEnum("method").notNull(),
    fullName: text("full_name").notNull(),
    dateOfBirth: date("date_of_birth", { mode: "string" }),
    signaturePng: text("signature_png"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    recordedBy: text("recorded_by"),
    signedAt: timestamp("signed_at", { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex("waiver_signatures_participant_unique").on(table.participantId), index("waiver_signatures_booking_idx").on(table.bookingId)],
);
