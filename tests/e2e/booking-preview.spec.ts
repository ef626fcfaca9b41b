import { expect, test, type APIRequestContext } from "@playwright/test";
import type { FormDefinition } from "../../core/contracts/form-definitions";
import { fillMainParticipant, participantLabels } from "./booking-steps";
import { expectNoAxeViolations, hydrated, journeyLanguages, shootPhoneAndDesktop } from "./support";
import { logInAsStaff, newStaffMember, staffApiToken } from "./staff-support";
import { createEvent } from "./test-data";

/**
 * The booking page's preview (issue 14 "Live preview", decision 039): staff open
 * `/booking/{form}?preview=1` and see the form's draft through the real page, under a banner; "Next"
 * checks each page with the same errors, the last page ends in a notice, and nothing is booked (the
 * event's places stay as they were). Anyone else gets the page as without `?preview`.
 */

const texts = {
  en: {
    banner: "Preview — nothing is saved and no booking is made",
    builder: "Back to the form builder",
    notPublished: /Customers cannot open this form yet/,
    draftItem: /^Preview-only question( \*)?$/,
    required: "This field is required.",
    page2: "Companions & extras",
    end: "End of the preview",
    endNotice: /This is where the customer would submit/,
    dueFull: /^The full amount \(€[\d,.]+\) is due on booking\.$/,
    invoice: "Invoice (bank transfer)",
  },
  de: {
    banner: "Vorschau – es wird nichts gespeichert und keine Buchung angelegt",
    builder: "Zurück zum Formular-Editor",
    notPublished: /Kundinnen und Kunden können dieses Formular noch nicht öffnen/,
    draftItem: /^Nur-Vorschau-Frage( \*)?$/,
    required: "Dieses Feld ist erforderlich.",
    page2: "Begleitpersonen & Extras",
    end: "Ende der Vorschau",
    endNotice: /An dieser Stelle würde die Buchung abgeschickt/,
    dueFull: /^Der volle Betrag \([\d.,]+\s€\) ist bei Buchung fällig\.$/,
    invoice: "Rechnung (Überweisung)",
  },
} as const;

const person = {
  salutation: "mrs",
  forename: "Petra",
  surname: "Vorschau",
  street: "Seeweg 1",
  postcode: "78462",
  city: "Konstanz",
  phone: "+49 7531 123456",
  email: "preview@example.com",
} as const;

/** The builder's save: a required question only the draft has, on the first page. */
async function addDraftOnlyQuestion(request: APIRequestContext, token: string, formUuid: string) {
  const headers = { authorization: `Bearer ${token}` };
  const current = (await (await request.get(`/api/staff/forms/${formUuid}`, { headers })).json()) as { data: { draft: FormDefinition } };
  const [first, ...rest] = current.data.draft.pages;
  if (!first) throw new Error("the form has a first page");
  const question = {
    uuid: crypto.randomUUID(),
    parent_uuid: null,
    kind: "input" as const,
    name: "preview_only",
    label: { en: "Preview-only question", de: "Nur-Vorschau-Frage" },
    help: null,
    required: true,
    options: {},
  };
  const saved = await request.put(`/api/staff/forms/${formUuid}`, { headers, data: { pages: [{ ...first, items: [...first.items, question] }, ...rest] } });
  expect(saved.status()).toBe(200);
}

