import { and, desc, eq, gt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorResponseSchema } from "../../core/contracts/errors";
import { staffAuditListResponseSchema } from "../../core/contracts/staff-audit";
import { staffCategoryResponseSchema, staffEventResponseSchema, type StaffEventInput } from "../../core/contracts/staff-catalogue";
import { staffPageResponseSchema } from "../../core/contracts/pages";
import type { DatabaseHandle } from "../../server/db/client";
import { bookings, staffAuditLog } from "../../server/db/schema";
import { seedIds } from "../../server/db/seed";
import { createTestApi } from "../support/api-client";
import { snapshotDatabase } from "../support/database-snapshot";
import { createStaffMember } from "../support/factories";
import { createTestDatabase } from "../support/test-database";

/**
 * The staff audit log (issue 31): every staff and admin call that changes or exports something writes
 * one row (who, what, when) in its own transaction; the log is read by admins only, newest first,
 * filtered by person, kind and date, in the reader's language, and its CSV export is itself audited.
 */

let database: DatabaseHandle;
let api: ReturnType<typeof createTestApi>;
let admin: { id: string; email: string; bearer: Record<string, string> };
let staff: { id: string; email: string; bearer: Record<string, string> };

beforeAll(async () => {
  database = await createTestDatabase();
  api = createTestApi(database, { datev: { consultantNumber: 29098, clientNumber: 55003, chart: "SKR03", fiscalYearStart: "01-01" } });
  const adminMember = await createStaffMember(database.db, { role: "admin" });
  const staffMember = await createStaffMember(database.db, { role: "staff" });
  admin = { ...adminMember, bearer: { authorization: `Bearer ${(await api.logIn(adminMember.email, adminMember.password)).access_token}` } };
  staff = { ...staffMember, bearer: { authorization: `Bearer ${(await api.logIn(staffMember.email, staffMember.password)).access_token}` } };
});
afterAll(async () => {
  await database.close();
});

const send = (method: string, path: string, body: unknown, headers: Record<string, string>, language = "en") =>
  api.app.request(path, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), "accept-language": language, ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const lastId = async () => (await database.db.select({ id: staffAuditLog.id }).from(staffAuditLog).orderBy(desc(staffAuditLog.id)).limit(1))[0]?.id ?? 0;

/** Runs the call, expects it to succeed, and answers the rows it wrote to the staff audit log. */
async function audited(call: () => Response | Promise<Response>, status = 200) {
  const before = await lastId();
  const response = await call();
  if (response.status !== status) throw new Error(`${response.status}: ${await response.text()}`);
  await response.arrayBuffer();
  return database.db.select().from(staffAuditLog).where(gt(staffAuditLog.id, before));
}

const eventInput = (categoryId: number, participantCents: number): StaffEventInput => ({
  category_id: categoryId,
  title: { en: "Audit Track Day", de: "Prüf-Trackday" },
  teaser: { en: "", de: "" },
  description: { en: "<p>Laps</p>", de: "<p>Runden</p>" },
  location: { en: "Nürburgring", de: "Nürburgring" },
  image_url: "/images/golf.jpg",
  image_alt: { en: "A track", de: "Eine Strecke" },
  starts_on: "2031-06-01",
  ends_on: "2031-06-01",
  bookable_from: null,
  registration_deadline: "2031-05-20T18:00:00+02:00",
  capacity: 20,
  min_participants: 1,
  prices: [
    { kind: "participant", key: "participant", label: { en: "Participant", de: "Teilnehmer" }, amount_cents: participantCents, vat_rate_basis_points: 1900, per_day: false },
  ],
  resources: [],
});

