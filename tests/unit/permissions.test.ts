import { describe, expect, it } from "vitest";
import { actions, can, refusalOf, seedActor, type Action, type Actor, type BookingSubject, type PageSubject, type Refusal } from "../../core/domain/permissions";

const booking: BookingSubject = { id: "booking-1", ownerId: "owner", tokenHash: "hash-of-the-booking-token" };
const guestBooking: BookingSubject = { ...booking, ownerId: null };
const legalPage: PageSubject = { legalKey: "imprint" };
const ordinaryPage: PageSubject = { legalKey: null };

/** Every kind of caller the site knows. */
const roles = {
  anonymous: { user: null },
  tokenHolder: { user: null, bookingTokenHash: booking.tokenHash },
  wrongToken: { user: null, bookingTokenHash: "hash-of-another-token" },
  payLink: { user: null, payLinkBookingId: booking.id },
  foreignPayLink: { user: null, payLinkBookingId: "booking-2" },
  returnToken: { user: null, returnTokenBookingId: booking.id },
  manageLink: { user: null, manageLinkBookingId: booking.id },
  foreignManageLink: { user: null, manageLinkBookingId: "booking-2" },
  owner: { user: { userId: "owner", role: "customer", sessionId: "s1" } },
  otherCustomer: { user: { userId: "someone-else", role: "customer", sessionId: "s2" } },
  staff: { user: { userId: "staff-1", role: "staff", sessionId: "s3", secondFactor: true } },
  admin: { user: { userId: "admin-1", role: "admin", sessionId: "s4", secondFactor: true } },
  // A staff account whose session lacks the second factor (decision 027) has no staff powers.
  staffWithoutSecondFactor: { user: { userId: "staff-2", role: "staff", sessionId: "s5" } },
  adminWithoutSecondFactor: { user: { userId: "admin-2", role: "admin", sessionId: "s6", secondFactor: false } },
  // The first start's seed (decision 043): the catalogue and content verbs, nothing else.
  seed: seedActor,
} satisfies Record<string, Actor>;
type Role = keyof typeof roles;

/** The subject each action is asked about in the table: the booking above, the owner's account, or nothing. */
const subjectOf = {
  "booking.open": booking,
  "booking.edit": booking,
  "booking.submit": booking,
  "booking.pay": booking,
  "booking.invoice": booking,
  "booking.manage": booking,
  "booking.complete-details": booking,
  "booking.cancel": booking,
  "booking.decide-sma": null,
  "account.read": { id: "owner" },
  "account.update": { id: "owner" },
  "account.delete": { id: "owner" },
  "account.list-bookings": { id: "owner" },
  "account.export": { id: "owner" },
  "booking.export": booking,
  "form.preview": null,
  "staff.desk": null,
  "staff.waitlist.manage": null,
  "staff.accounts.manage": null,
  "staff.audit.read": null,
  "staff.bookings.read": null,
  "staff.bookings.download": null,
  "staff.invoices.read": null,
  "staff.events.export": null,
  "staff.dashboard.read": null,
  "staff.call-backs.read": null,
  "staff.call-backs.record-attempt": null,
  "staff.bookings.cancel": null,
  "staff.bookings.refund": null,
  "staff.bookings.record-payment": null,
  "staff.bookings.send-email": null,
  "staff.events.send-message": null,
  "staff.waivers.manage": null,
  "staff.site.manage": null,
  "staff.pages.manage": null,
  "staff.pages.edit": legalPage,
  "staff.pages.delete": legalPage,
  "staff.pages.unpublish": legalPage,
  "staff.bookings.export": null,
  "staff.email-texts.manage": null,
  "staff.catalogue.read": null,
  "staff.catalogue.manage": null,
  "staff.bookings.edit": null,
  "staff.vouchers.manage": null,
  "staff.forms.edit": null,
  "staff.personal-data.manage": null,
  "seed.fixed-ids": null,
} satisfies { [A in Action]: unknown };

