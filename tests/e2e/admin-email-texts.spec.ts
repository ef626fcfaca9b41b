import { expect, test, type APIRequestContext } from "@playwright/test";
import { golfBookingOverApi } from "./api-bookings";
import { expectNoAxeViolations, hydrated, journeyLanguages, mailMatching, shootPhoneAndDesktop, uniqueEmail } from "./support";
import { logInAsStaff, newStaffMember } from "./staff-support";

/**
 * The e-mail texts in the back office (issue 14, decision 037), from an English and from a German
 * page: staff reword the German "Booking received" subject, inserting `{booking.code}` with its
 * placeholder button by keyboard; an unknown placeholder is refused at its field; the preview with
 * a real booking's code shows it in the sandboxed frame; after saving, a German booking made on the
 * public site gets that subject; reset to default, confirmed by keyboard in the dialog, restores it.
 *
 * Both tests change the same German template, so they run one after the other; each resets it at the end.
 */
test.describe.configure({ mode: "serial" });

const texts = {
  en: {
    nav: "E-mail texts",
    title: "E-mail texts",
    row: "Booking received",
    editGerman: "Edit Booking received in German",
    editTitle: "Booking received (German)",
    languageSwitch: "Language of the e-mail",
    german: "German",
    subject: "Subject",
    heading: "Heading",
    save: "Save texts",
    saved: "The texts were saved.",
    invalid: "Please check the marked fields.",
    unknown: "Unknown placeholder: {booking.unknown}. Use only the placeholders listed for this e-mail.",
    inserted: "{booking.code} inserted into “Subject”.",
    bookingCode: "Booking code (optional)",
    preview: "Show preview",
    previewOf: (code: string) => `For booking ${code}.`,
    frame: "Preview of the e-mail Booking received",
    reset: "Reset to default",
    resetTitle: "Reset to the default texts?",
    resetDone: "The texts are the default ones again.",
    changed: "Changed",
    default: "Default",
  },
  de: {
    nav: "E-Mail-Texte",
    title: "E-Mail-Texte",
    row: "Buchung eingegangen",
    editGerman: "Bearbeiten: Buchung eingegangen auf Deutsch",
    editTitle: "Buchung eingegangen (Deutsch)",
    languageSwitch: "Sprache der E-Mail",
    german: "Deutsch",
    subject: "Betreff",
    heading: "Überschrift",
    save: "Texte speichern",
    saved: "Die Texte wurden gespeichert.",
    invalid: "Bitte prüfen Sie die markierten Felder.",
    unknown: "Unbekannter Platzhalter: {booking.unknown}. Verwenden Sie nur die Platzhalter, die für diese E-Mail aufgeführt sind.",
    inserted: "{booking.code} in „Betreff“ eingefügt.",
    bookingCode: "Buchungscode (optional)",
    preview: "Vorschau anzeigen",
    previewOf: (code: string) => `Für die Buchung ${code}.`,
    frame: "Vorschau der E-Mail Buchung eingegangen",
    reset: "Auf Standard zurücksetzen",
    resetTitle: "Auf die Standardtexte zurücksetzen?",
    resetDone: "Die Texte sind wieder die Standardtexte.",
    changed: "Geändert",
    default: "Standard",
  },
} as const;

