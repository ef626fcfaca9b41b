import { expect, test } from "@playwright/test";
import { fillMainParticipant, participantLabels, reviewAndBook } from "./booking-steps";
import { expectNoAxeViolations, journeyLanguages, latestMail, linkIn, mailPolling, uniqueEmail } from "./support";
import { createEvent } from "./test-data";

const text = {
  en: {
    name: /^Name( \*)?$/,
    email: /^E-mail address( \*)?$/,
    party: /^Number of people( \*)?$/,
    join: /Join the waitlist/,
    joined: /You are on the waitlist/,
    held: /Your waitlist offer holds the places for you until/,
    invoice: /Invoice/,
    thanks: "Thank you for your booking!",
    full: "This event is fully booked",
    spent: "The offer in your link has run out or has already been used. You can join the waitlist again below.",
  },
  de: {
    name: /^Name( \*)?$/,
    email: /^E-Mail-Adresse( \*)?$/,
    party: /^Anzahl Personen( \*)?$/,
    join: /Auf die Warteliste/,
    joined: /Sie stehen auf der Warteliste/,
    held: /Ihr Angebot von der Warteliste hält die Plätze bis/,
    invoice: /Rechnung \(Überweisung\)/,
    thanks: "Vielen Dank für Ihre Buchung!",
    full: "Diese Veranstaltung ist ausgebucht",
    spent: "Das Angebot in Ihrem Link ist abgelaufen oder wurde bereits genutzt. Sie können sich unten erneut auf die Warteliste setzen.",
  },
} as const;

// One offer round at a time: each test's party of one must be the first waiting party that fits.
test.describe.configure({ mode: "serial" });

for (const language of journeyLanguages("de")) {
  const t = text[language.locale];
  test.describe(`waitlist offer in ${language.locale}`, () => {
    test.use({ extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("a freed place is offered by e-mail; the link books the fully booked event once, then says it is spent", async ({ page, request }) => {
      test.slow(); // the booking now has its review step too
      const email = uniqueEmail(`offer-${language.locale}`);
      // A copy of the fully booked Golf Circle final: 16 places, all held by confirmed bookings.
      const { eventUuid: finalEvent, formUuid: finalForm } = await createEvent(request, "golfCircleFinal");
      await page.goto(`${language.prefix}/booking-no-available-spots?event=${finalEvent}`);
      await page.getByLabel(t.name).fill("Ines Keller");
      await page.getByLabel(t.email).fill(email);
      await page.getByLabel(t.party).fill("1");
      await page.getByRole("button", { name: t.join }).click();
      await expect(page.getByText(t.joined)).toBeVisible();

      // A place frees up; the offer round runs as it does when a hold runs out.
      const freed = await request.post(`/__test/events/${finalEvent}/add-places?places=1`);
      expect(freed.status()).toBe(200);
      expect(await freed.json()).toEqual({ offered: 1 });
      await expect.poll(async () => (await latestMail(email)).text.includes("?offer="), mailPolling).toBe(true);
      const offerLink = linkIn(await latestMail(email), /https?:\/\/\S+\?offer=[A-Za-z0-9_-]+/);
      expect(new URL(offerLink).pathname).toBe(`${language.prefix}/booking/${finalForm}`);

      // The token moves into a cookie: the address bar no longer shows it, the page says until when the place is held.
      await page.goto(offerLink);
      await expect(page).toHaveURL(new RegExp(`${language.prefix}/booking/${finalForm}\\?page=1$`));
      await expect(page.getByText(t.held)).toBeVisible();
      await expectNoAxeViolations(page);
      await fillMainParticipant(page, language.locale, {
        salutation: "mrs",
        forename: "Ines",
        surname: "Keller",
        street: "Lindenweg 3",
        postcode: "84364",
        city: "Bad Birnbach",
        phone: "+49 8563 12345",
        email,
      });
      await page.getByRole("button", { name: participantLabels[language.locale].next }).click();
      await expect(page).toHaveURL(/\?page=2$/);
      // Resuming without the link keeps the offer (the event is still fully booked for everybody else).
      await page.goto(`${language.prefix}/booking`);
      await expect(page.getByText(t.held)).toBeVisible();
      await page.getByLabel(participantLabels[language.locale].handicap).check();
      await page.getByRole("button", { name: participantLabels[language.locale].next }).click();
      await page.getByLabel(participantLabels[language.locale].terms).check();
      await page.getByRole("radio", { name: t.invoice }).check();
      await reviewAndBook(page, language.locale);
      await expect(page.getByRole("heading", { level: 1, name: t.thanks })).toBeVisible();

      // The offer is spent: the link now leads to the waitlist of the still fully booked event.
      await page.goto(offerLink);
      await expect(page).toHaveURL(new RegExp(`/booking-no-available-spots\\?event=${finalEvent}&offer=spent`));
      await expect(page.getByRole("heading", { level: 1, name: t.full })).toBeVisible();
      await expect(page.getByText(t.spent)).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
