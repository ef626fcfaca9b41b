import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, hydrated, shootPhoneAndDesktop } from "./support";
import { logInAsStaff, newStaffMember } from "./staff-support";
import { createEvent } from "./test-data";

/**
 * Issue 31, the office's overview (decision 078), in English (the texts are one catalogue; the
 * German log's wording is checked once at the end): an admin changes a price and a staff member's
 * role and finds both in the audit log with who and when; the calendar shows the event's date with
 * its figures and links to the event.
 */

test.describe("the audit log and the calendar", () => {
  test.use({ locale: "en-GB", extraHTTPHeaders: { "Accept-Language": "en-GB,en;q=0.9" } });

  test("an admin changes a price and a role, finds both in the log; the calendar links to the event", async ({ page, request }) => {
    test.slow();
    const admin = await newStaffMember(request, { role: "admin", locale: "en" });
    const member = await newStaffMember(request, { locale: "en" });
    const { eventUuid } = await createEvent(request, "golfCircleTournament");

    // The price: the main participant's amount on the event's page.
    await logInAsStaff(page, admin, { locale: "en", redirectTo: `/admin/events/${eventUuid}` });
    await hydrated(page);
    const startsOn = await page.locator("#field-starts_on").inputValue();
    const title = `Audit Day ${Date.now().toString(36)}`;
    await page.locator("#field-title-en").fill(title);
    await page.locator("#field-prices-0-amount").fill("1234");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("The event is saved.").first()).toBeVisible();

    // The role: the staff member becomes an admin, confirmed in the dialog.
    await page.goto("/admin/staff");
    const row = page.getByRole("row", { name: new RegExp(member.email.replace(/[.+]/g, "\\$&")) });
    await row.getByRole("button", { name: "Make admin" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Change role" }).click();
    await expect(page.getByText(`The role of ${member.name} has been changed.`)).toBeVisible();

    // The log, filtered to this admin (a GET form): both changes, newest first, with who and when.
    await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Audit log" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
    await page.getByLabel("Person").selectOption({ label: admin.email });
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/[?&]person=/);
    const table = page.getByRole("table");
    const roleRow = table.getByRole("row").filter({ hasText: "Role changed" });
    await expect(roleRow).toContainText(admin.email);
    await expect(roleRow).toContainText(`${member.email}: Staff → Admin`);
    await expect(roleRow.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
    const priceRow = table.getByRole("row").filter({ hasText: "Event changed" });
    await expect(priceRow).toContainText(admin.email);
    await expect(priceRow).toContainText(/Price “participant” .* → €1,234\.00/);
    await expect(table.getByRole("row").nth(1)).toContainText("Role changed");
    await expectNoAxeViolations(page);
    await shootPhoneAndDesktop(page, "admin-audit-en");
    await page.setViewportSize({ width: 1280, height: 900 });

    // The export of the filtered list is a CSV and is itself in the log.
    const csv = await page.request.get(await page.getByRole("link", { name: "Export as CSV" }).getAttribute("href") ?? "");
    expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(await csv.text()).toContain("Role changed");
    await page.reload();
    await expect(table.getByRole("row").nth(1)).toContainText("Audit log exported");

    // The calendar: the event's week, its figures, and its link to the event's page.
    await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Calendar" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Calendar" })).toBeVisible();
    await page.goto(`/admin/calendar?view=month&date=${startsOn}`);
    const day = page.getByRole("listitem", { name: /^Events on / }).filter({ hasText: title }).first();
    await expect(day).toContainText(/\d+ taken · \d+ held · \d+ free/);
    await page.goto(`/admin/calendar?view=week&date=${startsOn}`);
    await expect(page.getByRole("link", { name: "Week", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("link", { name: title }).first()).toBeVisible();
    await expectNoAxeViolations(page);
    await shootPhoneAndDesktop(page, "admin-calendar-week-en");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole("link", { name: "Next week" }).click();
    await expect(page.getByRole("link", { name: title })).toHaveCount(0);
    await page.getByRole("link", { name: "Previous week" }).click();
    await page.getByRole("link", { name: title }).first().click();
    await expect(page).toHaveURL(new RegExp(`/admin/events/${eventUuid}$`));

    // German: the same log in the reader's language.
    await page.goto("/de/admin/audit?kind=accounts");
    await expect(page.getByRole("heading", { level: 1, name: "Protokoll" })).toBeVisible();
    await expect(page.getByRole("table").getByRole("row").filter({ hasText: "Rolle geändert" }).first()).toContainText("Team → Administration");
    await page.goto("/de/admin/calendar");
    await expect(page.getByRole("heading", { level: 1, name: "Kalender" })).toBeVisible();
    await shootPhoneAndDesktop(page, "admin-calendar-month-de");
  });
});
