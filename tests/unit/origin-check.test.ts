import { describe, expect, it } from "vitest";
import { assertSameOriginAction, isSameOriginRequest } from "../../server/http/origin-check";

const post = (headers: Record<string, string>, url = "https://events.example.test/logout") => new Request(url, { method: "POST", headers });

describe("isSameOriginRequest", () => {
  it("takes the Origin when there is one: scheme, host and port must match", () => {
    expect(isSameOriginRequest(post({ origin: "https://events.example.test" }))).toBe(true);
    expect(isSameOriginRequest(post({ origin: "https://evil.example" }))).toBe(false);
    expect(isSameOriginRequest(post({ origin: "http://events.example.test" }))).toBe(false);
    expect(isSameOriginRequest(post({ origin: "https://events.example.test:8443" }))).toBe(false);
    expect(isSameOriginRequest(post({ origin: "null" }))).toBe(false);
  });

  it("without Origin, trusts Sec-Fetch-Site, then Referer", () => {
    expect(isSameOriginRequest(post({ "sec-fetch-site": "same-origin" }))).toBe(true);
    expect(isSameOriginRequest(post({ "sec-fetch-site": "none" }))).toBe(true);
    expect(isSameOriginRequest(post({ "sec-fetch-site": "same-site" }))).toBe(false);
    expect(isSameOriginRequest(post({ "sec-fetch-site": "cross-site", referer: "https://events.example.test/" }))).toBe(false);
    expect(isSameOriginRequest(post({ referer: "https://events.example.test/de/settings" }))).toBe(true);
    expect(isSameOriginRequest(post({ referer: "https://evil.example/page" }))).toBe(false);
    expect(isSameOriginRequest(post({ referer: "not a url" }))).toBe(false);
  });

  it("lets through a request that no browser sent (no Origin, Sec-Fetch-Site or Referer)", () => {
    expect(isSameOriginRequest(post({}))).toBe(true);
  });
});

describe("assertSameOriginAction", () => {
  it("throws a 403 answer for a cross-site write and ignores reads", async () => {
    let thrown: unknown;
    try {
      assertSameOriginAction(post({ origin: "https://evil.example" }));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(403);
    expect(() => assertSameOriginAction(new Request("https://events.example.test/logout", { headers: { origin: "https://evil.example" } }))).not.toThrow();
  });
});
