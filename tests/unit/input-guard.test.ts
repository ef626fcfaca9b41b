import { describe, expect, it } from "vitest";
import { badRequestPage, isUnsafeText, refusedPageRequest, unsafeQueryNames, unsafeTextPaths } from "../../server/http/input-guard";

describe("input guard: text PostgreSQL cannot take", () => {
  it("finds NUL and lone surrogates, not paired surrogates or ordinary text", () => {
    expect(["a\u0000b", "\ud800x", "x\udc00", "\udfff"].map(isUnsafeText)).toEqual([true, true, true, true]);
    expect(["Grüße 😀", "", "\ufffd", "a\u0001b"].map(isUnsafeText)).toEqual([false, false, false, false]);
  });

  it("names every unsafe string of a JSON value by its dotted path; an unsafe key by its parent", () => {
    const value = { name: "ok", answers: { "1": "a\u0000" }, companions: [{ forename: "\ud800" }], "bad\u0000key": 1 };
    expect(unsafeTextPaths(value).sort()).toEqual(["_", "answers.1", "companions.0.forename"]);
    expect(unsafeTextPaths("\u0000")).toEqual(["_"]);
    let deep: unknown = "\u0000";
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(unsafeTextPaths(deep)).toHaveLength(1);
  });

  it("checks decoded queries and refuses page requests carrying NUL, or a post that is not a form", async () => {
    expect(unsafeQueryNames(new URL("http://x/?search=a%00b&page=1&x%00=1"))).toEqual(["search", "_"]);
    expect(await refusedPageRequest(new Request("http://x/de/%00"))).toBe("unsafe");
    expect(await refusedPageRequest(new Request("http://x/events?category=%00"))).toBe("unsafe");
    expect(await refusedPageRequest(new Request("http://x/events/%E0%A4%A"))).toBeNull();
    const form = (body: string, type = "application/x-www-form-urlencoded") =>
      new Request("http://x/login", { method: "POST", headers: { "content-type": type }, body });
    expect(await refusedPageRequest(form("email=a%00b"))).toBe("unsafe");
    expect(await refusedPageRequest(form("email=a%40b.c&password=x"))).toBeNull();
    expect(await refusedPageRequest(form("{}", "application/json"))).toBe("unreadable");
    expect(await refusedPageRequest(form("--b\r\nContent-Disposition: form-da", "multipart/form-data; boundary=b"))).toBe("unreadable");
  });

  it("answers a 400 page in the path's language", async () => {
    const german = badRequestPage("/de/buchung");
    expect(german.status).toBe(400);
    expect(await german.text()).toMatch(/<html lang="de">[\s\S]*Diese Anfrage konnte nicht gelesen werden/);
    expect(await badRequestPage("/login").text()).toMatch(/<html lang="en">[\s\S]*This request could not be read/);
  });
});
