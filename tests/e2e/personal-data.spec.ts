import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { downloadBy, expectNoAxeViolations, latestMail, linkIn, pdfText, shootPhoneAndDesktop, uniqueEmail } from "./support";

/**
 * Personal data (issue 30, decision 076), in English (the German texts are the catalogue's, checked
 * complete by the unit tests): a guest downloads their booking's data from its manage page, a customer
 * theirs from the account settings, then deletes the account. The erasure itself (files gone from the
 * store, answers anonymized, invoice intact) is checked in the database by tests/api/personal-data.test.ts.
 */
const password = "Fairway-Sunrise-2031";

/** A customer account of the test's own, made through the public API; the e-mailed link (opened in `page`) verifies it and logs in. */
async function newCustomer(page: Page, request: APIRequestContext): Promise<{ email: string; password: string }> {
  const email = uniqueEmail("personal-data");
  const since = Date.now() - 1000;
  const registered = await request.post("/api/auth/public/register", {
    data: { first_name: "Alex", last_name: "Rivera", email, password, password_confirmation: password, locale: "en" },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  await page.goto(linkIn(await latestMail(email, since), /http:\/\/\S+\/register\/[\w-]+/));
  await expect(page.getByRole("heading", { level: 1, name: "Your e-mail address is confirmed" })).toBeVisible();
  return { email, password };
}

/** A copy of the golf & yoga trip with one confirmed invoice booking and a file on it (test route). */
async function bookedTrip(request: APIRequestContext, email: string, ownerEmail?: string) {
  const response = await request.post("/__test/manage-bookings", {
    data: { copyOf: "golfYogaTrip", email, locale: "en", withUpload: true, ...(ownerEmail ? { ownerEmail } : {}) },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { code: string; managePath: string };
}

const json = (bytes: Buffer) => JSON.parse(bytes.toString("utf8")) as { scope: string; bookings: { code: string; uploads: { name: string }[] }[] };
const link = (page: Page, name: string) => page.getByRole("link", { name, exact: true });

test("a guest downloads the booking's data from its manage page; a customer downloads theirs and deletes the account", async ({ page, request }) => {
  test.slow();
  const guest = await bookedTrip(request, uniqueEmail("personal-data-guest"));
  await page.goto(guest.managePath);
  const section = page.getByRole("region", { name: "Your data" });
  await expect(section).toBeVisible();
  const bookingData = json(await downloadBy(section.getByRole("link", { name: "Download my data (JSON)" })));
  expect(bookingData.scope).toBe("booking");
  expect(bookingData.bookings.map((booking) => booking.code)).toEqual([guest.code]);
  expect(bookingData.bookings[0]?.uploads.map((upload) => upload.name)).toEqual(["licence.txt"]);
  const bookingPdf = await pdfText(await downloadBy(section.getByRole("link", { name: "Download my data (PDF)" })));
  expect(bookingPdf).toContain("Your personal data");
  expect(bookingPdf).toContain(guest.code);
  await section.scrollIntoViewIfNeeded();
  await shootPhoneAndDesktop(page, "personal-data-manage-en");

  const customer = await newCustomer(page, request);
  const owned = await bookedTrip(request, uniqueEmail("personal-data-owned"), customer.email);
  await page.goto("/settings");
  await expectNoAxeViolations(page);
  await shootPhoneAndDesktop(page, "personal-data-settings-en");
  await page.setViewportSize({ width: 1280, height: 900 });
  const accountData = json(await downloadBy(link(page, "Download my data (JSON)")));
  expect(accountData.scope).toBe("account");
  expect(accountData.bookings.map((booking) => booking.code)).toEqual([owned.code]);
  expect(await pdfText(await downloadBy(link(page, "Download my data (PDF)")))).toContain(owned.code);

  await link(page, "Delete my profile").click();
  await expect(page.getByText(/The answers, uploaded files, phone numbers and e-mail addresses of your bookings are erased/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Delete my profile for good" }).click();
  await expect(page.getByLabel(/^Current password/)).toHaveAccessibleDescription(/^This field is required\./);
  await shootPhoneAndDesktop(page, "delete-profile-password-en");
  await page.getByLabel(/^Current password/).fill(customer.password);
  await page.getByRole("button", { name: "Delete my profile for good" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your profile has been deleted" })).toBeVisible();
  // The account is gone: its export is a login page now, and the booking's files are gone from its manage page.
  expect((await page.request.get("/settings/personal-data/json", { maxRedirects: 0 })).status()).toBe(302);
  await page.goto(owned.managePath);
  await expect(page.getByRole("region", { name: "Uploaded files" }).getByText("licence.txt")).toHaveCount(0);
});