describe("every staff and admin call that changes or exports something writes its row", () => {
  it("catalogue, prices, forms, pages, site settings, e-mail texts, accounts, exports, invoices and the second-factor login", async () => {
    const actions: string[] = [];
    const expectRow = (rows: (typeof staffAuditLog.$inferSelect)[], action: string, actorId: string) => {
      expect(rows.map((row) => row.action), action).toContain(action);
      expect(rows.find((row) => row.action === action)?.actorId).toBe(actorId);
      actions.push(action);
      return rows.find((row) => row.action === action);
    };

    // A staff member's login with the second factor.
    const newcomer = await createStaffMember(database.db, { role: "staff" });
    const loginRows = await (async () => {
      const before = await lastId();
      await api.logIn(newcomer.email, newcomer.password);
      return database.db.select().from(staffAuditLog).where(gt(staffAuditLog.id, before));
    })();
    expectRow(loginRows, "staff_logged_in", newcomer.id);

    // Catalogue: a category, an event, its price changed, its state, a copy.
    let categoryId = 0;
    expectRow(
      await audited(async () => {
        const response = await send("POST", "/api/staff/categories", { translations: { en: { name: "Audit days", slug: "", description: "" }, de: { name: "Prüftage", slug: "", description: "" } } }, staff.bearer);
        categoryId = staffCategoryResponseSchema.parse(await response.clone().json()).data.id;
        return response;
      }, 201),
      "category_created",
      staff.id,
    );
    let eventId = "";
    expectRow(
      await audited(async () => {
        const response = await send("POST", "/api/staff/events", eventInput(categoryId, 40_000), staff.bearer);
        const body: unknown = await response.clone().json();
        if (response.status !== 201) throw new Error(JSON.stringify(body));
        eventId = staffEventResponseSchema.parse(body).data.uuid;
        return response;
      }, 201),
      "event_created",
      staff.id,
    );
    const priceRow = expectRow(await audited(() => send("PUT", `/api/staff/events/${eventId}`, eventInput(categoryId, 45_000), admin.bearer)), "event_updated", admin.id);
    expect(priceRow?.details).toMatchObject({ event: eventId, prices: [{ key: "participant", from: 40_000, to: 45_000 }] });
    expectRow(await audited(() => send("POST", `/api/staff/events/${eventId}/duplicate`, { starts_on: "2031-07-01", ends_on: "2031-07-01" }, staff.bearer), 201), "event_duplicated", staff.id);

    // Forms: made for the event, a draft saved, published.
    let formId = "";
    expectRow(
      await audited(async () => {
        const response = await send("POST", `/api/staff/events/${eventId}/form`, undefined, staff.bearer);
        formId = ((await response.clone().json()) as { data: { uuid: string } }).data.uuid;
        return response;
      }, 201),
      "form_created",
      staff.id,
    );
    const form = (await (await send("GET", `/api/staff/forms/${formId}`, undefined, staff.bearer)).json()) as { data: { draft: unknown } };
    expectRow(await audited(() => send("PUT", `/api/staff/forms/${formId}`, form.data.draft, staff.bearer)), "form_draft_saved", staff.id);
    expectRow(await audited(() => send("POST", `/api/staff/forms/${formId}/publish`, undefined, staff.bearer)), "form_published", staff.id);
    expectRow(await audited(() => send("POST", `/api/staff/events/${eventId}/state`, { change: "publish" }, staff.bearer)), "event_published", staff.id);

    // Pages and site settings.
    const pageInput = { show_on_mobile: true, translations: { en: { name: "Audit page", slug: "", content: "<p>x</p>" }, de: { name: "Prüfseite", slug: "", content: "<p>x</p>" } } };
    let pageId = "";
    expectRow(
      await audited(async () => {
        const response = await send("POST", "/api/staff/pages", pageInput, staff.bearer);
        pageId = staffPageResponseSchema.parse(await response.clone().json()).data.uuid;
        return response;
      }, 201),
      "page_created",
      staff.id,
    );
    expectRow(await audited(() => send("PUT", `/api/staff/pages/${pageId}`, { ...pageInput, show_on_mobile: false }, staff.bearer)), "page_updated", staff.id);
    expectRow(await audited(() => send("DELETE", `/api/staff/pages/${pageId}`, undefined, staff.bearer)), "page_deleted", staff.id);
    const site = ((await (await send("GET", "/api/staff/site", undefined, admin.bearer)).json()) as { data: Record<string, unknown> }).data;
    const siteInput = Object.fromEntries(Object.entries(site).filter(([field]) => field !== "effective_widget_frame_ancestors" && field !== "updated_at"));
    expectRow(await audited(() => send("PUT", "/api/staff/site", { ...siteInput, phone: "+49 30 1234567" }, admin.bearer)), "site_settings_changed", admin.id);

    // E-mail texts.
    const emailText = "/api/staff/email-texts/booking-received/de";
    expectRow(await audited(() => send("PUT", emailText, { fields: { subject: "Ihre Buchung {code}" } }, staff.bearer)), "email_text_saved", staff.id);
    expectRow(await audited(() => send("DELETE", emailText, undefined, staff.bearer)), "email_text_reset", staff.id);

    // Accounts: an invitation and a role change.
    const invited = await audited(
      () => send("POST", "/api/staff/accounts/invitations", { name: "Invited One", email: "invited.audit@staff.example", role: "staff", locale: "de" }, admin.bearer),
      201,
    );
    expectRow(invited, "staff_invited", admin.id);
    const roleRow = expectRow(await audited(() => send("PATCH", `/api/staff/accounts/${newcomer.id}`, { change: "role", role: "admin" }, admin.bearer)), "staff_role_changed", admin.id);
    expect(roleRow).toMatchObject({ subjectUserId: newcomer.id, details: { from: "staff", to: "admin" } });

    // Exports: an event's participants, chosen bookings, the invoices (CSV and DATEV).
    expectRow(await audited(() => send("GET", `/api/staff/events/${eventId}/participants.csv`, undefined, staff.bearer)), "participants_exported", staff.id);
    const [booking] = await database.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.eventId, seedIds.events.golfCircleFinal)).limit(1);
    expectRow(await audited(() => send("POST", "/api/staff/bookings/export", { booking_uuids: [booking?.id] }, staff.bearer)), "bookings_exported", staff.id);
    const today = new Date().toISOString().slice(0, 10);
    expectRow(await audited(() => send("GET", `/api/staff/invoices/export.csv?from=${today}&to=${today}`, undefined, staff.bearer)), "invoices_exported", staff.id);
    expectRow(await audited(() => send("GET", `/api/staff/invoices/export-datev.csv?from=${today}&to=${today}`, undefined, staff.bearer)), "invoices_exported", staff.id);

    expect(new Set(actions).size).toBeGreaterThanOrEqual(20);
  });
});

