import { createHash, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBookingResponseSchema } from "../../core/contracts/bookings";
import { errorResponseSchema } from "../../core/contracts/errors";
import { publicFormResponseSchema, type PublicForm } from "../../core/contracts/forms";
import { pageResponseSchema, staffPageResponseSchema, staffPagesResponseSchema, type StaffPage } from "../../core/contracts/pages";
import { siteSettingsResponseSchema, type SiteSettings } from "../../core/contracts/site";
import type { DatabaseHandle } from "../../server/db/client";
import { bookings, outboxEmails } from "../../server/db/schema";
import { seedIds } from "../../server/db/seed";
import { createTestApi } from "../support/api-client";
import { mainParticipantAnswers } from "../support/booking-answers";
import { snapshotDatabase } from "../support/database-snapshot";
import { staffCallerHeaders, type StaffCaller } from "../support/staff-callers";
import { createTestDatabase } from "../support/test-database";

/**
 * The legal pages (issue 30): nobody deletes them or takes them offline, only admins edit them, their
 * texts are filled from the site settings when served (the imprint follows a change at once), and a
 * booking keeps which terms were accepted. Leisure events' withdrawal notice reaches the booking mail.
 */

let database: DatabaseHandle;
let api: ReturnType<typeof createTestApi>;
let headers: Record<StaffCaller, Record<string, string>>;

beforeAll(async () => {
  database = await createTestDatabase();
  api = createTestApi(database);
  headers = await staffCallerHeaders(api);
});
afterAll(async () => {
  await database.close();
});

const send = (method: string, path: string, body: unknown, extra: Record<string, string>) =>
  api.app.request(path, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...extra },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const german = { "accept-language": "de-DE" };
const protectedMessage = {
  en: "The terms, the privacy policy and the imprint must stay on the site: they cannot be deleted or taken offline.",
  de: "AGB, Datenschutzerklärung und Impressum müssen auf der Website bleiben: Sie können nicht gelöscht oder offline genommen werden.",
};

async function staffPages(): Promise<StaffPage[]> {
  return staffPagesResponseSchema.parse(await (await send("GET", "/api/staff/pages", undefined, headers.staff)).json()).data;
}
async function legalPage(key: "terms" | "privacy" | "imprint"): Promise<StaffPage> {
  const page = (await staffPages()).find((each) => each.legal_key === key);
  if (!page) throw new Error(`no ${key} page`);
  return page;
}
/** The page's editor input as read, with a change to the English content. */
function edited(page: StaffPage, content: string) {
  const translations = Object.fromEntries(Object.entries(page.translations).map(([locale, text]) => [locale, { ...text }]));
  return { show_on_mobile: page.show_on_mobile, translations: { ...translations, en: { ...page.translations.en, content } } };
}
async function currentSettings(): Promise<SiteSettings> {
  return siteSettingsResponseSchema.parse(await (await send("GET", "/api/staff/site", undefined, headers.admin)).json()).data;
}
function asInput(settings: SiteSettings) {
  return Object.fromEntries(Object.entries(settings).filter(([field]) => field !== "effective_widget_frame_ancestors" && field !== "updated_at"));
}
async function servedPage(slug: string, extra: Record<string, string> = {}) {
  const response = await api.get(`/api/page/${slug}`, extra);
  expect(response.status).toBe(200);
  return pageResponseSchema.parse(await response.json()).data;
}

