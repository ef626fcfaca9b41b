import { describe, expect, it } from "vitest";
import { locales } from "../../core/i18n/locales";
import { describeStaffAuditEntry, priceChanges, staffAuditActionsByKind, staffAuditCsv, staffAuditKinds } from "../../core/domain/staff-audit-entry";

describe("the staff audit log's rows in words", () => {
  it("gives every action a kind and a text in every language, never its raw name", () => {
    for (const kind of staffAuditKinds) {
      for (const action of staffAuditActionsByKind[kind]) {
        for (const locale of locales) {
          const row = describeStaffAuditEntry({ action, details: {}, subjectName: "anna@example.com" }, locale);
          expect(row.kind).toBe(kind);
          expect(row.what).not.toBe(action);
          expect(row.what).not.toMatch(/admin\.audit/);
        }
      }
    }
  });

  it("names a message to an event's participants: how many, and its subject in the reader's language", () => {
    const details = { event: "e", payment: "unpaid", count: 3, subject: { en: "Briefing at 7:30", de: "Briefing um 7:30" } };
    const de = describeStaffAuditEntry({ action: "event_message_sent", details, subjectName: "Track day" }, "de");
    expect(de).toEqual({ kind: "messages", what: "Nachricht an Teilnehmer gesendet", text: "Track day: an 3 Buchungen: „Briefing um 7:30“" });
    const en = describeStaffAuditEntry({ action: "event_message_sent", details, subjectName: "Track day" }, "en");
    expect(en.text).toBe("Track day: to 3 bookings: “Briefing at 7:30”");
  });

  it("names a waiver text's version and a paper waiver's booking and person (decision 080)", () => {
    const saved = describeStaffAuditEntry({ action: "waiver_text_saved", details: { waiver: "w", name: "Track day waiver", version: 2 }, subjectName: null }, "de");
    expect(saved).toEqual({ kind: "waivers", what: "Haftungsverzicht gespeichert", text: "Track day waiver · v2" });
    const paper = describeStaffAuditEntry({ action: "paper_waiver_recorded", details: { event: "e", code: "TD-1", person: "Mia Berger" }, subjectName: "Track day" }, "en");
    expect(paper).toEqual({ kind: "waivers", what: "Paper waiver recorded", text: "Track day: TD-1 · Mia Berger" });
  });

  it("names a resent and a withdrawn staff invitation", () => {
    const resent = describeStaffAuditEntry({ action: "staff_invitation_resent", details: { email: "anna@example.com" }, subjectName: "anna@example.com" }, "de");
    expect(resent).toEqual({ kind: "accounts", what: "Einladung erneut gesendet", text: "anna@example.com" });
    expect(describeStaffAuditEntry({ action: "staff_invitation_revoked", details: {}, subjectName: null }, "en").what).toBe("Invitation withdrawn");
  });

  it("names a discount code and, when it was changed, which fields", () => {
    const changed = describeStaffAuditEntry({ action: "voucher_updated", details: { code: "CLUB-10", changed: ["usageLimit", "validUntil"] }, subjectName: null }, "de");
    expect(changed).toEqual({ kind: "vouchers", what: "Rabattcode geändert", text: "CLUB-10: usageLimit, validUntil" });
    expect(describeStaffAuditEntry({ action: "voucher_deactivated", details: { code: "CLUB-10" }, subjectName: null }, "en").text).toBe("CLUB-10");
  });

  it("shows an action it does not know by its name, without a kind", () => {
    expect(describeStaffAuditEntry({ action: "something_new", details: {}, subjectName: null }, "en")).toEqual({ kind: null, what: "something_new", text: null });
  });

  it("says which prices changed, from what to what", () => {
    const changes = priceChanges(
      [
        { key: "main", amountCents: 49000 },
        { key: "pit_box", amountCents: 9000 },
      ],
      [
        { key: "main", amountCents: 52000 },
        { key: "pit_box", amountCents: 9000 },
        { key: "co_driver", amountCents: 12000 },
      ],
    );
    expect(changes).toEqual([
      { key: "main", from: 49000, to: 52000 },
      { key: "co_driver", from: null, to: 12000 },
    ]);
    const row = describeStaffAuditEntry({ action: "event_updated", details: { prices: changes }, subjectName: "Track day" }, "en");
    expect(row.text).toContain("Track day: ");
    expect(row.text).toContain("€490.00");
    expect(row.text).toContain("€520.00");
  });

  it("writes a CSV whose cells cannot start a formula", () => {
    const csv = staffAuditCsv(["When", "What"], [["2026-11-29", "=HYPERLINK(\"x\")"]]);
    expect(csv).toBe(`When,What\r\n2026-11-29,"'=HYPERLINK(""x"")"\r\n`);
  });
});
