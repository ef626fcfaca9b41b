import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
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

/**
 * ARCHITECTURE.md stays a map a newcomer reads in five minutes (issue 29): at most 200 lines of at most
 * 160 characters, and every repository path it names exists, so a move or a rename cannot leave it wrong.
 * A path is a backticked span (or, in a fenced block, a word) that contains a slash, does not start with
 * one, and either starts with a folder the repository tracks at its top or ends in a file extension.
 * Globs and placeholders (`*`, `<kind>`) name no file, so they fail too: name the folder instead.
 */
describe("ARCHITECTURE.md", () => {
  const text = readFileSync("ARCHITECTURE.md", "utf8");
  const lines = text.replace(/\n$/, "").split("\n");

  it("is at most 200 lines of at most 160 characters", () => {
    expect(lines.length).toBeLessThanOrEqual(200);
    const long = lines.flatMap((line, index) => ([...line].length > 160 ? [`line ${index + 1}: ${[...line].length} characters`] : []));
    expect(long).toEqual([]);
  });

  it("names only paths that exist", () => {
    const topLevel = new Set(
      execFileSync("git", ["ls-files"], { encoding: "utf8" })
        .split("\n")
        .filter(Boolean)
        .map((file) => file.split("/")[0]),
    );
    const candidates: string[] = [];
    let fenced = false;
    for (const line of lines) {
      if (line.startsWith("```")) {
        fenced = !fenced;
        continue;
      }
      if (fenced) {
        for (const word of line.split(/[\s─►▼└├┤┐│]+/)) {
          const trimmed = word.replace(/[,.;:)]+$/, "");
          if (topLevel.has(trimmed.split("/")[0] ?? "") && trimmed.includes("/")) candidates.push(trimmed);
        }
        continue;
      }
      for (const [, span = ""] of line.matchAll(/`([^`]+)`/g)) {
        const looksLikePath = span.includes("/") && !/\s/.test(span) && !span.startsWith("/") && !span.includes("://");
        if (looksLikePath && (topLevel.has(span.split("/")[0] ?? "") || /\.[a-z0-9]+$/i.test(span))) candidates.push(span);
      }
    }
    expect(candidates.length).toBeGreaterThan(20);
    expect(candidates.filter((candidate) => !existsSync(path.resolve(candidate)))).toEqual([]);
  });
});
