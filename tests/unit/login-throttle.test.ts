import { describe, expect, it } from "vitest";
import { FailureBackoff, HomeAddresses } from "../../server/auth/login-throttle";
import { AppError } from "../../server/errors";

describe("FailureBackoff", () => {
  it("lets the free failures pass, then doubles the wait up to the maximum, and forgets a quiet key", () => {
    let now = 0;
    const backoff = new FailureBackoff({ free: 3, firstWaitMs: 1000, maximumWaitMs: 5000, forgetAfterMs: 60_000 }, () => now);
    for (let failure = 0; failure < 3; failure += 1) {
      expect(backoff.waitMs("a")).toBe(0);
      backoff.fail("a");
    }
    expect(backoff.waitMs("a")).toBe(1000);
    expect(backoff.waitMs("b")).toBe(0);
    now += 1000;
    expect(backoff.waitMs("a")).toBe(0);
    backoff.fail("a");
    expect(backoff.waitMs("a")).toBe(2000);
    backoff.fail("a");
    backoff.fail("a");
    expect(backoff.waitMs("a")).toBe(5000);
    now += 60_001;
    expect(backoff.waitMs("a")).toBe(0);
    backoff.fail("a");
    expect(backoff.waitMs("a")).toBe(0);
  });

  it("reset clears a key", () => {
    const backoff = new FailureBackoff({ free: 0, firstWaitMs: 1000, maximumWaitMs: 1000, forgetAfterMs: 60_000 }, () => 0);
    backoff.fail("a");
    expect(backoff.waitMs("a")).toBe(1000);
    backoff.reset("a");
    expect(backoff.waitMs("a")).toBe(0);
  });
});

describe("HomeAddresses", () => {
  it("remembers the last address per account and forgets the longest-unused account beyond capacity", () => {
    const homes = new HomeAddresses(2);
    homes.remember("a", "1.1.1.1");
    homes.remember("b", "2.2.2.2");
    homes.remember("a", "3.3.3.3");
    homes.remember("c", "4.4.4.4");
    expect(homes.is("a", "3.3.3.3")).toBe(true);
    expect(homes.is("a", "1.1.1.1")).toBe(false);
    expect(homes.is("b", "2.2.2.2")).toBe(false);
    expect(homes.is("c", "4.4.4.4")).toBe(true);
  });
});

describe("the waiting messages", () => {
  it("say 1 minute in the singular and more minutes in the plural, in both languages", () => {
    const message = (key: "tooManyAttempts" | "tooManyDrafts", count: number, locale: "en" | "de") =>
      new AppError("TOO_MANY_REQUESTS", key, { params: { count } }).toResponse(locale).message;
    expect(message("tooManyAttempts", 1, "en")).toBe("Too many attempts. Please try again in 1 minute.");
    expect(message("tooManyAttempts", 15, "en")).toBe("Too many attempts. Please try again in 15 minutes.");
    expect(message("tooManyAttempts", 1, "de")).toBe("Zu viele Versuche. Bitte versuchen Sie es in 1 Minute erneut.");
    expect(message("tooManyAttempts", 15, "de")).toBe("Zu viele Versuche. Bitte versuchen Sie es in 15 Minuten erneut.");
    expect(message("tooManyDrafts", 1, "en")).toMatch(/ or try again in 1 minute\.$/);
    expect(message("tooManyDrafts", 60, "en")).toMatch(/ or try again in 60 minutes\.$/);
    expect(message("tooManyDrafts", 1, "de")).toMatch(/ oder versuchen Sie es in 1 Minute erneut\.$/);
    expect(message("tooManyDrafts", 60, "de")).toMatch(/ oder versuchen Sie es in 60 Minuten erneut\.$/);
  });
});
