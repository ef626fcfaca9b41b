import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openBookingResponseSchema, submitBookingResponseSchema } from "../../core/contracts/bookings";
import { publicEventsResponseSchema } from "../../core/contracts/events";
import { publicFormResponseSchema, type PublicForm } from "../../core/contracts/forms";
import { pageResponseSchema, staffPageResponseSchema } from "../../core/contracts/pages";
import { staffEventResponseSchema, type StaffEvent } from "../../core/contracts/staff-catalogue";
import { formatMoney } from "../../core/domain/money";
import { addCatalogue, namespaces, type Catalogue } from "../../core/i18n/i18n";
import type * as LocaleList from "../../core/i18n/locale-list";
import { locales, type Locale } from "../../core/i18n/locales";
import type { DatabaseHandle } from "../../server/db/client";
import { bookings, invoices, outboxEmails } from "../../server/db/schema";
import { demoAccounts, seedIds } from "../../server/db/seed";
import { renderEmail } from "../../server/email/render-email";
import { parseEmailMessage } from "../../server/deps/email-messages";
import { createSandboxCheckoutRoutes } from "../../server/payments/sandbox-checkout-routes";
import { createSandboxProvider } from "../../server/payments/sandbox-provider";
import { createTestApi } from "../support/api-client";
import { mainParticipantAnswers } from "../support/booking-answers";
import { pdfText } from "../support/pdf-text";
import { createTestDatabase } from "../support/test-database";
import { englishCatalogue, pseudo, pseudoCatalogue } from "./pseudo";

/**
 * A third language walked end to end over the API, on the database (decision 072): the language is
 * one more entry in core/i18n/locale-list.ts — added here only, by replacing the list module for this
 * file — and its catalogue, given through i18next's `addCatalogue` (the English texts, transformed so
 * that every text of it is recognisable). Staff write an event's title in it and read it back, a
 * visitor whose browser asks for it sees the event and books it, a content page is written and read in it, and the booking's e-mail and
 * invoice PDF are in it. This file runs in its own Vitest project ("third-locale", isolated), so the
 * longer list reaches no other test.
 */
vi.mock("../../core/i18n/locale-list", async (importOriginal) => {
  const actual = await importOriginal<typeof LocaleList>();
  return { localeDefinitions: { ...actual.localeDefinitions, xx: { intlTag: "en-GB", nativeName: "Pseudo" } } };
});

const third = "xx" as Locale;
const asked = { "accept-language": "xx" };
let database: DatabaseHandle;
let api: ReturnType<typeof createTestApi>;
const golf = { formId: seedIds.forms.golfCircleTournament, eventId: seedIds.events.golfCircleTournament, pages: seedIds.formPages.golfCircleTournament };

beforeAll(async () => {
  const catalogue = Object.fromEntries(namespaces.map((namespace) => [namespace, pseudoCatalogue(englishCatalogue(namespace))])) as Catalogue;
  // Two texts not translated yet: the e-mail's sign-off and the invoice's "Total" fall back to the default language.
  delete (catalogue.email.layout as Partial<Catalogue["email"]["layout"]>).signOff;
  delete (catalogue.invoice as Partial<Catalogue["invoice"]>).total;
  addCatalogue(third, catalogue);
  database = await createTestDatabase();
  api = createTestApi(database);
});
afterAll(async () => {
  await database.close();
});

const send = (method: string, url: string, body: unknown, headers: Record<string, string> = {}) =>
  api.app.request(url, { method, headers: { "content-type": "application/json", ...asked, ...headers }, body: JSON.stringify(body) });

