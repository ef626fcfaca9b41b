import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export const languages = [
  { locale: "en", prefix: "", acceptLanguage: "en-GB,en;q=0.9" },
  { locale: "de", prefix: "/de", acceptLanguage: "de-DE,de;q=0.9" },
] as const;

/** WCAG 2.2 AA as axe knows it: every scanned page must have no violation at all. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]).analyze();
  const summary = results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  expect(summary).toEqual([]);
}

/** Fails the test on any console error of the page (a broken page usually says so there first). */
export function failOnConsoleErrors(page: Page, allowed: RegExp[] = []) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && !allowed.some((pattern) => pattern.test(message.text()))) errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return () => expect(errors).toEqual([]);
}
