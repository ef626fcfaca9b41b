import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import de from "../../core/i18n/locales/de/common.json";
import en from "../../core/i18n/locales/en/common.json";

function keysOf(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

describe("translation catalogues", () => {
  it("have the same keys in every language, none empty", () => {
    expect(keysOf(de).sort()).toEqual(keysOf(en).sort());
    for (const catalogue of [en, de]) {
      for (const key of keysOf(catalogue)) {
        const value = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue);
        expect(typeof value === "string" && value.trim().length > 0, key).toBe(true);
      }
    }
  });
});

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