describe("the legal pages are protected", () => {
  it("the seeded terms, privacy policy and imprint carry their keys; other pages none", async () => {
    const keys = (await staffPages()).map((page) => page.legal_key);
    expect(keys.filter(Boolean).sort()).toEqual(["imprint", "privacy", "terms"]);
  });

  it("staff may not delete, unpublish or edit a legal page: a localized 403, nothing changed", async () => {
    const imprint = await legalPage("imprint");
    const before = await snapshotDatabase(database.db);
    const deleted = await send("DELETE", `/api/staff/pages/${imprint.uuid}`, undefined, headers.staff);
    expect(deleted.status).toBe(403);
    expect(errorResponseSchema.parse(await deleted.json()).message).toBe(protectedMessage.en);
    const unpublished = await send("POST", `/api/staff/pages/${imprint.uuid}/publication`, { published: false }, { ...headers.staff, ...german });
    expect(unpublished.status).toBe(403);
    expect(errorResponseSchema.parse(await unpublished.json()).message).toBe(protectedMessage.de);
    const edit = await send("PUT", `/api/staff/pages/${imprint.uuid}`, edited(imprint, "<p>Taken over</p>"), headers.staff);
    expect(edit.status).toBe(403);
    expect(errorResponseSchema.parse(await edit.json()).message).toBe("This is only for admins.");
    expect(await snapshotDatabase(database.db)).toEqual(before);
    // Reading it stays allowed: staff see the page, read-only.
    expect((await send("GET", `/api/staff/pages/${imprint.uuid}`, undefined, headers.staff)).status).toBe(200);
  });

  it("an admin edits a legal page (audited) but may not delete or unpublish it either", async () => {
    const terms = await legalPage("terms");
    const content = `${terms.translations.en?.content ?? ""}<p>Clause added by the admin.</p>`;
    const saved = await send("PUT", `/api/staff/pages/${terms.uuid}`, edited(terms, content), headers.admin);
    expect(saved.status).toBe(200);
    expect(staffPageResponseSchema.parse(await saved.json()).data.translations.en?.content).toContain("Clause added by the admin.");
    expect((await servedPage("terms")).content).toContain("Clause added by the admin.");

    const before = await snapshotDatabase(database.db);
    for (const response of [
      await send("DELETE", `/api/staff/pages/${terms.uuid}`, undefined, headers.admin),
      await send("POST", `/api/staff/pages/${terms.uuid}/publication`, { published: false }, headers.admin),
    ]) {
      expect(response.status).toBe(403);
      expect(errorResponseSchema.parse(await response.json()).message).toBe(protectedMessage.en);
    }
    expect(await snapshotDatabase(database.db)).toEqual(before);
    expect((await servedPage("agb", german)).slug).toBe("agb");
  });

  it("a legal text may name only placeholders the site fills: a typo is refused at its field", async () => {
    const imprint = await legalPage("imprint");
    const before = await snapshotDatabase(database.db);
    const typo = await send("PUT", `/api/staff/pages/${imprint.uuid}`, edited(imprint, "<p>Phone: {{phne}}</p>"), headers.admin);
    expect(typo.status).toBe(422);
    expect(errorResponseSchema.parse(await typo.json()).errors?.["translations.en.content"]?.[0]).toBe(
      "This text names placeholders the site cannot fill: phne.",
    );
    expect(await snapshotDatabase(database.db)).toEqual(before);
  });

  it("an ordinary page stays staff's to unpublish and delete", async () => {
    const created = await send(
      "POST",
      "/api/staff/pages",
      {
        show_on_mobile: false,
        translations: { en: { name: "Vouchers", slug: "", content: "<p>Vouchers</p>" }, de: { name: "Gutscheine", slug: "", content: "<p>Gutscheine</p>" } },
      },
      headers.staff,
    );
    expect(created.status).toBe(201);
    const page = staffPageResponseSchema.parse(await created.json()).data;
    expect(page.legal_key).toBeNull();
    expect((await send("POST", `/api/staff/pages/${page.uuid}/publication`, { published: true }, headers.staff)).status).toBe(200);
    expect((await send("POST", `/api/staff/pages/${page.uuid}/publication`, { published: false }, headers.staff)).status).toBe(200);
    expect((await send("DELETE", `/api/staff/pages/${page.uuid}`, undefined, headers.staff)).status).toBe(200);
  });
});

describe("the privacy policy states the retention settings (decision 076)", () => {
  it("shows the days an admin sets; a number out of range is a localized 422 that changes nothing", async () => {
    const settings = await currentSettings();
    const refused = await send("PUT", "/api/staff/site", { ...asInput(settings), upload_retention_days: 0 }, { ...headers.admin, "accept-language": "de" });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(await refused.json())).not.toContain("validation.");
    expect((await currentSettings()).upload_retention_days).toBe(settings.upload_retention_days);
    const saved = await send("PUT", "/api/staff/site", { ...asInput(settings), upload_retention_days: 45, answer_retention_days: 400 }, headers.admin);
    expect(saved.status).toBe(200);
    const english = (await servedPage("privacy")).content;
    expect(english).toContain("deleted 45 days after the last day of the event");
    expect(english).toContain("anonymized 400 days after it");
    expect((await servedPage("datenschutz", german)).content).toContain("45 Tage nach dem letzten Tag");
  });
});

