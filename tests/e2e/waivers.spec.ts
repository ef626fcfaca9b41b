import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { logInAsStaff, newStaffMember, staffApiToken } from "./staff-support";
import { bookTrackDay, trackPeople } from "./staff-test-bookings";
import { downloadBy, expectNoAxeViolations, hydrated, mailPolling, mailsTo, pdfText, shootPhoneAndDesktop, uniqueEmail } from "./support";
import { createEvent } from "./test-data";

/**
 * Waivers (issue 31, decision 080). English: staff write a waiver text and attach it to a track day of
 * the test's own for drivers and co-drivers; a customer books (main participant and a co-driver), opens
 * the sign link from the confirmation mail, signs by drawing on the canvas; the PDF's text reads back;
 * the back office shows the main participant signed and the co-driver missing, and staff record the
 * co-driver's paper waiver. German: the same from a German booking's mail, signed by the tick alone in
 * a browser without JavaScript, the PDF in German, the back office in German.
 */

const waiverText = {
  name: `Track day waiver ${Date.now()}`,
  title: { en: "Liability waiver for the track day", de: "Haftungsverzicht für den Trackday" },
  body: {
    en: "I take part at my own risk.\n\nThe organiser is not liable for damage I cause to myself, my vehicle or others, except for intent and gross negligence.",
    de: "Ich nehme auf eigene Gefahr teil.\n\nDer Veranstalter haftet nicht für Schäden, die ich mir, meinem Fahrzeug oder Dritten zufüge, außer bei Vorsatz und grober Fahrlässigkeit.",
  },
};

/** The sign link of the main participant in the booking's confirmation mail. */
async function signLinkInMail(email: string, since: number): Promise<string> {
  let link = "";
  await expect
    .poll(() => {
      const mail = mailsTo(email, since).find((candidate) => /\/waiver\//.test(candidate.text));
      link = mail?.text.match(/https?:\/\/\S+\/waiver\/[A-Za-z0-9._-]+/)?.[0] ?? "";
      return link;
    }, mailPolling)
    .not.toBe("");
  return new URL(link).pathname;
}

/** Draws a signature-like stroke on the canvas with mouse moves. */
async function drawSignature(page: Page) {
  const canvas = page.getByLabel("Signature field: draw with the mouse or a finger");
  // signature_pad loads after hydration: a stroke before it is attached draws nothing.
  await expect(canvas).toHaveAttribute("data-ready", "true");
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error("no canvas");
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 30, y);
  await page.mouse.down();
  for (let step = 1; step <= 12; step++) await page.mouse.move(box.x + 30 + step * 18, y + (step % 2 === 0 ? -25 : 25), { steps: 3 });
  await page.mouse.up();
}

async function attachWaiverByApi(request: APIRequestContext, eventUuid: string) {
  const token = await staffApiToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const saved = await request.post("/api/staff/waivers", { headers, data: { ...waiverText, name: `${waiverText.name} de` } });
  expect(saved.status(), await saved.text()).toBe(201);
  const { data } = (await saved.json()) as { data: { waiverId: string } };
  const attached = await request.put(`/api/staff/events/${eventUuid}/waiver`, { headers, data: { waiver_id: data.waiverId, person_types: ["main", "driver", "co_driver"] } });
  expect(attached.status(), await attached.text()).toBe(204);
}

