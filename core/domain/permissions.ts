import type { LegalPageKey } from "./legal-pages";

/**
 * Who may do what, in one place (docs/decisions/014). Pure: the caller loads the subject's facts
 * (a booking's owner and token hash, an account's id) and builds the actor at the boundary (the
 * API's bearer middleware, the web session, the booking cookie); this module only compares them.
 * Every domain verb asks before its first side effect, so a refused call changes nothing.
 */

/** `admin` is staff who also manage the staff accounts (decision 027). */
export const roles = ["customer", "staff", "admin"] as const;
export type Role = (typeof roles)[number];
/** The roles of the back office. */
export const staffRoles = ["staff", "admin"] as const satisfies readonly Role[];

/**
 * A logged-in account with a live session, as the database holds it: the role of the account's row,
 * and `secondFactor` when the session was opened with staff's second factor (never what the access
 * token claims; issue 33). Without the second factor a staff account has no staff powers.
 */
export type ActorUser = { userId: string; role: Role; sessionId: string; secondFactor?: boolean | undefined };

/**
 * Who asks, and what they hold. A booking is opened by what the browser presents, not by who is
 * logged in: the SHA-256 hash of its booking token (never the token itself, so that this module
 * needs no crypto), the booking a verified "pay now" link names, or the booking of a payment whose
 * return token was presented.
 */
export type Actor = {
  user: ActorUser | null;
  bookingTokenHash?: string | undefined;
  payLinkBookingId?: string | undefined;
  returnTokenBookingId?: string | undefined;
  /** The booking a verified, current "manage my booking" link names (server/bookings/manage-links.ts; decision 023). */
  manageLinkBookingId?: string | undefined;
  /** Only `seedActor` holds it (decision 043): no request, cookie or token can produce this symbol. */
  system?: typeof seedMark | undefined;
};

export const anonymousActor: Actor = Object.freeze({ user: null });

const seedMark: unique symbol = Symbol("seed");
/**
 * The first start's seed (server/db/seed.ts) builds the site settings, legal pages and demo catalogue
 * through the back office's verbs (decision 043). It is nobody's session: its powers are the catalogue
 * and content actions below, nothing about bookings or accounts. Recognised by a module-private symbol,
 * so a web or API caller (whose actor is built from claims, cookies and tokens) can never be it.
 */
export const seedActor: Actor = Object.freeze({ user: null, system: seedMark });

/** The actor of a logged-in session (null: anonymous). */
export function actorOfUser(user: ActorUser | null): Actor {
  return { user };
}

/** A booking's facts that decide access to it. */
export type BookingSubject = { id: string; ownerId: string | null; tokenHash: string };
/** An account, named by its id. */
export type AccountSubject = { id: string };
/** A content page, by whether it is one of the legal pages (core/domain/legal-pages.ts; issue 30). */
export type PageSubject = { legalKey: LegalPageKey | null };
/** Things that belong to nobody in particular (a form's unpublished preview, the staff desk). */
export type NoSubject = null;

