import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, languages, latestMail, linkIn, shootPhoneAndDesktop, uniqueEmail } from "./support";
import { createEvent } from "./test-data";

/** Issue 32: joining the waitlist is confirmed by mail, with a signed link to leave it; leaving twice says so. */
const text = {
  en: {
    name: /^Name( \*)?$/,
    email: /^E-mail address( \*)?$/,
    party: /^Number of people( \*)?$/,
    join: /Join the waitlist/,
    joined: /You are on the waitlist/,
    subject: /^You are on the waitlist: /,
    body: /we have put you on the waitlist for .+, for 2 places\./,
    title: "Leave the waitlist",
    question: /Do you want to leave the waitlist for .+\? Your places \(2 people\) go to the next party\./,
    left: /You have left the waitlist for .+\. We will not write to you about it again\./,
    already: /You are no longer on the waitlist for .+: there is nothing more to do\./,
  },
  de: {
    name: /^Name( \*)?$/,
    email: /^E-Mail-Adresse( \*)?$/,
    party: /^Anzahl Personen( \*)?$/,
    join: /Auf die Warteliste/,
    joined: /Sie stehen auf der Warteliste/,
    subject: /^Sie stehen auf der Warteliste: /,
    body: /Wir haben Sie für .+ mit 2 Plätzen auf die Warteliste gesetzt\./,
    title: "Von der Warteliste abmelden",
    question: /Möchten Sie sich von der Warteliste für .+ abmelden\? Ihre Plätze \(2 Personen\) gehen an die nächste Gruppe\./,
    left: /Sie haben sich von der Warteliste für .+ abgemeldet\./,
    already: /Sie stehen nicht mehr auf der Warteliste für .+: Es ist nichts weiter zu tun\./,
  },
} as const;

for (const language of languages) {
  const t = text[language.locale];
  test(`the waitlist sign-up is confirmed by mail with a way off the list (${language.locale})`, async ({ page, request }) => {
    const email = uniqueEmail(`waitlist-leave-${language.locale}`);
    const { eventUuid } = await createEvent(request, "golfCircleFinal");
    await page.goto(`${language.prefix}/booking-no-available-spots?event=${eventUuid}`);
    await page.getByLabel(t.name).fill("Ines Keller");
    await page.getByLabel(t.email).fill(email);
    await page.getByLabel(t.party).fill("2");
    await page.getByRole("button", { name: t.join }).click();
    await expect(page.getByText(t.joined)).toBeVisible();

    const mail = await latestMail(email);
    expect(mail.subject).toMatch(t.subject);
    expect(mail.text).toMatch(t.body);
    const leave = linkIn(mail, /https?:\/\/\S+\/waitlist\/leave\/[\w.-]+/);
    expect(new URL(leave).pathname).toMatch(new RegExp(`^${language.prefix}/waitlist/leave/`));

    // Opening the link changes nothing (a mail scanner may follow it): the button does.
    await page.goto(new URL(leave).pathname);
    await expect(page.getByRole("heading", { level: 1, name: t.title })).toBeVisible();
    await expect(page.getByText(t.question)).toBeVisible();
    await expectNoAxeViolations(page);
    if (language.locale === "de") await shootPhoneAndDesktop(page, "waitlist-leave-question-de");
    await page.getByRole("button", { name: t.title }).click();
    await expect(page.getByText(t.left)).toBeVisible();
    await expectNoAxeViolations(page);
    if (language.locale === "en") await shootPhoneAndDesktop(page, "waitlist-leave-done-en");

    // Again: idempotent, and it says so.
    await page.goto(new URL(leave).pathname);
    await expect(page.getByText(t.already)).toBeVisible();
    await expect(page.getByRole("button", { name: t.title })).toHaveCount(0);

    // A link that was not signed here is the 404 page.
    const forged = `${new URL(leave).pathname.slice(0, -1)}${leave.endsWith("A") ? "B" : "A"}`;
    expect((await page.request.get(forged)).status()).toBe(404);
  });
}
