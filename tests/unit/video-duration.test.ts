import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { videoDurationMs } from "../../server/uploads/video-duration";

const fixtures = path.resolve("tests/fixtures/media");
const fixture = (name: string) => path.join(fixtures, name);
const scratch = mkdtempSync(path.join(tmpdir(), "video-duration-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A changed copy of a fixture, written to a scratch folder. */
function variant(name: string, change: (bytes: Buffer) => Buffer): string {
  const file = path.join(scratch, `${Math.random().toString(36).slice(2)}-${name}`);
  writeFileSync(file, change(readFileSync(fixture(name))));
  return file;
}

/** Top-level boxes of an MP4 as [type, offset, size]. */
function topLevelBoxes(bytes: Buffer): [string, number, number][] {
  const boxes: [string, number, number][] = [];
  for (let offset = 0; offset + 8 <= bytes.length; ) {
    const size = bytes.readUInt32BE(offset);
    boxes.push([bytes.toString("latin1", offset + 4, offset + 8), offset, size]);
    offset += size;
  }
  return boxes;
}

function boxOf(bytes: Buffer, type: string): [number, number] {
  const box = topLevelBoxes(bytes).find(([candidate]) => candidate === type);
  if (!box) throw new Error(`no ${type} box`);
  return [box[1], box[2]];
}

describe("videoDurationMs", () => {
  it("reads the movie header of ordinary MP4 and QuickTime files", async () => {
    expect(await videoDurationMs(fixture("clip-10s.mp4"), "video/mp4")).toBeCloseTo(10_000, -2);
    expect(await videoDurationMs(fixture("clip-10s.mov"), "video/quicktime")).toBeCloseTo(10_000, -2);
    expect(await videoDurationMs(fixture("clip-45s.mp4"), "video/mp4")).toBeCloseTo(45_000, -2);
  });

  it("adds up the fragments of a fragmented MP4 whose movie header says 0", async () => {
    expect(await videoDurationMs(fixture("clip-10s-fragmented.mp4"), "video/mp4")).toBeCloseTo(10_000, -2);
    expect(await videoDurationMs(fixture("clip-40s-fragmented.mp4"), "video/mp4")).toBeCloseTo(40_000, -2);
  });

  it("reads the segment information of WebM", async () => {
    expect(await videoDurationMs(fixture("clip-10s.webm"), "video/webm")).toBeCloseTo(10_000, -2);
  });

  it("falls back to the last block's timestamp when a WebM declares no duration (as recorders write it)", async () => {
    const withoutDuration = variant("clip-10s.webm", (bytes) => {
      const at = bytes.indexOf(Buffer.from([0x44, 0x89, 0x88]));
      if (at < 0) throw new Error("no Duration element");
      // The same 11 bytes as a Void element (id EC, size 9).
      return Buffer.concat([bytes.subarray(0, at), Buffer.from([0xec, 0x89]), Buffer.alloc(9), bytes.subarray(at + 11)]);
    });
    const duration = await videoDurationMs(withoutDuration, "video/webm");
    expect(duration).toBeGreaterThan(9_800);
    expect(duration).toBeLessThanOrEqual(10_000);
  });

  // mp4box reads a 64-bit size; a movie box of size 0 ("to the end of the file") it refuses, so
  // such a file's length is unknown (docs/decisions/018; recorders give size 0 to the media data only).
  it("handles a 64-bit box size; a movie box of size 0 leaves the length unknown", async () => {
    const largeMdat = variant("clip-10s.mp4", (bytes) => {
      const [offset, size] = boxOf(bytes, "mdat");
      const header = Buffer.alloc(16);
      header.writeUInt32BE(1, 0);
      header.write("mdat", 4, "latin1");
      header.writeBigUInt64BE(BigInt(size + 8), 8);
      return Buffer.concat([bytes.subarray(0, offset), header, bytes.subarray(offset + 8)]);
    });
    expect(await videoDurationMs(largeMdat, "video/mp4")).toBeCloseTo(10_000, -2);
    const openEnded = variant("clip-10s.mp4", (bytes) => {
      const copy = Buffer.from(bytes);
      const [offset] = boxOf(copy, "moov");
      copy.writeUInt32BE(0, offset);
      return copy;
    });
    expect(await videoDurationMs(openEnded, "video/mp4")).toBeNull();
  });

  it("says unknown when the file does not tell", async () => {
    const withoutMoov = variant("clip-10s.mp4", (bytes) => bytes.subarray(0, boxOf(bytes, "moov")[0]));
    expect(await videoDurationMs(withoutMoov, "video/mp4")).toBeNull();
    const noise = variant("png-named-as.mp4", (bytes) => bytes);
    expect(await videoDurationMs(noise, "video/webm")).toBeNull();
    expect(await videoDurationMs(noise, "video/mp4")).toBeNull();
    expect(await videoDurationMs(fixture("still.png"), "image/png")).toBeNull();
  });
});
