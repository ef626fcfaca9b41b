import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, failOnConsoleErrors, languages, shootPhoneAndDesktop } from "./support";
import { createEvent } from "./test-data";

/**
 * The public events by month (issue 31): from the event list to a month, an event of the test's own under
 * its month with its dates, state and booking link, the months before and after as plain links, and a
 * month that is not one refused. Month names and dates are the point, so it walks in both languages.
 */
const text = {
  en: { byMonth: "Events by month", tag: "en-GB", book: "Book now" },
  de: { byMonth: "Veranstaltungen nach Monat", tag: "de-DE", book: "Jetzt buchen" },
} as const;

const monthName = (month: string, tag: string) =>
  new Intl.DateTimeFormat(tag, { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`));
const shiftMonth = (month: string, by: number) => {
  const [year = 0, number = 1] = month.split("-").map(Number);
  const index = year * 12 + number - 1 + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
};

for (const language of languages) {
  const t = text[language.locale];
  test.describe(`events by month in ${language.locale}`, () => {
    test.use({ extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("the event list leads to the months; an event is under its month with its dates and booking link; previous and next months", async ({ page, request }) => {
      const assertClean = failOnConsoleErrors(page);
      const { eventUuid, formUuid } = await createEvent(request, "golfCircleTournament");
      const moved = await request.post(`/__test/events/${eventUuid}/move`, { data: { startsInDays: 390, days: 1 } });
      const { startsOn } = (await moved.json()) as { startsOn: string };
      const month = startsOn.slice(0, 7);

      await page.goto(`${language.prefix}/events`);
      await page.getByRole("link", { name: t.byMonth }).click();
      await expect(page).toHaveURL(new RegExp(`${language.prefix}/calendar$`));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

      await page.goto(`${language.prefix}/calendar?month=${month}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(monthName(month, t.tag));
      const entry = page.getByTestId("calendar-event").filter({ has: page.locator(`a[href="${language.prefix}/booking/${formUuid}"]`) });
      await expect(entry).toHaveCount(1);
      await expect(entry.locator(`time[datetime="${startsOn}"]`)).toBeVisible();
      await expect(entry.getByRole("link", { name: new RegExp(`^${t.book}`) })).toBeVisible();
      // A page of plain HTML: no app script file.
      await expect(page.locator('script[src], link[rel="modulepreload"]')).toHaveCount(0);
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `public-calendar-${language.locale}`);

      await page.getByRole("link", { name: monthName(shiftMonth(month, 1), t.tag) }).click();
      await expect(page).toHaveURL(new RegExp(`\\?month=${shiftMonth(month, 1)}$`));
      await expect(page.getByTestId("calendar-event").filter({ has: page.locator(`a[href="${language.prefix}/booking/${formUuid}"]`) })).toHaveCount(0);
      await page.getByRole("link", { name: monthName(month, t.tag) }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(monthName(month, t.tag));
      await expect(entry).toHaveCount(1);

      // The event's own page is one click away.
      await entry.getByRole("heading", { level: 2 }).getByRole("link").click();
      await expect(page).toHaveURL(new RegExp(`${language.prefix}/events/[a-z0-9-]+/[a-z0-9-]+$`));

      expect((await request.get(`${language.prefix}/calendar?month=${month.slice(0, 4)}-13`)).status()).toBe(400);
      assertClean();
    });
  });
}