describe("the log's reader", () => {
  it("answers a staff member who is not admin 403 'only for admins', writing nothing", async () => {
    const before = await snapshotDatabase(database.db);
    for (const path of ["/api/staff/audit", "/api/staff/audit.csv"]) {
      const response = await send("GET", path, undefined, staff.bearer);
      expect(response.status).toBe(403);
      expect(errorResponseSchema.parse(await response.json()).message).toBe("This is only for admins.");
    }
    expect((await send("GET", "/api/staff/audit", undefined, {})).status).toBe(401);
    expect(await snapshotDatabase(database.db)).toEqual(before);
  });

  it("lists newest first in the reader's language, filtered by person, kind and date; paginated", async () => {
    const target = await createStaffMember(database.db, { role: "staff" });
    await send("PATCH", `/api/staff/accounts/${target.id}`, { change: "role", role: "admin" }, admin.bearer);
    await send("PATCH", `/api/staff/accounts/${target.id}`, { change: "disable" }, admin.bearer);

    const en = staffAuditListResponseSchema.parse(await (await send("GET", `/api/staff/audit?person=${admin.id}&kind=accounts`, undefined, admin.bearer)).json());
    expect(en.data[0]).toMatchObject({ actor_email: admin.email, what: "Staff account disabled" });
    expect(en.data[1]).toMatchObject({ what: "Role changed", text: `${target.email}: Staff → Admin` });
    expect(en.data.every((entry) => entry.actor_email === admin.email && entry.kind === "accounts")).toBe(true);
    const at = en.data.map((entry) => entry.at);
    expect([...at].sort().reverse()).toEqual(at);

    const de = staffAuditListResponseSchema.parse(await (await send("GET", `/api/staff/audit?person=${admin.id}&kind=accounts`, undefined, admin.bearer, "de")).json());
    expect(de.data[1]).toMatchObject({ what: "Rolle geändert", text: `${target.email}: Team → Administration` });

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const none = staffAuditListResponseSchema.parse(await (await send("GET", `/api/staff/audit?from=${tomorrow}`, undefined, admin.bearer)).json());
    expect(none.data).toEqual([]);

    const pageOne = staffAuditListResponseSchema.parse(await (await send("GET", "/api/staff/audit?per_page=2", undefined, admin.bearer)).json());
    const pageTwo = staffAuditListResponseSchema.parse(await (await send("GET", "/api/staff/audit?per_page=2&page=2", undefined, admin.bearer)).json());
    expect(pageOne.data).toHaveLength(2);
    expect(pageOne.meta.total).toBeGreaterThan(4);
    expect(pageTwo.data[0]?.id).toBeLessThan(pageOne.data[1]?.id ?? 0);

    const bad = await send("GET", "/api/staff/audit?from=2026-13-40", undefined, admin.bearer, "de");
    expect(bad.status).toBe(422);
  });

  it("exports the filtered list as CSV, itself audited", async () => {
    const rows = await audited(() => send("GET", `/api/staff/audit.csv?person=${admin.id}&kind=accounts`, undefined, admin.bearer));
    expect(rows.map((row) => row.action)).toEqual(["audit_exported"]);
    expect(rows[0]?.details).toMatchObject({ filter: { person: admin.id, kind: "accounts" } });
    const response = await send("GET", `/api/staff/audit.csv?person=${admin.id}&kind=accounts`, undefined, admin.bearer);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = (await response.text()).split("\r\n").filter(Boolean);
    expect(lines[0]).toBe("When,Who,Kind,What,Details");
    expect(lines.some((line) => line.includes("Role changed"))).toBe(true);
    const mine = await database.db.select().from(staffAuditLog).where(and(eq(staffAuditLog.actorId, admin.id), eq(staffAuditLog.action, "audit_exported")));
    expect(mine).toHaveLength(2);
  });
});