/** Who may: every role not listed is refused. Derived from what the API and the pages allowed before decision 014. */
const allowed: Record<Action, Role[]> = {
  // Drafts are the browser's: only the booking token opens them, not the owner's login, not staff.
  "booking.open": ["tokenHolder"],
  "booking.edit": ["tokenHolder"],
  "booking.submit": ["tokenHolder"],
  "booking.pay": ["tokenHolder", "payLink", "returnToken", "owner"],
  "booking.invoice": ["tokenHolder", "owner", "manageLink"],
  // The signed manage link or the owner's login; not the draft's cookie, not staff (decision 023).
  "booking.manage": ["manageLink", "owner"],
  "booking.complete-details": ["manageLink", "owner"],
  "booking.cancel": ["manageLink", "owner"],
  "booking.decide-sma": ["staff", "admin"],
  "account.read": ["owner"],
  "account.update": ["owner"],
  "account.delete": ["owner"],
  "account.list-bookings": ["owner"],
  // Personal data (decision 076): the account's own, a booking's through its manage link or its owner; not the draft's cookie.
  "account.export": ["owner"],
  "booking.export": ["manageLink", "owner"],
  "form.preview": ["staff", "admin"],
  "staff.desk": ["staff", "admin"],
  "staff.waitlist.manage": ["staff", "admin"],
  "staff.accounts.manage": ["admin"],
  "staff.audit.read": ["admin"],
  "staff.bookings.read": ["staff", "admin"],
  "staff.bookings.download": ["staff", "admin"],
  "staff.invoices.read": ["staff", "admin"],
  "staff.events.export": ["staff", "admin"],
  "staff.dashboard.read": ["staff", "admin"],
  "staff.call-backs.read": ["staff", "admin"],
  "staff.call-backs.record-attempt": ["staff", "admin"],
  "staff.bookings.cancel": ["staff", "admin"],
  "staff.bookings.refund": ["staff", "admin"],
  "staff.bookings.record-payment": ["staff", "admin"],
  "staff.bookings.send-email": ["staff", "admin"],
  "staff.events.send-message": ["staff", "admin"],
  "staff.waivers.manage": ["staff", "admin"],
  "staff.site.manage": ["admin", "seed"],
  "staff.pages.manage": ["staff", "admin", "seed"],
  // A legal page (issue 30): admins edit it, nobody deletes it or takes it offline.
  "staff.pages.edit": ["admin", "seed"],
  "staff.pages.delete": [],
  "staff.pages.unpublish": [],
  "staff.bookings.export": ["staff", "admin"],
  "staff.email-texts.manage": ["staff", "admin"],
  "staff.catalogue.read": ["staff", "admin"],
  "staff.catalogue.manage": ["staff", "admin", "seed"],
  "staff.bookings.edit": ["staff", "admin"],
  "staff.vouchers.manage": ["staff", "admin"],
  "staff.forms.edit": ["staff", "admin", "seed"],
  "staff.personal-data.manage": ["admin"],
  "seed.fixed-ids": ["seed"],
};

const refusalOfAnonymous: Record<Action, Refusal> = {
  "booking.open": "not_found",
  "booking.edit": "not_found",
  "booking.submit": "not_found",
  "booking.pay": "not_found",
  "booking.invoice": "not_found",
  "booking.manage": "not_found",
  "booking.complete-details": "not_found",
  "booking.cancel": "not_found",
  "booking.decide-sma": "unauthorized",
  "account.read": "unauthorized",
  "account.update": "unauthorized",
  "account.delete": "unauthorized",
  "account.list-bookings": "unauthorized",
  "account.export": "unauthorized",
  "booking.export": "not_found",
  "form.preview": "unauthorized",
  "staff.desk": "unauthorized",
  "staff.waitlist.manage": "unauthorized",
  "staff.accounts.manage": "unauthorized",
  "staff.audit.read": "unauthorized",
  "staff.bookings.read": "unauthorized",
  "staff.bookings.download": "unauthorized",
  "staff.invoices.read": "unauthorized",
  "staff.events.export": "unauthorized",
  "staff.dashboard.read": "unauthorized",
  "staff.call-backs.read": "unauthorized",
  "staff.call-backs.record-attempt": "unauthorized",
  "staff.bookings.cancel": "unauthorized",
  "staff.bookings.refund": "unauthorized",
  "staff.bookings.record-payment": "unauthorized",
  "staff.bookings.send-email": "unauthorized",
  "staff.events.send-message": "unauthorized",
  "staff.waivers.manage": "unauthorized",
  "staff.site.manage": "unauthorized",
  "staff.pages.manage": "unauthorized",
  "staff.pages.edit": "unauthorized",
  "staff.pages.delete": "unauthorized",
  "staff.pages.unpublish": "unauthorized",
  "staff.bookings.export": "unauthorized",
  "staff.email-texts.manage": "unauthorized",
  "staff.catalogue.read": "unauthorized",
  "staff.catalogue.manage": "unauthorized",
  "staff.bookings.edit": "unauthorized",
  "staff.vouchers.manage": "unauthorized",
  "staff.forms.edit": "unauthorized",
  "staff.personal-data.manage": "unauthorized",
  "seed.fixed-ids": "unauthorized",
};

