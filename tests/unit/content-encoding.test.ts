import { describe, expect, it } from "vitest";
import { chooseContentEncoding } from "../../server/http/compress-responses";

describe("chooseContentEncoding", () => {
  it("prefers brotli, then gzip, as browsers send them", () => {
    expect(chooseContentEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseContentEncoding("gzip, deflate")).toBe("gzip");
    expect(chooseContentEncoding("x-gzip")).toBe("gzip");
  });

  it("follows the client's weights and refusals", () => {
    expect(chooseContentEncoding("br;q=0.5, gzip;q=0.9")).toBe("gzip");
    expect(chooseContentEncoding("br;q=0, gzip")).toBe("gzip");
    expect(chooseContentEncoding("br; q=0 , gzip;q=0")).toBeNull();
    expect(chooseContentEncoding("*")).toBe("br");
    expect(chooseContentEncoding("*;q=0.1, br;q=0")).toBe("gzip");
  });

  it("answers uncompressed when nothing we send is accepted", () => {
    expect(chooseContentEncoding(undefined)).toBeNull();
    expect(chooseContentEncoding("")).toBeNull();
    expect(chooseContentEncoding("identity")).toBeNull();
    expect(chooseContentEncoding("deflate, zstd")).toBeNull();
    expect(chooseContentEncoding("br;q=abc")).toBeNull();
  });
});
