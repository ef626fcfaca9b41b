import { describe, expect, it } from "vitest";
import { outboxMessageId } from "../../server/email/email-worker";

describe("outboxMessageId", () => {
  it("is the outbox row's id at the sender's domain, the same for every attempt", () => {
    const id = "6f1c1e54-4b7e-4f55-9a0e-1d2f3a4b5c6d";
    expect(outboxMessageId(id, "Trackside & Fairway Events <bookings@trackside-fairway.example>")).toBe(`<${id}@trackside-fairway.example>`);
    expect(outboxMessageId(id, "bookings@example.org")).toBe(`<${id}@example.org>`);
    expect(outboxMessageId(id, "Events <bookings@example.org>")).toBe(outboxMessageId(id, "Events <bookings@example.org>"));
  });

  it("falls back to localhost for a sender without a domain", () => {
    expect(outboxMessageId("abc", "Events")).toBe("<abc@localhost>");
  });
});
