import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, journeyLanguages, shootPhoneAndDesktop, uniqueEmail } from "./support";
import { logInAsStaff, newStaffMember } from "./staff-support";
import { createEvent } from "./test-data";

/**
 * An event's waitlist in the back office (issue 13 "Waitlist per event"): staff see the parties in
 * order, an offer without room is refused with the reason, an open offer shows until when it holds,
 * and taking an entry off is confirmed first.
 */

const texts = {
  en: {
    signUp: {
      name: /^Name( \*)?$/,
      email: /^E-mail address( \*)?$/,
      party: /^Number of people( \*)?$/,
      join: /Join the waitlist/,
      joined: /You are on the waitlist/,
    },
    manage: /^Waitlist: /,
    title: /^Waitlist: /,
    offer: "Offer places",
    send: "Send the offer",
    noRoom: "There is no free place for this party of 1.",
    offered: "Offer sent",
    remove: "Remove",
    removed: "The entry has been removed.",
    removedStatus: "Removed",
  },
  de: {
    signUp: {
      name: /^Name( \*)?$/,
      email: /^E-Mail-Adresse( \*)?$/,
      party: /^Anzahl Personen( \*)?$/,
      join: /Auf die Warteliste/,
      joined: /Sie stehen auf der Warteliste/,
    },
    manage: /^Warteliste: /,
    title: /^Warteliste: /,
    offer: "Plätze anbieten",
    send: "Angebot senden",
    noRoom: "Für diese Gruppe von 1 Person ist kein Platz frei.",
    offered: "Angebot gesendet",
    remove: "Entfernen",
    removed: "Der Eintrag wurde entfernt.",
    removedStatus: "Entfernt",
  },
} as const;

async function joinWaitlist(
  page: Page,
  prefix: string,
  eventUuid: string,
  labels: (typeof texts)["en" | "de"]["signUp"],
  party: { name: string; email: string; size: number },
) {
  await page.goto(`${prefix}/booking-no-available-spots?event=${eventUuid}`);
  await page.getByLabel(labels.name).fill(party.name);
  await page.getByLabel(labels.email).fill(party.email);
  await page.getByLabel(labels.party).fill(String(party.size));
  await page.getByRole("button", { name: labels.join }).click();
  await expect(page.getByText(labels.joined)).toBeVisible();
}

for (const language of journeyLanguages("de")) {
  const t = texts[language.locale];
  test.describe(`waitlist in the back office (${language.locale})`, () => {
    test.use({ locale: language.locale === "de" ? "de-DE" : "en-GB", extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("staff see the parties in order, an offer without room says why, an open offer shows, an entry is taken off", async ({ page, browser, request }) => {
      test.slow();
      // A copy of the fully booked final, and two parties waiting: two people, then one.
      const { eventUuid } = await createEvent(request, "golfCircleFinal");
      const visitor = await browser.newContext({ extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });
      const visitorPage = await visitor.newPage();
      const pair = { name: `Paar ${language.locale}`, email: uniqueEmail(`wl-pair-${language.locale}`), size: 2 };
      const single = { name: "Einzel Gast", email: uniqueEmail(`wl-single-${language.locale}`), size: 1 };
      await joinWaitlist(visitorPage, language.prefix, eventUuid, t.signUp, pair);
      await joinWaitlist(visitorPage, language.prefix, eventUuid, t.signUp, single);
      await visitor.close();

      const member = await newStaffMember(request, { locale: language.locale });
      await logInAsStaff(page, member, { locale: language.locale, redirectTo: `${language.prefix}/admin/events/${eventUuid}/waitlist` });
      await expect(page.getByRole("heading", { level: 1, name: t.title })).toBeVisible();
      const rowOf = (email: string) => page.getByRole("row", { name: new RegExp(email.replace(/[.+]/g, "\\$&")) });
      await expect(rowOf(pair.email).getByRole("cell").first()).toHaveText("1");
      await expect(rowOf(single.email).getByRole("cell").first()).toHaveText("2");
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `admin-waitlist-${language.locale}`);
      await page.setViewportSize({ width: 1280, height: 900 });

      // Fully booked: the offer to the single guest is refused with the reason, nothing changes.
      await rowOf(single.email).getByRole("button", { name: t.offer }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: t.send }).click();
      await expect(page.getByText(t.noRoom)).toBeVisible();

      // A place frees up: the automatic round offers it to the single guest (the pair does not fit).
      expect((await (await request.post(`/__test/events/${eventUuid}/add-places?places=1`)).json()) as unknown).toEqual({ offered: 1 });
      await page.reload();
      await expect(rowOf(single.email).getByText(t.offered)).toBeVisible();

      // Taken off: confirmed first; the place goes back (the pair still does not fit).
      await rowOf(single.email).getByRole("button", { name: t.remove }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: t.remove }).click();
      await expect(page.getByText(t.removed)).toBeVisible();
      await expect(rowOf(single.email).getByText(t.removedStatus)).toBeVisible();
      await expect(page.getByTestId("waitlist-places")).toContainText(language.locale === "en" ? "1 of 17 places free" : "1 von 17 Plätzen frei");
    });
  });
}
