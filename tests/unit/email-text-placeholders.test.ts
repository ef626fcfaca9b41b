import { describe, expect, it } from "vitest";
import { catalogueTextAsPlaceholders, editableEmailTemplate, editableEmailTemplates } from "../../core/domain/editable-email-texts";
import { placeholdersIn, resolvePlaceholders, unknownPlaceholders } from "../../core/domain/email-text-placeholders";

describe("e-mail text placeholders (decision 037)", () => {
  it("finds each placeholder once, in order, and leaves other braces alone", () => {
    expect(placeholdersIn("Hi {customer.first_name}, {booking.code} / {booking.code} {x} {{y}} {Event.Title}")).toEqual([
      "customer.first_name",
      "booking.code",
    ]);
  });

  it("names the placeholders a template has no data for", () => {
    expect(unknownPlaceholders("{booking.code} {booking.secret} {event.title}", ["booking.code", "event.title"])).toEqual(["booking.secret"]);
    expect(unknownPlaceholders("no placeholders", [])).toEqual([]);
  });

  it("fills values; a missing value renders empty, never as braces", () => {
    expect(
      resolvePlaceholders("Booking {booking.code} for {event.title}{refund.amount}.", {
        "booking.code": "AB12",
        "event.title": "Track day",
        "refund.amount": null,
      }),
    ).toBe("Booking AB12 for Track day.");
    expect(resolvePlaceholders("{unknown.name}|{x}", {})).toBe("|{x}");
  });

  it("shows catalogue defaults in the editor's syntax", () => {
    const entry = editableEmailTemplate("booking-received");
    expect(entry).toBeDefined();
    expect(catalogueTextAsPlaceholders("Pay by {{time}} for {{code}} ({{other}})", entry?.catalogueVariables ?? {})).toBe(
      "Pay by {booking.pay_deadline} for {booking.code} ({{other}})",
    );
    expect(editableEmailTemplate("verify-email")).toBeUndefined();
  });

  it("lists every field's placeholders only from the template's own list", () => {
    for (const entry of editableEmailTemplates) {
      for (const placeholder of Object.values(entry.catalogueVariables)) expect(entry.placeholders as readonly string[]).toContain(placeholder);
    }
  });
});
