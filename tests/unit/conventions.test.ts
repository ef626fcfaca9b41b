import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

describe("file names", () => {
  it("are kebab-case", () => {
    const files = execFileSync(
      "git",
      ["ls-files", "--cached", "--others", "--exclude-standard", "app", "core", "server", "tests", "bench", "scripts", "public"],
      { encoding: "utf8" },
    )
      .split("\n")
      .filter(Boolean);
    const offenders = files.filter((file) => {
      const base = path.basename(file).replace(/^\+/, "");
      return !/^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+)*$/.test(base);
    });
    expect(offenders).toEqual([]);
  });
});