describe("the imprint follows the site settings", () => {
  it("an admin changes the phone: /impressum and /imprint show the new one at once, no stale copy", async () => {
    const settings = await currentSettings();
    expect((await servedPage("impressum", german)).content).toContain(settings.phone);
    expect((await servedPage("imprint")).content).toContain(settings.phone);
    const phone = "+49 89 1234 5678";
    const saved = await send("PUT", "/api/staff/site", { ...asInput(settings), phone }, headers.admin);
    expect(saved.status).toBe(200);
    for (const [slug, extra] of [
      ["impressum", german],
      ["imprint", {}],
    ] as const) {
      const page = await servedPage(slug, extra);
      expect(page.content).toContain(phone);
      expect(page.content).not.toContain(settings.phone);
      expect(page.content).not.toMatch(/\{\{|\}\}/);
    }
    // The German imprint names the country in German, the English one in English.
    expect((await servedPage("impressum", german)).content).toContain("Deutschland");
    expect((await servedPage("imprint")).content).toContain("Germany");
  });
});

describe("a booking keeps the terms it accepted and is told about withdrawal", () => {
  const golf = { formId: seedIds.forms.golfCircleTournament, pages: seedIds.formPages.golfCircleTournament };
  let form: PublicForm;
  beforeAll(async () => {
    form = publicFormResponseSchema.parse(await (await api.get(`/api/form/public/${golf.formId}`, german)).json()).data;
  });
  const uuidOf = (name: string) => {
    const item = form.pages.flatMap((page) => page.items).find((each) => each.name === name);
    if (!item) throw new Error(`no item ${name}`);
    return item.uuid;
  };
  const byName = (answers: Record<string, string | boolean>) => Object.fromEntries(Object.entries(answers).map(([name, value]) => [uuidOf(name), value]));
  const json = (method: string, path: string, body: unknown) =>
    api.app.request(path, { method, headers: { "content-type": "application/json", ...german }, body: JSON.stringify(body) });

  async function submitGolfBooking(): Promise<{ uuid: string; email: string }> {
    const opened = openBookingResponseSchema.parse(await (await api.get(`/api/booking/public/${golf.formId}`, german)).json());
    const token = opened.booking_token ?? "";
    const save = async (pageId: string, answers: Record<string, unknown>) => {
      const response = await json("PUT", `/api/booking/public/${opened.data.uuid}/update/${pageId}`, { booking_token: token, answers });
      expect(response.status).toBe(200);
    };
    const email = `legal-${randomUUID().slice(0, 8)}@example.com`;
    await save(golf.pages.participant, byName(mainParticipantAnswers(email)));
    await save(golf.pages.extras, byName({ "golf.handicap": "hcp_19_36" }));
    await save(golf.pages.summary, byName({ terms: true, payment_option: "invoice" }));
    const submitted = await json("POST", `/api/booking/public/${opened.data.uuid}/submit`, { booking_token: token });
    expect(submitted.status).toBe(200);
    return { uuid: opened.data.uuid, email };
  }

  it("stores the version of the terms as served at the click, in the booking's language; a changed text is a new version", async () => {
    const served = await servedPage("agb", german);
    const expected = `sha256:${createHash("sha256").update(served.content).digest("hex")}`;
    const { uuid: first } = await submitGolfBooking();
    const [row] = await database.db.select().from(bookings).where(eq(bookings.id, first));
    expect(row?.termsAcceptedAt).not.toBeNull();
    expect(row?.termsVersion).toBe(expected);

    // The deposit in the settings is part of the terms' text: changing it is a new version.
    const settings = await currentSettings();
    expect((await send("PUT", "/api/staff/site", { ...asInput(settings), deposit_percent: 20 }, headers.admin)).status).toBe(200);
    const { uuid: second } = await submitGolfBooking();
    const [next] = await database.db.select().from(bookings).where(eq(bookings.id, second));
    const servedNow = await servedPage("agb", german);
    expect(next?.termsVersion).toBe(`sha256:${createHash("sha256").update(servedNow.content).digest("hex")}`);
    expect(next?.termsVersion).not.toBe(expected);
  });

  it("the booking mail of a leisure event carries the site's withdrawal notice in the booking's language", async () => {
    const settings = await currentSettings();
    const notice = "Kein Widerrufsrecht (§ 312g Abs. 2 Nr. 9 BGB): Test-Wortlaut des Betreibers.";
    const changed = { ...asInput(settings), leisure_withdrawal_notice: { ...settings.leisure_withdrawal_notice, de: notice } };
    expect((await send("PUT", "/api/staff/site", changed, headers.admin)).status).toBe(200);
    const booking = await submitGolfBooking();
    const mails = await database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, booking.email));
    const received = mails.find((mail) => mail.template === "booking-received");
    expect(received?.payload).toMatchObject({ withdrawalNotice: notice });
  });
});