async function placesTaken(request: APIRequestContext, token: string, eventUuid: string): Promise<number> {
  const response = await request.get(`/api/staff/events/${eventUuid}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { places_taken: number } }).data.places_taken;
}

for (const language of journeyLanguages("de")) {
  const t = texts[language.locale];
  const labels = participantLabels[language.locale];
  test.describe(`the booking page's preview (${language.locale})`, () => {
    test.use({ locale: language.locale === "de" ? "de-DE" : "en-GB", extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("staff preview the draft page by page and nothing is booked; anyone else gets the page as without preview", async ({ page, request, browser }) => {
      test.slow();
      const { eventUuid, formUuid } = await createEvent(request, "golfCircleTournament");
      const token = await staffApiToken(request);
      await addDraftOnlyQuestion(request, token, formUuid);
      const previewPath = `${language.prefix}/booking/${formUuid}?preview=1`;

      // An anonymous visitor: the published form (the draft's question is not in it), no banner.
      const visitor = await browser.newPage({ locale: language.locale === "de" ? "de-DE" : "en-GB" });
      await visitor.goto(previewPath);
      await expect(visitor).toHaveURL(/\?page=1$/);
      await expect(visitor.getByLabel(labels.forename)).toBeVisible();
      await expect(visitor.getByText(t.banner)).toHaveCount(0);
      await expect(visitor.getByLabel(t.draftItem)).toHaveCount(0);
      await visitor.close();

      // Unpublished now: anyone but staff gets the 404 page, with or without `?preview`.
      const unpublished = await request.post(`/api/staff/events/${eventUuid}/state`, {
        headers: { authorization: `Bearer ${token}` },
        data: { change: "unpublish" },
      });
      expect(unpublished.status()).toBe(200);
      expect((await request.get(previewPath)).status()).toBe(404);
      const before = await placesTaken(request, token, eventUuid);

      const member = await newStaffMember(request, { locale: language.locale });
      await logInAsStaff(page, member, { locale: language.locale, redirectTo: previewPath });
      const opened = await page.goto(previewPath);
      expect(opened?.status()).toBe(200);
      expect(opened?.headers()["cache-control"]).toContain("no-store");
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
      const banner = page.getByTestId("preview-banner");
      await expect(banner).toHaveAttribute("role", "status");
      await expect(banner).toContainText(t.banner);
      await expect(banner).toContainText(t.notPublished);
      await expect(banner.getByRole("link", { name: t.builder })).toHaveAttribute("href", `${language.prefix}/admin/forms/${formUuid}`);
      await expect(page.getByLabel(t.draftItem)).toBeVisible();
      await hydrated(page);
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `booking-preview-${language.locale}`);

      // "Next" on an empty page: the page schema's errors, the draft's question among them.
      await page.getByRole("button", { name: labels.next }).click();
      await expect(page.getByTestId("error-summary")).toBeVisible();
      await expect(page.getByLabel(t.draftItem)).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByText(t.required).first()).toBeVisible();
      await expectNoAxeViolations(page);

      await fillMainParticipant(page, language.locale, person);
      await page.getByLabel(t.draftItem).fill("Seen in the preview");
      await page.getByRole("button", { name: labels.next }).click();
      await expect(page.getByRole("heading", { level: 1, name: t.page2 })).toBeVisible();
      await expect(page.getByTestId("preview-banner")).toBeVisible();
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `booking-preview-page2-${language.locale}`);

      // Back to page 1: the answers were kept without a draft.
      await page
        .getByRole("form", { name: t.page2 })
        .getByRole("button", { name: /^(Back|Zurück)$/ })
        .click();
      await expect(page.getByLabel(t.draftItem)).toHaveValue("Seen in the preview");
      await expect(page.getByLabel(labels.forename)).toHaveValue(person.forename);
      // A select shows no value after a page change without a reload, on the real booking page too
      // (a known fault outside the preview, reported with decision 039): chosen again here.
      await page.getByLabel(labels.salutation).selectOption({ label: labels[person.salutation] });
      await page.getByRole("button", { name: labels.next }).click();
      await expect(page.getByRole("heading", { level: 1, name: t.page2 })).toBeVisible();

      await page.getByLabel(labels.handicap).check();
      await page.getByRole("button", { name: labels.next }).click();
      await page.getByLabel(labels.terms).check();
      // The tournament is close: the payment help says everything is due at once, as the real page does (issue 28).
      await expect(page.getByText(t.dueFull)).toBeVisible();
      await expect(page.getByText(/A deposit of|Anzahlung von/)).toHaveCount(0);
      await page.getByLabel(t.invoice).check();
      await page.getByRole("button", { name: labels.toReview }).click();
      await expect(page.getByRole("heading", { level: 1, name: t.end })).toBeVisible();
      await expect(page.getByText(t.endNotice)).toBeVisible();
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `booking-preview-end-${language.locale}`);

      expect(await placesTaken(request, token, eventUuid)).toBe(before);
      const listed = await request.get(`/api/staff/bookings?event=${eventUuid}`, { headers: { authorization: `Bearer ${token}` } });
      expect(listed.status()).toBe(200);
      expect(((await listed.json()) as { data: unknown[] }).data).toEqual([]);
    });
  });
}
