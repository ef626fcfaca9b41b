import { describe, expect, it } from "vitest";
import { manageLinkPath, manageLinkToken, parseManageLinkToken } from "../../server/bookings/manage-links";

const secret = "s".repeat(40);
const booking = { id: "6f1c2a4e-8d0b-4b6a-9c51-2e7d3f9a0b11", manageLinkGeneration: 0, locale: "de" as const };

describe("manage-my-booking links", () => {
  it("names the booking and its generation, under the booking's language", () => {
    const token = manageLinkToken(secret, booking);
    expect(parseManageLinkToken(secret, token)).toEqual({ bookingId: booking.id, generation: 0 });
    expect(manageLinkPath(secret, booking)).toBe(`/de/my-booking/${token}`);
  });

  it("refuses a link signed with another secret, a changed generation or a changed booking", () => {
    const token = manageLinkToken(secret, booking);
    expect(parseManageLinkToken("x".repeat(40), token)).toBeNull();
    expect(parseManageLinkToken(secret, token.replace(".0.", ".1."))).toBeNull();
    expect(parseManageLinkToken(secret, token.replace(booking.id, "6f1c2a4e-8d0b-4b6a-9c51-2e7d3f9a0b12"))).toBeNull();
    expect(parseManageLinkToken(secret, "not-a-token")).toBeNull();
  });

  it("makes a new link for a raised generation (revocation)", () => {
    const next = manageLinkToken(secret, { ...booking, manageLinkGeneration: 1 });
    expect(next).not.toBe(manageLinkToken(secret, booking));
    expect(parseManageLinkToken(secret, next)).toEqual({ bookingId: booking.id, generation: 1 });
  });
});