describe("permissions: every role × every action", () => {
  it("the table names every action", () => {
    expect(Object.keys(allowed).sort()).toEqual([...actions].sort());
  });

  const cases = actions.flatMap((action) => (Object.keys(roles) as Role[]).map((role) => [action, role] as const));
  it.each(cases)("%s by %s", (action, role) => {
    const expected = allowed[action].includes(role);
    expect(can(roles[role], action, subjectOf[action] as never)).toBe(expected);
  });

  it.each(actions)("a refused %s answers: booking calls 'not found', account and staff calls 'log in' or why not", (action) => {
    const subject = subjectOf[action] as never;
    expect(refusalOf(roles.anonymous, action, subject)).toBe(refusalOfAnonymous[action]);
    // Issue 33: a logged-in caller is told why: only their own account, staff only, admins only.
    const why = action.startsWith("account.") || action === "seed.fixed-ids" ? "forbidden" : allowed[action].includes("admin") && !allowed[action].includes("staff") ? "admins_only" : "staff_only";
    expect(refusalOf(roles.otherCustomer, action, subject)).toBe(refusalOfAnonymous[action] === "unauthorized" ? why : "not_found");
    // Staff asking to remove a legal page learn that it is protected (issue 30), not that it is staff's.
    const staffWhy = allowed[action].length === 0 && action.startsWith("staff.pages.") ? "legal_page_protected" : why;
    if (refusalOfAnonymous[action] === "unauthorized" && !can(roles.staff, action, subject)) expect(refusalOf(roles.staff, action, subject)).toBe(staffWhy);
  });

  it("an ordinary page is staff's to edit, unpublish and delete; a legal page nobody deletes or unpublishes, only admins edit (issue 30)", () => {
    for (const action of ["staff.pages.edit", "staff.pages.delete", "staff.pages.unpublish"] as const) {
      expect(can(roles.staff, action, ordinaryPage)).toBe(true);
      expect(can(roles.admin, action, ordinaryPage)).toBe(true);
      expect(can(roles.otherCustomer, action, ordinaryPage)).toBe(false);
      expect(can(roles.staffWithoutSecondFactor, action, ordinaryPage)).toBe(false);
      expect(refusalOf(roles.otherCustomer, action, ordinaryPage)).toBe("staff_only");
    }
    expect(can(roles.staff, "staff.pages.edit", legalPage)).toBe(false);
    expect(refusalOf(roles.staff, "staff.pages.edit", legalPage)).toBe("admins_only");
    expect(can(roles.admin, "staff.pages.edit", legalPage)).toBe(true);
    for (const action of ["staff.pages.delete", "staff.pages.unpublish"] as const) {
      for (const role of ["staff", "admin"] as const) {
        expect(can(roles[role], action, legalPage)).toBe(false);
        expect(refusalOf(roles[role], action, legalPage)).toBe("legal_page_protected");
      }
      expect(can(roles.seed, action, legalPage)).toBe(false);
    }
  });

  it("a guest booking (no owner) is not anyone's by login, and a token of nothing opens nothing", () => {
    expect(can(roles.otherCustomer, "booking.pay", guestBooking)).toBe(false);
    expect(can({ user: { userId: "x", role: "customer", sessionId: "s" } }, "booking.invoice", guestBooking)).toBe(false);
    expect(can(roles.foreignPayLink, "booking.pay", booking)).toBe(false);
    expect(can({ user: null, bookingTokenHash: undefined }, "booking.edit", booking)).toBe(false);
  });

  it("the seed is that one actor: a look-alike, a copy through JSON or one with a login is not it", () => {
    const lookAlikes: Actor[] = [
      { user: null, system: Symbol("seed") as never },
      JSON.parse(JSON.stringify(seedActor)) as Actor,
      { ...seedActor, user: { userId: "x", role: "customer", sessionId: "s" } },
    ];
    for (const actor of lookAlikes) {
      expect(can(actor, "staff.catalogue.manage", null)).toBe(false);
      expect(can(actor, "seed.fixed-ids", null)).toBe(false);
    }
  });

  it("staff are not account owners: staff may not read or change someone else's account", () => {
    expect(can(roles.staff, "account.update", { id: "owner" })).toBe(false);
    expect(can(roles.staff, "account.read", { id: "staff-1" })).toBe(true);
  });
});
