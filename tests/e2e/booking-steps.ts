import { expect, type Page } from "@playwright/test";
import { createEvent } from "./test-data";

/** The main participant's fields and the page buttons, as a visitor reads them in each language. */
export const participantLabels = {
  en: {
    salutation: /^Salutation( \*)?$/,
    mr: "Mr.",
    mrs: "Mrs.",
    forename: /^First name( \*)?$/,
    surname: /^Last name( \*)?$/,
    street: /^Street and number( \*)?$/,
    postcode: /^Postcode( \*)?$/,
    city: /^City( \*)?$/,
    phone: /^Phone( \*)?$/,
    email: /^Email( \*)?$/,
    next: "Save and continue",
    toReview: "Continue to review",
    submit: "Book with obligation to pay",
    handicap: "Up to 18",
    terms: /I accept the terms and conditions/,
  },
  de: {
    salutation: /^Anrede( \*)?$/,
    mr: "Herr",
    mrs: "Frau",
    forename: /^Vorname( \*)?$/,
    surname: /^Nachname( \*)?$/,
    street: /^Straße und Hausnummer( \*)?$/,
    postcode: /^Postleitzahl( \*)?$/,
    city: /^Ort( \*)?$/,
    phone: /^Telefon( \*)?$/,
    email: /^E-Mail( \*)?$/,
    next: "Speichern und weiter",
    toReview: "Weiter zur Übersicht",
    submit: "Zahlungspflichtig buchen",
    handicap: "Bis 18",
    terms: /Ich akzeptiere die AGB/,
  },
} as const;

const sandboxLabels = {
  en: { testMode: /Test mode/, cardNumber: "Card number", expiry: "Expiry date (MM/YY)", cvc: "Security code (CVC)", holder: "Name on card", pay: /^Pay / },
  de: {
    testMode: /Testmodus/,
    cardNumber: "Kartennummer",
    expiry: "Gültig bis (MM/JJ)",
    cvc: "Prüfnummer (CVC)",
    holder: "Name auf der Karte",
    pay: / bezahlen$/,
  },
} as const;

export type Locale = keyof typeof participantLabels;
export type Person = {
  salutation: "mr" | "mrs";
  forename: string;
  surname: string;
  street: string;
  postcode: string;
  city: string;
  phone: string;
  email: string;
};

/** The booking tests' main participant: a Munich address, so the German postcode check passes. */
export const maxMustermann = (email: string): Person => ({
  salutation: "mr",
  forename: "Max",
  surname: "Mustermann",
  street: "Hauptstraße 1",
  postcode: "80331",
  city: "München",
  phone: "+49 89 1234567",
  email,
});

/**
 * Types a date into React Aria's date field (day, month, year segments; both languages put the day
 * first: dd.mm.yyyy, dd/mm/yyyy). The field replaces the native one once scripts run.
 */
export async function fillDate(page: Page, label: RegExp | string, date: { day: string; month: string; year: string }) {
  const field = page.getByRole("group", { name: label });
  await field.getByRole("spinbutton").first().click();
  await page.keyboard.type(`${date.day}${date.month}${date.year}`);
}

/** Fills the main participant's page (the first page of every form). */
export async function fillMainParticipant(page: Page, locale: Locale, person: Person) {
  const t = participantLabels[locale];
  await page.getByLabel(t.salutation).selectOption({ label: t[person.salutation] });
  await page.getByLabel(t.forename).fill(person.forename);
  await page.getByLabel(t.surname).fill(person.surname);
  await page.getByLabel(t.street).fill(person.street);
  await page.getByLabel(t.postcode).fill(person.postcode);
  await page.getByLabel(t.city).fill(person.city);
  await page.getByLabel(t.phone).fill(person.phone);
  await page.getByLabel(t.email).fill(person.email);
}

/**
 * On a golf tournament of the test's own (it starts within 30 days: a card booking pays the whole
 * amount at once): the first two pages, then the terms on the last page; the caller picks how to pay
 * and submits.
 */
export async function fillGolfBookingUpToPayment(page: Page, locale: Locale, prefix: string, person: Person) {
  const t = participantLabels[locale];
  const { formUuid } = await createEvent(page.request, "golfCircleTournament");
  await page.goto(`${prefix}/booking/${formUuid}`);
  await fillMainParticipant(page, locale, person);
  await page.getByRole("button", { name: t.next }).click();
  await expect(page).toHaveURL(/\?page=2$/);
  await page.getByLabel(t.handicap).check();
  await page.getByRole("button", { name: t.next }).click();
  await expect(page).toHaveURL(/\?page=3$/);
  await page.getByLabel(t.terms).check();
}

/** From the last form page: on to the review step (`?page=review`), then its one button that books. */
export async function reviewAndBook(page: Page, locale: Locale) {
  const t = participantLabels[locale];
  await page.getByRole("button", { name: t.toReview }).click();
  await expect(page).toHaveURL(/\?page=review$/);
  await page.getByRole("button", { name: t.submit }).click();
}

/** Pays on the sandbox's hosted page with a test card (any future expiry, any CVC). */
export async function payOnSandbox(page: Page, locale: Locale, card: string, holder: string) {
  const t = sandboxLabels[locale];
  await expect(page.getByText(t.testMode)).toBeVisible();
  await page.getByLabel(t.cardNumber).fill(card);
  await page.getByLabel(t.expiry).fill("12/34");
  await page.getByLabel(t.cvc).fill("123");
  await page.getByLabel(t.holder).fill(holder);
  await page.getByRole("button", { name: t.pay }).click();
}

const loginLabels = {
  en: { email: /^E-mail address( \*)?$/, password: /^Password( \*)?$/, login: "Log in" },
  de: { email: /^E-Mail-Adresse( \*)?$/, password: /^Passwort( \*)?$/, login: "Anmelden" },
} as const;

/**
 * Logs in with the login page's form post (as sent without JavaScript) through `page.request`, which
 * shares the page's cookie jar: the server sets the same httpOnly session cookies as for a person at
 * the page, without the page being rendered. The page stays where it was; the caller opens the next
 * one. (The login page itself is walked by accounts.spec.ts, sessions.spec.ts and `logInThroughPages`.)
 */
export async function logIn(page: Page, prefix: string, account: { email: string; password: string }) {
  const login = await page.request.post(`${prefix}/login`, { form: { email: account.email, password: account.password }, maxRedirects: 0 });
  expect(login.status(), `login of ${account.email}`).toBe(302);
  expect(login.headers()["location"]).toBe(prefix || "/");
}

/** Logs in on the login page (a plain form post to its action) and waits until it has left it. */
export async function logInThroughPages(page: Page, locale: Locale, prefix: string, account: { email: string; password: string }) {
  const t = loginLabels[locale];
  await page.goto(`${prefix}/login`);
  await page.getByLabel(t.email).fill(account.email);
  await page.getByLabel(t.password).fill(account.password);
  await page.getByRole("button", { name: t.login, exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}
