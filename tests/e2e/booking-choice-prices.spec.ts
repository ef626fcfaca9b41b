import { expect, test, type APIRequestContext, type Locator } from "@playwright/test";
import type { FormDefinition } from "../../core/contracts/form-definitions";
import { fillMainParticipant, participantLabels } from "./booking-steps";
import { expectNoAxeViolations, hydrated, languages, shootPhoneAndDesktop, uniqueEmail } from "./support";
import { staffApiToken } from "./staff-support";
import { createEvent } from "./test-data";

/**
 * Priced choices (decision 042): the booking page shows what a choice adds beside it, and the live
 * price summary adds it the moment the customer picks it (a radio, and two ticks of a multiselect),
 * before anything is saved; the review step, priced by the server, shows the same total.
 */

const texts = {
  en: {
    lunch: "Lunch package (+ €45.00)",
    noLunch: "No lunch",
    towel: "Towel (+ €5.00)",
    massage: "Massage (+ €80.00)",
    map: "Course map",
    total: "Total",
    options: "Selected options",
    invoice: "Invoice (bank transfer)",
  },
  de: {
    lunch: "Mittagspaket (+ 45,00 €)",
    noLunch: "Kein Mittagessen",
    towel: "Handtuch (+ 5,00 €)",
    massage: "Massage (+ 80,00 €)",
    map: "Platzkarte",
    total: "Gesamt",
    options: "Gewählte Optionen",
    invoice: "Rechnung (Überweisung)",
  },
} as const;

const choice = (value: string, en: string, de: string, price_cents?: number) => ({ value, label: { en, de }, ...(price_cents ? { price_cents } : {}) });

/** The builder's save and publish: a priced radio and a priced multiselect on the extras page (page 2). */
async function addPricedChoices(request: APIRequestContext, formUuid: string) {
  const headers = { authorization: `Bearer ${await staffApiToken(request)}` };
  const current = (await (await request.get(`/api/staff/forms/${formUuid}`, { headers })).json()) as { data: { draft: FormDefinition } };
  const [first, second, ...rest] = current.data.draft.pages;
  if (!first || !second) throw new Error("the golf form has an extras page");
  const base = { parent_uuid: null, help: null, required: false } as const;
  const lunch = {
    ...base,
    uuid: crypto.randomUUID(),
    kind: "radio" as const,
    name: "lunch",
    label: { en: "Lunch", de: "Mittagessen" },
    options: { choices: [choice("none", "No lunch", "Kein Mittagessen"), choice("lunch", "Lunch package", "Mittagspaket", 4500)] },
  };
  const extras = {
    ...base,
    uuid: crypto.randomUUID(),
    kind: "multiselect" as const,
    name: "extras",
    label: { en: "Extras", de: "Extras" },
    options: { choices: [choice("towel", "Towel", "Handtuch", 500), choice("massage", "Massage", "Massage", 8000), choice("map", "Course map", "Platzkarte")] },
  };
  const saved = await request.put(`/api/staff/forms/${formUuid}`, {
    headers,
    data: { pages: [first, { ...second, items: [...second.items, lunch, extras] }, ...rest] },
  });
  expect(saved.status()).toBe(200);
  expect((await request.post(`/api/staff/forms/${formUuid}/publish`, { headers })).status()).toBe(200);
}

/** An amount as shown ("€1,940.00", "1.940,00 €") in cents. */
const cents = (shown: string) => Number(shown.replace(/\D/g, ""));
const amountOf = (summary: Locator, label: string) =>
  summary
    .locator("div")
    .filter({ has: summary.page().getByText(label, { exact: true }) })
    .locator("dd");

for (const language of languages) {
  const t = texts[language.locale];
  const labels = participantLabels[language.locale];
  test.describe(`priced choices on the booking page (${language.locale})`, () => {
    test.use({ locale: language.locale === "de" ? "de-DE" : "en-GB", extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("a priced choice shows its price and moves the live total; the review shows the same total", async ({ page, request }) => {
      test.slow();
      const { formUuid } = await createEvent(request, "golfCircleTournament");
      await addPricedChoices(request, formUuid);
      await page.goto(`${language.prefix}/booking/${formUuid}`);
      await fillMainParticipant(page, language.locale, {
        salutation: "mr",
        forename: "Jonas",
        surname: "Preis",
        street: "Ring 2",
        postcode: "10115",
        city: "Berlin",
        phone: "+49 30 1234567",
        email: uniqueEmail("choice-prices"),
      });
      await page.getByRole("button", { name: labels.next }).click();
      await expect(page).toHaveURL(/\?page=2$/);
      await hydrated(page);

      const summary = page.getByTestId("price-summary");
      const total = amountOf(summary, t.total);
      const before = cents(await total.innerText());
      await expect(amountOf(summary, t.options)).toHaveCount(0);
      // The price beside each priced choice, in the page's language; an unpriced one shows none.
      await expect(page.getByRole("radio", { name: t.noLunch, exact: true })).toBeVisible();
      await expect(page.getByRole("checkbox", { name: t.map, exact: true })).toBeVisible();

      await page.getByRole("radio", { name: t.lunch }).check();
      await expect.poll(async () => cents(await total.innerText())).toBe(before + 4500);
      await page.getByRole("checkbox", { name: t.towel }).check();
      await page.getByRole("checkbox", { name: t.massage }).check();
      await page.getByRole("checkbox", { name: t.map }).check();
      await expect.poll(async () => cents(await total.innerText())).toBe(before + 13_000);
      expect(cents(await amountOf(summary, t.options).innerText())).toBe(13_000);
      await page.getByRole("checkbox", { name: t.towel }).uncheck();
      await expect.poll(async () => cents(await total.innerText())).toBe(before + 12_500);
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `booking-choice-prices-${language.locale}`);

      await page.getByLabel(labels.handicap).check();
      await page.getByRole("button", { name: labels.next }).click();
      await expect(page).toHaveURL(/\?page=3$/);
      // Priced by the server from the saved answers: the same total.
      expect(cents(await amountOf(page.getByTestId("price-summary"), t.total).innerText())).toBe(before + 12_500);
      await page.getByLabel(labels.terms).check();
      await page.getByRole("radio", { name: t.invoice }).check();
      await page.getByRole("button", { name: labels.toReview }).click();
      await expect(page).toHaveURL(/\?page=review$/);
      await expect(page.getByText(t.options, { exact: true }).first()).toBeVisible();
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `booking-choice-prices-review-${language.locale}`);
    });
  });
}