/** Every action a caller may be refused, with the subject it is asked about. */
export type SubjectOf = {
  /** Resume a booking (its draft pages, the success and SMA pages). */
  "booking.open": BookingSubject;
  /** Save a page, add or remove a companion, upload a file. */
  "booking.edit": BookingSubject;
  "booking.submit": BookingSubject;
  /** Start a card payment for what is due. */
  "booking.pay": BookingSubject;
  /** Download the booking's invoice PDF. */
  "booking.invoice": BookingSubject;
  /** See a submitted booking on "manage my booking" (its files, its calendar entry) and ask for a new link. */
  "booking.manage": BookingSubject;
  /** Answer the items that may be completed later, after checkout. */
  "booking.complete-details": BookingSubject;
  /** Cancel the booking themselves by the event's cancellation schedule (issue 30, decision 075). */
  "booking.cancel": BookingSubject;
  /** Verify or reject an SMA request after the phone call (any booking: the desk's). */
  "booking.decide-sma": NoSubject;
  "account.read": AccountSubject;
  "account.update": AccountSubject;
  "account.delete": AccountSubject;
  /** The dashboard: the account's own bookings. */
  "account.list-bookings": AccountSubject;
  /** Download everything the site holds about the account (JSON, PDF; decision 076). */
  "account.export": AccountSubject;
  /** Download what the site holds about one booking, from its manage page (decision 076). */
  "booking.export": BookingSubject;
  /** See the form of an unpublished event. */
  "form.preview": NoSubject;
  /** An event's waitlist: see it, offer places by hand, take an entry off. */
  "staff.waitlist.manage": NoSubject;
  /** Enter the back office (`/admin`). */
  "staff.desk": NoSubject;
  /** Invite staff, change a staff account's role, disable or enable it. */
  "staff.accounts.manage": NoSubject;
  /** Read and export the staff audit log: who in the office changed what (admins only; issue 31). */
  "staff.audit.read": NoSubject;
  /** The staff desk: list and search every submitted booking, and read one in full (decision 028). */
  "staff.bookings.read": NoSubject;
  /** The staff desk: download a file uploaded to any booking. */
  "staff.bookings.download": NoSubject;
  /** The back office's invoices: every issued invoice and cancellation invoice, their PDFs and the accountant's exports. */
  "staff.invoices.read": NoSubject;
  /** Download an event's participant list (CSV, XLSX, PDF): every person's contact details and answers. */
  "staff.events.export": NoSubject;
  /** The back office's dashboard: places, money, warnings and bookings per day of every upcoming event. */
  "staff.dashboard.read": NoSubject;
  /** The call-back queue: pending SMA requests with the customer's phone and the attempts so far. */
  "staff.call-backs.read": NoSubject;
  /** Note a call attempt on a pending SMA request. */
  "staff.call-backs.record-attempt": NoSubject;
  /** The back office's booking actions (issue 13; any booking: the desk's). Cancel a booking. */
  "staff.bookings.cancel": NoSubject;
  /** The form builder (decision 036): read a form's draft and versions, save the draft, publish it. */
  "staff.forms.edit": NoSubject;
  /** Give money back through the card provider. */
  "staff.bookings.refund": NoSubject;
  /** Record a bank transfer received for an invoice booking. */
  "staff.bookings.record-payment": NoSubject;
  /** List a booking's e-mails, send one again, write a message to the customer. */
  "staff.bookings.send-email": NoSubject;
  /** Write one message to an event's active participants, or a filtered part of them, and read the event's sent messages (issue 31). */
  "staff.events.send-message": NoSubject;
  /** Waivers (issue 31): keep the waiver texts, attach one to an event, read a booking's waivers and their PDFs, record a paper waiver. */
  "staff.waivers.manage": NoSubject;
  /** The site settings: legal notice, support, money rules, bank details, widget partners (admins only; decision 035). */
  "staff.site.manage": NoSubject;
  /** The content pages of the footer menu: list, read, create, publish, reorder (decision 035). */
  "staff.pages.manage": NoSubject;
  /** Change a page's names, slugs, text and phone flag: a legal page's only by admins (issue 30). */
  "staff.pages.edit": PageSubject;
  /** Delete a page, or take it off the site: never a legal page, whoever asks (issue 30; § 5 DDG wants the imprint reachable). */
  "staff.pages.delete": PageSubject;
  "staff.pages.unpublish": PageSubject;
  /** Export the people of chosen bookings, across events, as one CSV (decision 033). */
  "staff.bookings.export": NoSubject;
  /** Reword the e-mail texts per template and language, preview them, reset them to the default (decision 037). */
  "staff.email-texts.manage": NoSubject;
  /** The catalogue in the back office (issue 14, decision 034): list and read events and categories with every language. */
  "staff.catalogue.read": NoSubject;
  /** Create, change, duplicate, publish, archive events; create, change, delete categories. */
  "staff.catalogue.manage": NoSubject;
  /** Edit a submitted booking's answers and companions (add, correct, remove; decision 032). */
  "staff.bookings.edit": NoSubject;
  /** Discount codes: list, create, change, deactivate (decision 079). */
  "staff.vouchers.manage": NoSubject;
  /** A data-subject request by e-mail address: find, export and erase everything of an address (admins only; decision 076). */
  "staff.personal-data.manage": NoSubject;
  /** Give a created event, form or content page a chosen id (the demo's fixed ones; the seed only, decision 043). */
  "seed.fixed-ids": NoSubject;
};

export type Action = keyof SubjectOf;

/**
 * How a refusal answers: a booking someone may not touch is "not found" (its existence is not
 * revealed); account and staff calls say "log in" to the anonymous, and to others why not: an
 * account is only its own ("forbidden"), the back office is for staff with the second factor
 * ("staff_only"), managing staff and the site settings for admins ("admins_only"; issue 33).
 */
