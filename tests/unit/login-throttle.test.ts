import { describe, expect, it } from "vitest";
import { HomeAddresses } from "../../server/auth/login-throttle";
import { AppError } from "../../server/errors";

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