/** A confirmed German booking of an event of the test's own, for its code (manage-test-routes.ts). */
async function germanBookingCode(request: APIRequestContext): Promise<string> {
  const response = await request.post("/__test/manage-bookings", { data: { copyOf: "golfYogaTrip", email: uniqueEmail("preview"), locale: "de" } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { code: string }).code;
}

/** A German customer books by invoice over the public booking API (api-bookings.ts); the booking's code. */
async function germanBookingByForm(request: APIRequestContext, email: string): Promise<string> {
  const customer = {
    salutation: "mr",
    forename: "Jonas",
    surname: "Weber",
    street: "Hauptstraße 1",
    postcode: "80331",
    city: "München",
    phone: "+49 89 123456",
    email,
  } as const;
  return (await golfBookingOverApi(request, "de", customer, "invoice")).code;
}

for (const language of journeyLanguages("en")) {
  const t = texts[language.locale];
  test(`staff reword the German booking mail's subject, preview, save and reset it (${language.locale})`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const member = await newStaffMember(request, { locale: language.locale });
    const previewCode = await germanBookingCode(request);
    await logInAsStaff(page, member, { locale: language.locale, redirectTo: `${language.prefix}/admin/email-texts` });

    // The list: every e-mail with its state per language; the nav has the section.
    await expect(page.getByRole("heading", { level: 1, name: t.title })).toBeVisible();
    await expect(page.getByRole("link", { name: t.nav, exact: true })).toHaveAttribute("aria-current", "page");
    const row = page.getByRole("row", { name: new RegExp(`^${t.row}`) });
    await expect(row.getByText(t.default, { exact: true })).toHaveCount(2);
    await expectNoAxeViolations(page);
    await shootPhoneAndDesktop(page, `email-texts-list-${language.locale}`);

    await row.getByRole("link", { name: t.editGerman }).click();
    await expect(page).toHaveURL(`${language.prefix}/admin/email-texts/booking-received/de`);
    await expect(page.getByRole("heading", { level: 1, name: t.editTitle })).toBeVisible();
    await expect(page.getByRole("navigation", { name: t.languageSwitch }).getByRole("link", { name: t.german })).toHaveAttribute("aria-current", "page");
    await hydrated(page);

    // The subject typed, {booking.code} inserted at the cursor with its button, by keyboard.
    const subject = page.getByLabel(t.subject, { exact: true });
    await subject.fill("Buchung eingegangen: ");
    await page.getByRole("button", { name: "{booking.code}" }).focus();
    await page.keyboard.press("Enter");
    await expect(subject).toBeFocused();
    await expect(page.getByRole("status").filter({ hasText: t.inserted })).toHaveCount(1);
    await page.keyboard.type(" – vielen Dank");
    await expect(subject).toHaveValue("Buchung eingegangen: {booking.code} – vielen Dank");

    // An unknown placeholder is refused at its field, and nothing is saved.
    const heading = page.getByLabel(t.heading, { exact: true });
    await heading.fill("Hallo {booking.unknown}");
    await page.getByRole("button", { name: t.save }).click();
    await expect(page.getByText(t.invalid)).toBeVisible();
    await expect(heading).toHaveAttribute("aria-invalid", "true");
    await expect(heading).toHaveAccessibleDescription(new RegExp(`^${t.unknown.replace(/[.{}()]/g, "\\$&")}`));
    await expect(subject).toHaveValue("Buchung eingegangen: {booking.code} – vielen Dank");
    await heading.fill("");

    // The preview with a real booking's code: subject and the sandboxed HTML carry it.
    await page.getByLabel(t.bookingCode).fill(previewCode);
    await page.getByRole("button", { name: t.preview }).click();
    await expect(page.getByRole("heading", { name: t.previewOf(previewCode) })).toBeFocused();
    await expect(page.getByTestId("preview-subject")).toHaveText(`Buchung eingegangen: ${previewCode} – vielen Dank`);
    const frame = page.frameLocator(`iframe[title="${t.frame}"]`);
    await expect(frame.getByText(previewCode, { exact: true })).toBeVisible();
    await expect(page.locator("iframe")).toHaveAttribute("sandbox", "");
    // A full-page screenshot leaves the sandboxed frame blank (it is drawn apart): the frame on its own, to look at.
    if (process.env.E2E_SCREENSHOTS !== "0")
      await page.locator("iframe").screenshot({ path: test.info().outputPath(`email-text-preview-frame-${language.locale}.png`) });
    // The mail's own HTML is not scanned: axe cannot run inside a frame without scripts.
    await expectNoAxeViolations(page, { exclude: ["iframe[sandbox]"] });
    await shootPhoneAndDesktop(page, `email-text-preview-${language.locale}`);

    await page.getByRole("button", { name: t.save }).click();
    await expect(page.getByText(t.saved)).toBeVisible();
    await expect(subject).toHaveValue("Buchung eingegangen: {booking.code} – vielen Dank");

    // A German booking made now gets the reworded subject.
    const customer = uniqueEmail(`email-texts-${language.locale}`);
    const code = await germanBookingByForm(request, customer);
    await mailMatching(customer, new RegExp(`^Buchung eingegangen: ${code} – vielen Dank$`));

    // Reset to default by keyboard, in the dialog.
    await page.getByRole("button", { name: t.reset }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("alertdialog", { name: t.resetTitle });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await shootPhoneAndDesktop(page, `email-text-reset-${language.locale}`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await dialog.getByRole("button", { name: t.reset }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText(t.resetDone)).toBeVisible();
    await expect(subject).toHaveValue("");
    await expect(page.getByRole("button", { name: t.reset })).toHaveCount(0);

    await page
      .getByRole("link", { name: new RegExp(`${t.title}$`) })
      .first()
      .click();
    await expect(page.getByRole("row", { name: new RegExp(`^${t.row}`) }).getByText(t.default, { exact: true })).toHaveCount(2);
  });
}

const noScript = {
  en: { placeholders: "Placeholders", button: "Button label", save: "Save texts", unknown: "Unknown placeholder: {booking.nope}." },
  de: { placeholders: "Platzhalter", button: "Beschriftung der Schaltfläche", save: "Texte speichern", unknown: "Unbekannter Platzhalter: {booking.nope}." },
} as const;

for (const language of journeyLanguages("en")) {
  const t = noScript[language.locale];
  test(`without JavaScript the placeholders are text to copy and a refused save keeps the typing (${language.locale})`, async ({ browser, request }) => {
    const member = await newStaffMember(request, { locale: language.locale });
    const context = await browser.newContext({ javaScriptEnabled: false, locale: language.locale === "de" ? "de-DE" : "en-GB" });
    const page = await context.newPage();
    await logInAsStaff(page, member, { locale: language.locale, redirectTo: `${language.prefix}/admin/email-texts/sma-rejected/en` });
    const placeholders = page.getByRole("complementary", { name: t.placeholders });
    await expect(placeholders.getByText("{booking.code}", { exact: true })).toBeVisible();
    await expect(placeholders.getByRole("button")).toHaveCount(0);

    const label = page.getByLabel(t.button, { exact: true });
    await label.fill("Go {booking.nope}");
    await page.getByRole("button", { name: t.save }).click();
    await expect(label).toHaveAttribute("aria-invalid", "true");
    await expect(label).toHaveAccessibleDescription(new RegExp(`^${t.unknown.replace(/[.{}()]/g, "\\$&")}`));
    await expect(label).toHaveValue("Go {booking.nope}");
    await context.close();
  });
}