export type Refusal = "not_found" | "unauthorized" | "forbidden" | "staff_only" | "admins_only" | "legal_page_protected";

type Rule<A extends Action> = { allows: (actor: Actor, subject: SubjectOf[A]) => boolean; refusal: (actor: Actor, subject: SubjectOf[A]) => Refusal };

const holdsBookingToken = (actor: Actor, booking: BookingSubject) => actor.bookingTokenHash !== undefined && actor.bookingTokenHash === booking.tokenHash;
const ownsBooking = (actor: Actor, booking: BookingSubject) => actor.user !== null && booking.ownerId !== null && actor.user.userId === booking.ownerId;
const holdsManageLink = (actor: Actor, booking: BookingSubject) => actor.manageLinkBookingId !== undefined && actor.manageLinkBookingId === booking.id;
/** Staff and admins, with the second factor behind their session (decision 027). */
export const isStaff = (actor: Actor): boolean =>
  actor.user !== null && (staffRoles as readonly Role[]).includes(actor.user.role) && actor.user.secondFactor === true;
export const isAdmin = (actor: Actor): boolean => isStaff(actor) && actor.user?.role === "admin";
/** The seed, and only it (decision 043). */
const isSeed = (actor: Actor): boolean => actor.user === null && actor.system === seedMark;
const isStaffOrSeed = (actor: Actor): boolean => isStaff(actor) || isSeed(actor);
const isAdminOrSeed = (actor: Actor): boolean => isAdmin(actor) || isSeed(actor);
const isAccount = (actor: Actor, account: AccountSubject) => actor.user !== null && actor.user.userId === account.id;

const bookingNotFound = () => "not_found" as const;
const logInOr =
  (refusal: Refusal) =>
  (actor: Actor): Refusal =>
    actor.user ? refusal : "unauthorized";
const logInOrForbidden = logInOr("forbidden");
const logInOrStaffOnly = logInOr("staff_only");
const logInOrAdminsOnly = logInOr("admins_only");

/** Staff asking to remove a legal page are told it is protected; anyone else what any staff call answers them. */
const legalPageRefusal = (actor: Actor, page: PageSubject): Refusal => (isStaff(actor) && page.legalKey !== null ? "legal_page_protected" : logInOrStaffOnly(actor));

