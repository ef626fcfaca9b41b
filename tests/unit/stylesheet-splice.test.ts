import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { pageWithStylesheet, StylesheetSplice, stylesheetInsert } from "../../app/utils/inline-stylesheet.server";

const insert = stylesheetInsert("body{color:#0b1630}.ü{content:'é'}", "token-1");
const placeholder = insert.placeholder.toString("utf8");
const page = `<!DOCTYPE html><html><head><style>${placeholder}</style></head><body>Grüße ${"x".repeat(3000)}</body></html>`;
const expected = page.replace(placeholder, "body{color:#0b1630}.ü{content:'é'}");

/** The page cut into chunks of `size` bytes, as a renderer could hand it over. */
function chunksOf(text: string, size: number): Buffer[] {
  const bytes = Buffer.from(text, "utf8");
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return chunks;
}

async function streamed(chunks: Buffer[], through = new StylesheetSplice(undefined, insert)): Promise<string> {
  return (await buffer(Readable.from(chunks).pipe(through))).toString("utf8");
}

describe("the stylesheet goes into the rendered page as bytes", () => {
  it("replaces the placeholder in a whole page, however it was cut", () => {
    for (const size of [1, 7, 40, 2048, 100_000]) expect(pageWithStylesheet(chunksOf(page, size), insert).toString("utf8")).toBe(expected);
  });

  it("replaces the placeholder in a streamed page, also when it is split across chunks", async () => {
    for (const size of [1, 2, 7, 19, 40, 64, 2048, 100_000]) expect(await streamed(chunksOf(page, size)), `chunks of ${size}`).toBe(expected);
  });

  it("replaces only the first placeholder, and passes a page without one through unchanged", async () => {
    const twice = page.replace("</body>", `${placeholder}</body>`);
    expect(await streamed(chunksOf(twice, 13))).toBe(twice.replace(placeholder, "body{color:#0b1630}.ü{content:'é'}"));
    const without = page.replace(placeholder, "");
    expect(await streamed(chunksOf(without, 13))).toBe(without);
    expect(pageWithStylesheet(chunksOf(without, 13), insert).toString("utf8")).toBe(without);
    // Nothing held back at the end: a page ending in what looks like the placeholder's start.
    const cut = `${without}${placeholder.slice(0, 10)}`;
    expect(await streamed(chunksOf(cut, 5))).toBe(cut);
  });

  it("draws a new token for each insert unless given one", () => {
    expect(stylesheetInsert("a{}").placeholder.equals(stylesheetInsert("a{}").placeholder)).toBe(false);
  });
});
