import { describe, expect, it } from "vitest";
import { rateLimitKeyOf } from "../../server/auth/rate-limit-key";

describe("rateLimitKeyOf", () => {
  it("keys an IPv4 address by itself, also when it comes IPv4-mapped", () => {
    expect(rateLimitKeyOf("203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitKeyOf("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitKeyOf("::FFFF:cb00:7107")).toBe("203.0.113.7");
  });

  it("keys every IPv6 address of one /64 network alike, and other networks apart", () => {
    const key = rateLimitKeyOf("2001:db8:1:2:aaaa:bbbb:cccc:dddd");
    expect(key).toBe("2001:db8:1:2::/64");
    expect(rateLimitKeyOf("2001:0db8:0001:0002:1111:2222:3333:4444")).toBe(key);
    expect(rateLimitKeyOf("2001:DB8:1:2::1")).toBe(key);
    expect(rateLimitKeyOf("[2001:db8:1:2::99]")).toBe(key);
    expect(rateLimitKeyOf("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(rateLimitKeyOf("2001:db8:1:3::1")).not.toBe(key);
    expect(rateLimitKeyOf("2001:db8::")).toBe("2001:db8:0:0::/64");
    expect(rateLimitKeyOf("::1")).toBe("0:0:0:0::/64");
  });

  it("keeps what is not an address", () => {
    expect(rateLimitKeyOf("local")).toBe("local");
    expect(rateLimitKeyOf("unknown")).toBe("unknown");
  });
});