const rules: { [A in Action]: Rule<A> } = {
  // Drafts are the browser's: only its booking token opens them, a login alone does not (a draft of
  // a logged-in visitor is prefilled, not shared with the account's other browsers).
  "booking.open": { allows: holdsBookingToken, refusal: bookingNotFound },
  "booking.edit": { allows: holdsBookingToken, refusal: bookingNotFound },
  "booking.submit": { allows: holdsBookingToken, refusal: bookingNotFound },
  "booking.pay": {
    allows: (actor, booking) =>
      holdsBookingToken(actor, booking) || actor.payLinkBookingId === booking.id || actor.returnTokenBookingId === booking.id || ownsBooking(actor, booking),
    refusal: bookingNotFound,
  },
  "booking.invoice": {
    allows: (actor, booking) => holdsBookingToken(actor, booking) || ownsBooking(actor, booking) || holdsManageLink(actor, booking),
    refusal: bookingNotFound,
  },
  // The signed link is the guest's key; the owner reaches the same page from the dashboard.
  "booking.manage": { allows: (actor, booking) => holdsManageLink(actor, booking) || ownsBooking(actor, booking), refusal: bookingNotFound },
  "booking.complete-details": { allows: (actor, booking) => holdsManageLink(actor, booking) || ownsBooking(actor, booking), refusal: bookingNotFound },
  // Who holds the manage link or owns the booking; a draft's token alone does not (nothing is booked yet).
  "booking.cancel": { allows: (actor, booking) => holdsManageLink(actor, booking) || ownsBooking(actor, booking), refusal: bookingNotFound },
  "booking.decide-sma": { allows: isStaff, refusal: logInOrStaffOnly },
  "account.read": { allows: isAccount, refusal: logInOrForbidden },
  "account.update": { allows: isAccount, refusal: logInOrForbidden },
  "account.delete": { allows: isAccount, refusal: logInOrForbidden },
  "account.list-bookings": { allows: isAccount, refusal: logInOrForbidden },
  "account.export": { allows: isAccount, refusal: logInOrForbidden },
  // The manage link is a guest's key to their booking's data; the owner's login opens it too.
  "booking.export": { allows: (actor, booking) => holdsManageLink(actor, booking) || ownsBooking(actor, booking), refusal: bookingNotFound },
  "form.preview": { allows: isStaff, refusal: logInOrStaffOnly },
  "staff.desk": { allows: isStaff, refusal: logInOrStaffOnly },
  "staff.waitlist.manage": { allows: isStaff, refusal: logInOrStaffOnly },
  "staff.accounts.manage": { allows: isAdmin, refusal: logInOrAdminsOnly },
  "staff.audit.read": { allows: isAdmin, refusal: logInOrAdminsOnly },
  "staff.bookings.read": { allows: isStaff, refusal: logInOrStaffOnly },
  "staff.bookings.download": { allows: isStaff, refusal: logInOrStaffOnly },
  "staff.invoices.read": { allows: isStaff, refusal: logInOrStaffOnly },
  "staff.events.export": { allows: isStaff, refusal: logInOrStaffOnly },
  "staff.dashboard.read": { allows: isStaff, refusal: logInOrStaffOnly },
  "staff.call-backs.read": { allows: isStaff, refusal: logInOrStaffOnly },
  "staff.call-backs.record-attempt": { allows: isStaff, refusal: logInOrStaffOnly },
  "staff.bookings.cancel": { allows: isStaff, refusal: logInOrStaffOnly },
  "staff.bookings.refund": { allows: isStaff, refusal: logInOrStaffOnly },
  "staff.bookings.record-payment": { allows: isStaff, refusal: logInOrStaffOnly },
  "staff.bookings.send-email": { allows: isStaff, refusal: logInOrStaffOnly },
  "staff.events.send-message": { allows: isStaff, refusal: logInOrStaffOnly },
  "staff.waivers.manage": { allows: isStaff, refusal: logInOrStaffOnly },
  // The seed writes the site settings and legal pages of every fresh installation (decision 043).
  "staff.site.manage": { allows: isAdminOrSeed, refusal: logInOrAdminsOnly },
  "staff.pages.manage": { allows: isStaffOrSeed, refusal: logInOrStaffOnly },
  // The legal pages (issue 30): admins edit them (and the seed writes them); staff read them.
  "staff.pages.edit": {
    allows: (actor, page) => (page.legalKey === null ? isStaffOrSeed(actor) : isAdminOrSeed(actor)),
    refusal: (actor, page) => (page.legalKey === null ? logInOrStaffOnly(actor) : logInOrAdminsOnly(actor)),
  },
  // Nobody removes a legal page or takes it off the site; other pages are staff's as before.
  "staff.pages.delete": { allows: (actor, page) => page.legalKey === null && isStaff(actor), refusal: legalPageRefusal },
  "staff.pages.unpublish": { allows: (actor, page) => page.legalKey === null && isStaff(actor), refusal: legalPageRefusal },
  "staff.bookings.export": { allows: isStaff, refusal: logInOrStaffOnly },
  "staff.email-texts.manage": { allows: isStaff, refusal: logInOrStaffOnly },
  "staff.catalogue.read": { allows: isStaff, refusal: logInOrStaffOnly },
  // The seed builds the demo catalogue (categories, events, their forms) through the same verbs.
  "staff.catalogue.manage": { allows: isStaffOrSeed, refusal: logInOrStaffOnly },
  "staff.bookings.edit": { allows: isStaff, refusal: logInOrStaffOnly },
  "staff.vouchers.manage": { allows: isStaff, refusal: logInOrStaffOnly },
  "staff.forms.edit": { allows: isStaffOrSeed, refusal: logInOrStaffOnly },
  "staff.personal-data.manage": { allows: isAdmin, refusal: logInOrAdminsOnly },
  "seed.fixed-ids": { allows: isSeed, refusal: logInOrForbidden },
};

export function can<A extends Action>(actor: Actor, action: A, subject: SubjectOf[A]): boolean {
  return rules[action].allows(actor, subject);
}

/** What a refused `action` on `subject` answers this actor. */
export function refusalOf<A extends Action>(actor: Actor, action: A, subject: SubjectOf[A]): Refusal {
  return rules[action].refusal(actor, subject);
}

/** Every action, for tests and documentation. */
export const actions = Object.keys(rules) as Action[];
