import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { totpCodeAt } from "../../server/auth/totp";
import { hydrated } from "./support";

/** A staff or admin account of the test's own (test route), with the secret of its authenticator when enrolled. */
export type StaffMember = { email: string; password: string; totpSecret: string | null; name: string };

export async function newStaffMember(request: APIRequestContext, options: { role?: "staff" | "admin"; enrolled?: boolean; locale?: "en" | "de" } = {}): Promise<StaffMember> {
  const response = await request.post("/__test/staff-members", { data: options });
  expect(response.status()).toBe(201);
  return (await response.json()) as StaffMember;
}

/** The code the member's authenticator app shows now. */
export function currentCode(member: StaffMember): Promise<string> {
  if (!member.totpSecret) throw new Error(`${member.email} has no authenticator yet`);
  return totpCodeAt(member.totpSecret, new Date());
}

/** A bearer token of a staff session: the password, then the second factor (decision 027). */
export async function staffApiToken(request: APIRequestContext, member?: StaffMember): Promise<string> {
  const staff = member ?? (await newStaffMember(request));
  const login = await request.post("/api/auth/public/login", { data: { email: staff.email, password: staff.password } });
  expect(login.status()).toBe(200);
  const { second_factor: secondFactor } = (await login.json()) as { second_factor: { challenge: string } };
  const second = await request.post("/api/auth/public/login/second-factor", { data: { challenge: secondFactor.challenge, code: await currentCode(staff) } });
  expect(second.status()).toBe(200);
  return ((await second.json()) as { access_token: string }).access_token;
}

/** The login and second-step labels per language, as the catalogue has them. */
export const staffLoginLabels = {
  en: { email: /^E-mail address( \*)?$/, password: /^Password( \*)?$/, submit: "Log in", code: /^Six-digit code( \*)?$/, confirm: "Confirm and continue" },
  de: { email: /^E-Mail-Adresse( \*)?$/, password: /^Passwort( \*)?$/, submit: "Anmelden", code: /^Sechsstelliger Code( \*)?$/, confirm: "Bestätigen und weiter" },
} as const;

/**
 * Logs in through the pages: the password, then the code typed as from the app (decision 027); ends
 * where the login was asked for (`redirectTo`, a path with the language prefix), else the back office.
 * For the specs whose subject is the login itself; every other spec uses `logInAsStaff`.
 */
export async function logInAsStaffThroughPages(page: Page, member: StaffMember, options: { locale: "en" | "de"; redirectTo?: string }) {
  const labels = staffLoginLabels[options.locale];
  const prefix = options.locale === "de" ? "/de" : "";
  await page.goto(`${prefix}/login${options.redirectTo ? `?redirectTo=${encodeURIComponent(options.redirectTo)}` : ""}`);
  await page.getByLabel(labels.email).fill(member.email);
  await page.getByLabel(labels.password).fill(member.password);
  await page.getByRole("button", { name: labels.submit, exact: true }).click();
  await page.getByLabel(labels.code).fill(await currentCode(member));
  await page.getByRole("button", { name: labels.confirm }).click();
  await page.waitForURL((url) => !url.pathname.includes("/login"));
}

/**
 * Logs in with the same two form posts the login pages make without JavaScript (the password, then
 * the authenticator's code), sent by `page.request`, which shares the page's cookie jar: the server
 * sets the same httpOnly session cookies as for a person at the pages, without the two pages being
 * rendered and hydrated (the pages themselves are walked by admin-access.spec.ts and
 * admin-staff.spec.ts). Then opens `redirectTo` (a path with the language prefix), else the back office,
 * and waits for it to hydrate.
 */
export async function logInAsStaff(page: Page, member: StaffMember, options: { locale: "en" | "de"; redirectTo?: string }) {
  const prefix = options.locale === "de" ? "/de" : "";
  const target = options.redirectTo ?? `${prefix}/admin`;
  const login = await page.request.post(`${prefix}/login`, { form: { email: member.email, password: member.password, redirectTo: target }, maxRedirects: 0 });
  expect(login.status(), `login of ${member.email}`).toBe(302);
  const secondStep = login.headers()["location"] ?? "";
  expect(secondStep).toBe(`${prefix}/login/second-factor?redirectTo=${encodeURIComponent(target)}`);
  const second = await page.request.post(secondStep, { form: { intent: "code", code: await currentCode(member) }, maxRedirects: 0 });
  expect(second.status(), `second factor of ${member.email}`).toBe(302);
  expect(second.headers()["location"]).toBe(target);
  await page.goto(target);
  // The back office's buttons open their dialogs only once React has hydrated; a click before that is
  // lost (seen in CI on the booking page's Cancel), so every caller starts from a live page. React
  // Router's inline script has run by the load event, unless the test browses without JavaScript.
  if (await page.evaluate(() => "__reactRouterContext" in window)) await hydrated(page);
}
