import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, languages, uniqueEmail } from "./support";
import { createEvent } from "./test-data";

const text = {
  en: {
    join: /Join the waitlist/,
    title: "This event is fully booked",
    name: /^Name( \*)?$/,
    email: /^E-mail address( \*)?$/,
    party: /^Number of people( \*)?$/,
    joined: /You are on the waitlist, number 1 in line\./,
    badEmail: "Please enter a valid e-mail address.",
    badParty: "Please enter a number of people from 1 to 20.",
    notBookable: "Not bookable yet",
    opens: /Bookings for .+ open on/,
  },
  de: {
    join: /Auf die Warteliste/,
    title: "Diese Veranstaltung ist ausgebucht",
    name: /^Name( \*)?$/,
    email: /^E-Mail-Adresse( \*)?$/,
    party: /^Anzahl Personen( \*)?$/,
    joined: /Sie stehen auf der Warteliste, an Position \d+\./,
    badEmail: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
    badParty: "Bitte geben Sie eine Personenzahl von 1 bis 20 ein.",
    notBookable: "Noch nicht buchbar",
    opens: /Buchungen für .+ sind ab .+ möglich\./,
  },
} as const;

for (const language of languages) {
  const t = text[language.locale];
  test.describe(`booking outcomes in ${language.locale}`, () => {
    test.use({ extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    // Finds the fully booked event in the demo site's list (the demo final): runs on the server where no test makes events.
    test("a fully booked event leads to the waitlist sign-up, with errors per field", { tag: "@demo-site" }, async ({ page }) => {
      await page.goto(`${language.prefix}/events`);
      await page.getByRole("link", { name: t.join }).first().click();
      await expect(page).toHaveURL(new RegExp(`${language.prefix}/booking-no-available-spots\\?event=`));
      await expect(page.getByRole("heading", { level: 1, name: t.title })).toBeVisible();
      await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "15");
      await expectNoAxeViolations(page);

      await page.getByLabel(t.name).fill("Ines Keller");
      await page.getByLabel(t.email).fill("not-an-address");
      await page.getByLabel(t.party).fill("25");
      await page.getByRole("button", { name: t.join }).click();
      await expect(page.getByText(t.badEmail)).toBeVisible();
      await expect(page.getByText(t.badParty)).toBeVisible();
      await expect(page.getByLabel(t.name)).toHaveValue("Ines Keller");
      await expectNoAxeViolations(page);

      await page.getByLabel(t.email).fill(uniqueEmail("waitlist"));
      await page.getByLabel(t.party).fill("3");
      await page.getByRole("button", { name: t.join }).click();
      await expect(page.getByText(language.locale === "en" ? /You are on the waitlist, number \d+ in line\./ : t.joined)).toBeVisible();
    });

    test("an event not open yet says when bookings open", async ({ page }) => {
      const notBookableYet = await createEvent(page.request, "trackDayNotBookableYet");
      await page.goto(`${language.prefix}/booking-not-bookable-yet?event=${notBookableYet.eventUuid}`);
      await expect(page.getByRole("heading", { level: 1, name: t.notBookable })).toBeVisible();
      await expect(page.getByText(t.opens)).toBeVisible();
      await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "15");
      await expectNoAxeViolations(page);
    });
  });
}