test.describe("waivers (en)", () => {
  test.use({ locale: "en-GB", extraHTTPHeaders: { "Accept-Language": "en" } });

  test("staff attach a waiver; the driver signs from the mail by drawing; the PDF reads back; staff record the co-driver's paper waiver", async ({ page, request, browser }) => {
    test.slow();
    const made = await createEvent(request, "trackDayTwoDays");
    const member = await newStaffMember(request, { locale: "en" });
    await logInAsStaff(page, member, { locale: "en", redirectTo: "/admin/waivers" });
    await hydrated(page);
    await page.getByLabel("Name (back office only)").fill(waiverText.name);
    for (const [locale, group] of [["en", "English"], ["de", "German"]] as const) {
      const fields = page.getByRole("group", { name: group });
      await fields.getByLabel("Title").fill(waiverText.title[locale]);
      await fields.getByLabel("Text", { exact: true }).fill(waiverText.body[locale]);
    }
    await page.getByRole("button", { name: "Save waiver text" }).click();
    await expect(page.getByText(`Version 1 of “${waiverText.name}” saved.`)).toBeVisible();
    await expect(page.getByRole("article", { name: waiverText.name })).toContainText("Version 1");
    await expectNoAxeViolations(page);
    await shootPhoneAndDesktop(page, "admin-waivers-en");

    await page.goto(`/admin/events/${made.eventUuid}`);
    await page.getByRole("link", { name: "Waiver", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Waiver for");
    await page.getByLabel("Waiver text").selectOption({ label: `${waiverText.name} · Version 1` });
    // Drivers and co-drivers are asked by default, spectators not.
    await expect(page.getByLabel("Co-driver")).toBeChecked();
    await expect(page.getByLabel("Companion (not on track)")).not.toBeChecked();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Saved.")).toBeVisible();
    await expect(page.getByText("Signed now: version 1.")).toBeVisible();
    await expectNoAxeViolations(page);
    await shootPhoneAndDesktop(page, "admin-event-waiver-en");

    const email = uniqueEmail("waiver-en");
    const since = Date.now();
    const booking = await bookTrackDay(request, { locale: "en", email, payment: "invoice", eventUuid: made.eventUuid, formUuid: made.formUuid });
    const signPath = await signLinkInMail(email, since);

    const customer = await browser.newContext({ locale: "en-GB", extraHTTPHeaders: { "Accept-Language": "en" } });
    const signPage = await customer.newPage();
    await signPage.goto(signPath);
    await hydrated(signPage);
    await expect(signPage.getByRole("heading", { level: 1 })).toHaveText(`Waiver for ${trackPeople.main.forename} ${trackPeople.main.surname}`);
    await expect(signPage.getByRole("article", { name: waiverText.title.en })).toContainText("I take part at my own risk.");
    await expect(signPage.getByText(/^Version 1 · SHA-256 [0-9a-f]{64}$/)).toBeVisible();
    await signPage.getByLabel("Date of birth").fill("1988-07-14");
    await drawSignature(signPage);
    await expect(signPage.getByLabel("I have read the waiver above and agree to it.", { exact: true })).toBeVisible();
    await expectNoAxeViolations(signPage);
    await shootPhoneAndDesktop(signPage, "waiver-sign-en");
    // Signing without the tick is refused with the reason beside it.
    await signPage.getByRole("button", { name: "Sign the waiver" }).click();
    await expect(signPage.getByText("Please tick that you have read and agree to the waiver.")).toBeVisible();
    // The drawing is gone with the page's reload: draw again, tick, sign.
    await hydrated(signPage);
    await drawSignature(signPage);
    await signPage.getByLabel("I have read the waiver above and agree to it.", { exact: true }).check();
    await signPage.getByRole("button", { name: "Sign the waiver" }).click();
    await expect(signPage.getByText("Thank you, the waiver is signed.")).toBeVisible();
    await expect(signPage.getByTestId("waiver-signed")).toContainText("signed by hand online");
    await shootPhoneAndDesktop(signPage, "waiver-signed-en");
    const pdf = await pdfText(await downloadBy(signPage.getByRole("link", { name: "Download the signed waiver (PDF)" })));
    expect(pdf).toContain(waiverText.title.en);
    expect(pdf).toContain("I take part at my own risk.");
    expect(pdf).toContain(`Name: ${trackPeople.main.forename} ${trackPeople.main.surname}`);
    expect(pdf).toContain("signed by hand online");
    expect(pdf).toMatch(/SHA-256: [0-9a-f]{64}/);
    expect(pdf).toMatch(new RegExp(`Booking\\s+${booking.code}`));
    // The booking's own page lists each person's waiver: the driver's PDF, the co-driver's sign link.
    const manageLink = mailsTo(email, since)
      .map((mail) => mail.text.match(/https?:\/\/\S+\/my-booking\/[A-Za-z0-9._-]+/)?.[0])
      .find(Boolean);
    await signPage.goto(new URL(manageLink ?? "").pathname);
    const listed = signPage.getByRole("region", { name: "Waivers" });
    await expect(listed.getByRole("listitem").filter({ hasText: trackPeople.main.surname })).toContainText(/Signed \d/);
    await expect(listed.getByRole("link", { name: `Waiver PDF of ${trackPeople.main.forename} ${trackPeople.main.surname}` })).toBeVisible();
    await expect(listed.getByRole("link", { name: `Sign the waiver for ${trackPeople.coDriver.forename} ${trackPeople.coDriver.surname}` })).toHaveAttribute("href", /^\/waiver\//);
    await expectNoAxeViolations(signPage);
    await shootPhoneAndDesktop(signPage, "manage-waivers-en");
    await customer.close();

    // The back office: the main participant signed, the co-driver missing; staff record the paper waiver.
    await page.goto(`/admin/bookings/${booking.bookingUuid}`);
    const waivers = page.getByRole("region", { name: "Waivers" });
    const main = waivers.getByRole("listitem").filter({ hasText: trackPeople.main.surname });
    const coDriver = waivers.getByRole("listitem").filter({ hasText: trackPeople.coDriver.surname });
    await expect(main).toContainText(/Signed \d/);
    await expect(coDriver).toContainText("Missing");
    await expectNoAxeViolations(page);
    await shootPhoneAndDesktop(page, "admin-booking-waivers-en");
    const staffPdf = await pdfText(await downloadBy(main.getByRole("link", { name: `Waiver PDF of ${trackPeople.main.forename} ${trackPeople.main.surname}` })));
    expect(staffPdf).toContain("I take part at my own risk.");
    await coDriver.getByText(`Record the paper waiver of ${trackPeople.coDriver.forename} ${trackPeople.coDriver.surname}`).click();
    await coDriver.getByLabel("Date of birth (optional)").fill("1990-03-04");
    await coDriver.getByRole("button", { name: "Record paper waiver" }).click();
    await expect(page.getByText(`The paper waiver of ${trackPeople.coDriver.forename} ${trackPeople.coDriver.surname} was recorded.`)).toBeVisible();
    await expect(waivers.getByRole("listitem").filter({ hasText: trackPeople.coDriver.surname })).toContainText(/Paper \d/);
    await expect(page.getByRole("region", { name: "Audit trail" })).toContainText("Paper waiver recorded");
    await shootPhoneAndDesktop(page, "admin-booking-paper-waiver-en");
  });
});

test.describe("waivers (de)", () => {
  test.use({ locale: "de-DE", extraHTTPHeaders: { "Accept-Language": "de" } });

  test("a German driver signs from the mail by the tick alone without JavaScript; the German PDF reads back; the back office shows it", async ({ page, request, browser }) => {
    test.slow();
    const made = await createEvent(request, "trackDayTwoDays");
    await attachWaiverByApi(request, made.eventUuid);
    const email = uniqueEmail("waiver-de");
    const since = Date.now();
    const booking = await bookTrackDay(request, { locale: "de", email, payment: "invoice", eventUuid: made.eventUuid, formUuid: made.formUuid });
    const signPath = await signLinkInMail(email, since);
    expect(signPath).toMatch(/^\/de\/waiver\//);

    const customer = await browser.newContext({ locale: "de-DE", javaScriptEnabled: false, extraHTTPHeaders: { "Accept-Language": "de" } });
    const signPage = await customer.newPage();
    await signPage.goto(signPath);
    await expect(signPage.getByRole("heading", { level: 1 })).toHaveText(`Haftungsverzicht für ${trackPeople.main.forename} ${trackPeople.main.surname}`);
    await expect(signPage.getByRole("article", { name: waiverText.title.de })).toContainText("Ich nehme auf eigene Gefahr teil.");
    // No script: no canvas, the tick is the signature.
    await expect(signPage.locator("canvas")).toHaveCount(0);
    await signPage.getByLabel("Geburtsdatum").fill("1988-07-14");
    await signPage.getByLabel("Ich habe den Haftungsverzicht oben gelesen und stimme ihm zu. Mein Kreuz ist meine Unterschrift.").check();
    // axe runs as a script in the page: the scan of this page is the English test's, with JavaScript.
    await shootPhoneAndDesktop(signPage, "waiver-sign-de-no-script");
    await signPage.getByRole("button", { name: "Haftungsverzicht unterschreiben" }).click();
    await expect(signPage.getByText("Vielen Dank, der Haftungsverzicht ist unterschrieben.")).toBeVisible();
    await expect(signPage.getByTestId("waiver-signed")).toContainText("online durch Ankreuzen zugestimmt");
    await shootPhoneAndDesktop(signPage, "waiver-signed-de");
    const pdf = await pdfText(await downloadBy(signPage.getByRole("link", { name: "Unterschriebenen Haftungsverzicht herunterladen (PDF)" })));
    expect(pdf).toContain(waiverText.title.de);
    expect(pdf).toContain("Ich nehme auf eigene Gefahr teil.");
    expect(pdf).toContain("online durch Ankreuzen zugestimmt");
    expect(pdf).toMatch(new RegExp(`Buchungscode\\s+${booking.code}`));
    // Signing again through the same link is not offered: the page says it is signed.
    await signPage.goto(signPath);
    await expect(signPage.getByRole("heading", { level: 1 })).toHaveText("Haftungsverzicht unterschrieben");
    await customer.close();

    const member = await newStaffMember(request, { locale: "de" });
    await logInAsStaff(page, member, { locale: "de", redirectTo: `/de/admin/bookings/${booking.bookingUuid}` });
    const waivers = page.getByRole("region", { name: "Haftungsverzichte" });
    await expect(waivers.getByRole("listitem").filter({ hasText: trackPeople.main.surname })).toContainText(/Unterschrieben \d/);
    await expect(waivers.getByRole("listitem").filter({ hasText: trackPeople.coDriver.surname })).toContainText("Fehlt");
    await expectNoAxeViolations(page);
    await shootPhoneAndDesktop(page, "admin-booking-waivers-de");
  });
});