/** The staff event editor's read, turned into what its save sends. */
function asInput(event: StaffEvent, title: Record<string, string>) {
  return {
    category_id: event.category_id,
    title,
    teaser: event.teaser,
    description: event.description,
    location: event.location,
    image_url: event.image_url,
    image_alt: event.image_alt,
    slugs: event.slugs,
    starts_on: event.starts_on,
    ends_on: event.ends_on,
    bookable_from: event.bookable_from,
    registration_deadline: event.registration_deadline,
    capacity: event.capacity,
    min_participants: event.min_participants,
    prices: event.prices.map(({ kind, key, label, amount_cents, vat_rate_basis_points, per_day }) => ({
      kind,
      key,
      label,
      amount_cents,
      vat_rate_basis_points,
      per_day,
    })),
    resources: event.resources.map(({ day, kind, key, stock }) => ({ day, kind, key, stock })),
  };
}

describe("a third language added to the locale list", () => {
  const title = "Xx Golf Circle Tournament";

  it("is a language of the site", () => {
    expect(locales).toContain(third);
  });

  it("takes an event title from staff and gives it back, in the back office and to visitors", async () => {
    const staff = { authorization: `Bearer ${(await api.logIn(demoAccounts.staff.email, demoAccounts.staff.password)).access_token}` };
    const read = async () => staffEventResponseSchema.parse(await (await api.get(`/api/staff/events/${golf.eventId}`, staff)).json()).data;
    const before = await read();
    expect(Object.keys(before.title).sort()).toEqual(["de", "en", "xx"]);
    expect(before.missing_translations).toContain("title.xx");

    const saved = await send("PUT", `/api/staff/events/${golf.eventId}`, asInput(before, { ...before.title, xx: title }), staff);
    expect(saved.status, await saved.clone().text()).toBe(200);
    const after = await read();
    expect(after.title).toEqual({ ...before.title, xx: title });
    expect(after.missing_translations).not.toContain("title.xx");

    const listed = publicEventsResponseSchema.parse(await (await api.get("/api/public-events", asked)).json());
    expect(JSON.stringify(listed)).toContain(title);
  });

  it("has content pages in it: staff write one, visitors read it by its own slug", async () => {
    const staff = { authorization: `Bearer ${(await api.logIn(demoAccounts.staff.email, demoAccounts.staff.password)).access_token}` };
    const translation = (name: string, slug: string) => ({ name, slug, content: `<p>${name}</p>` });
    const created = await send(
      "POST",
      "/api/staff/pages",
      {
        show_on_mobile: true,
        translations: { en: translation("Travel tips", "travel-tips"), de: translation("Reisetipps", "reisetipps"), xx: translation("Xx tips", "xx-tips") },
      },
      staff,
    );
    expect(created.status, await created.clone().text()).toBe(201);
    const { uuid } = staffPageResponseSchema.parse(await created.json()).data;
    expect((await send("POST", `/api/staff/pages/${uuid}/publication`, { published: true }, staff)).status).toBe(200);
    const read = pageResponseSchema.parse(await (await api.get("/api/page/xx-tips", asked)).json()).data;
    expect(read).toMatchObject({ name: "Xx tips", slug: "xx-tips", content: "<p>Xx tips</p>" });
    expect(read.translations.map((each) => [each.locale, each.slug]).sort()).toEqual([
      ["de", "reisetipps"],
      ["en", "travel-tips"],
      ["xx", "xx-tips"],
    ]);
  });

  it("books in it, with its e-mail and invoice PDF in it", async () => {
    const opened = openBookingResponseSchema.parse(await (await api.get(`/api/booking/public/${golf.formId}`, asked)).json());
    const form: PublicForm = publicFormResponseSchema.parse(await (await api.get(`/api/form/public/${golf.formId}`, asked)).json()).data;
    const uuidOf = (name: string) => form.pages.flatMap((page) => page.items).find((item) => item.name === name)?.uuid ?? name;
    const byName = (answers: Record<string, string | boolean>) => Object.fromEntries(Object.entries(answers).map(([name, value]) => [uuidOf(name), value]));
    const token = opened.booking_token ?? "";
    const pages: [string, Record<string, string | boolean>][] = [
      [golf.pages.participant, mainParticipantAnswers("third-locale@example.com")],
      [golf.pages.extras, { "golf.handicap": "hcp_19_36" }],
      [golf.pages.summary, { terms: true, payment_option: "invoice" }],
    ];
    for (const [page, answers] of pages) {
      const saved = await send("PUT", `/api/booking/public/${opened.data.uuid}/update/${page}`, { booking_token: token, answers: byName(answers) });
      expect(saved.status, await saved.clone().text()).toBe(200);
    }
    const submitted = await send("POST", `/api/booking/public/${opened.data.uuid}/submit`, { booking_token: token });
    expect(submitted.status, await submitted.clone().text()).toBe(200);
    const { code } = submitBookingResponseSchema.parse(await submitted.json()).data;

    const [booking] = await database.db.select().from(bookings).where(eq(bookings.id, opened.data.uuid));
    expect(booking?.locale).toBe(third);

    // The e-mails to the customer: queued in the booking's language and rendered in it.
    const mails = (await database.db.select().from(outboxEmails)).filter((mail) => (mail.payload as { code?: string }).code === code);
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      expect(mail.locale).toBe(third);
      const email = await renderEmail(parseEmailMessage({ template: mail.template, payload: mail.payload }), third);
      expect(email.html).toContain('lang="xx"');
      expect(email.subject).toMatch(/^\[.*\]$/);
      expect(email.text).toContain(pseudo(englishCatalogue("email").layout!.greeting!).split("{{name}}")[0]);
      expect(email.text).toContain(englishCatalogue("email").layout!.signOff!);
    }
    expect(mails.map((mail) => mail.template)).toContain("invoice");

    // The invoice PDF: issued in the booking's language, its texts the third language's, the event's title its own.
    const [invoice] = await database.db.select().from(invoices).where(eq(invoices.bookingId, opened.data.uuid));
    expect((invoice?.data as { locale?: string } | undefined)?.locale).toBe(third);
    const file = await api.services.invoices.pdfFor({ bookingId: opened.data.uuid, bookingToken: token });
    if (!file) throw new Error("no invoice PDF");
    const text = await pdfText(file.pdf);
    expect(text).toContain(pseudo(String(englishCatalogue("invoice").documentTitle)));
    expect(text).toContain(title);
    expect(text).toMatch(new RegExp(`(^|[^[])${String(englishCatalogue("invoice").total)}\\b`));
  });

  it("has the sandbox provider's hosted payment page in it, from its catalogue", async () => {
    const sandbox = createSandboxProvider({
      db: database.db,
      publicOrigin: "http://site.test",
      webhookSecret: "whsec_third_locale_test_secret_long",
      webhookDelayMs: 0,
      now: () => new Date(),
    });
    const checkout = await sandbox.createCheckout({
      paymentId: "00000000-0000-4000-8000-000000000001",
      bookingId: "00000000-0000-4000-8000-000000000002",
      bookingCode: "XX-1",
      amountCents: 12_345,
      currency: "EUR",
      description: title,
      locale: third,
      customerEmail: null,
      successUrl: "http://site.test/xx/payment/success/t",
      cancelUrl: "http://site.test/xx/payment/failed/t",
      idempotencyKey: "third-locale-checkout",
      expiresAt: new Date(Date.now() + 60 * 60_000),
    });
    const pages = createSandboxCheckoutRoutes({ provider: sandbox, now: () => new Date() });
    const texts = englishCatalogue("payments").sandboxCheckout!;
    const shown = await pages.request(`/${checkout.providerReference}`);
    expect(shown.status).toBe(200);
    const html = await shown.text();
    expect(html).toContain('lang="xx"');
    for (const key of ["title", "banner", "cardNumber", "testCards"]) expect(html, key).toContain(pseudo(texts[key]!));
    expect(html).toContain(pseudo(texts.pay!).replace("{{amount}}", formatMoney(12_345, third)));
    const refused = await pages.request(`/${checkout.providerReference}/pay`, {
      method: "POST",
      body: new URLSearchParams({ number: "1234", expiry: "", cvc: "", holder: "" }),
    });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain(pseudo("Please enter a valid card number."));
  });
});
