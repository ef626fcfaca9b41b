import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sniffLength, sniffMediaType } from "../../server/uploads/sniff-media-type";

const fixture = (name: string) => readFileSync(path.resolve("tests/fixtures/media", name)).subarray(0, sniffLength);
const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === "string" ? [...Buffer.from(part, "latin1")] : part)));
const u32 = (value: number) => [(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
const ftyp = (major: string, ...compatible: string[]) => bytes(u32(16 + 4 * compatible.length), "ftyp", major, [0, 0, 2, 0], ...compatible);
const ebml = (docType: string) =>
  bytes([0x1a, 0x45, 0xdf, 0xa3, 0x80 | (docType.length + 7), 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x80 | docType.length], docType);

describe("sniffMediaType", () => {
  it("tells the test videos by their bytes", async () => {
    expect(await sniffMediaType(fixture("clip-10s.mp4"))).toBe("video/mp4");
    expect(await sniffMediaType(fixture("clip-10s-fragmented.mp4"))).toBe("video/mp4");
    expect(await sniffMediaType(fixture("clip-10s.mov"))).toBe("video/quicktime");
    expect(await sniffMediaType(fixture("clip-10s.webm"))).toBe("video/webm");
  });

  it("sees a PNG named .mp4 as the PNG it is", async () => {
    expect(await sniffMediaType(fixture("png-named-as.mp4"))).toBe("image/png");
  });

  it("knows PDF and JPEG", async () => {
    expect(await sniffMediaType(bytes("%PDF-1.7\n"))).toBe("application/pdf");
    expect(await sniffMediaType(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], "JFIF"))).toBe("image/jpeg");
  });

  // file-type decides by the major brand: QuickTime's, still images', or else MP4 (docs/decisions/018);
  // a file that only claims to be MP4 is refused when its length cannot be read.
  it("reads ISO base media brands: QuickTime, MP4 by its major brand, HEIF is no video", async () => {
    expect(await sniffMediaType(ftyp("qt  ", "qt  "))).toBe("video/quicktime");
    expect(await sniffMediaType(ftyp("XAVC", "mp42", "iso2"))).toBe("video/mp4");
    expect(await sniffMediaType(ftyp("M4V ", "M4V ", "mp42"))).toBe("video/mp4");
    expect(await sniffMediaType(ftyp("heic", "mif1", "heic", "iso8"))).toBeNull();
    expect(await sniffMediaType(ftyp("avif", "avif", "mif1"))).toBeNull();
  });

  it("reads the EBML doctype: WebM or other Matroska", async () => {
    expect(await sniffMediaType(ebml("webm"))).toBe("video/webm");
    expect(await sniffMediaType(ebml("matroska"))).toBe("video/x-matroska");
  });

  it("knows nothing of text, empty or truncated files", async () => {
    expect(await sniffMediaType(bytes("hello, world"))).toBeNull();
    expect(await sniffMediaType(new Uint8Array())).toBeNull();
    expect(await sniffMediaType(bytes([0x89, 0x50, 0x4e]))).toBeNull();
    expect(await sniffMediaType(bytes(u32(24), "ftyp"))).toBeNull();
    expect(await sniffMediaType(bytes([0x1a, 0x45, 0xdf, 0xa3]))).toBeNull();
  });
});
