import { open, type FileHandle } from "node:fs/promises";
import { isVideoType, type SniffedMediaType } from "./sniff-media-type";

/**
 * The length of a stored video in milliseconds, or null when the file does not tell. The file is read
 * with positional reads of its headers only (a 50 MB upload never sits in memory): ISO base media
 * (MP4, QuickTime) per ISO/IEC 14496-12, WebM and Matroska per RFC 9559.
 */
export async function videoDurationMs(file: string, type: SniffedMediaType): Promise<number | null> {
  if (!isVideoType(type)) return null;
  const handle = await open(file, "r");
  try {
    const reader = new PositionalReader(handle, (await handle.stat()).size);
    return type === "video/webm" || type === "video/x-matroska" ? await matroskaDurationMs(reader) : await isoBaseMediaDurationMs(reader);
  } finally {
    await handle.close();
  }
}

/** Reads small pieces through a window, so walking many headers costs few system calls. */
class PositionalReader {
  private windowStart = 0;
  private window: Buffer = Buffer.alloc(0);
  private static readonly windowBytes = 64 * 1024;

  constructor(
    private readonly handle: FileHandle,
    readonly size: number,
  ) {}

  /** Up to `length` bytes from `position` (fewer at the end of the file). */
  async read(position: number, length: number): Promise<Buffer> {
    const end = Math.min(position + length, this.size);
    if (position >= end) return Buffer.alloc(0);
    if (position >= this.windowStart && end <= this.windowStart + this.window.length) {
      return this.window.subarray(position - this.windowStart, end - this.windowStart);
    }
    if (end - position > PositionalReader.windowBytes / 2) return this.readExactly(position, end - position);
    this.window = await this.readExactly(position, Math.min(PositionalReader.windowBytes, this.size - position));
    this.windowStart = position;
    return this.window.subarray(0, end - position);
  }

  private async readExactly(position: number, length: number): Promise<Buffer> {
    const buffer = Buffer.alloc(length);
    let filled = 0;
    while (filled < length) {
      const { bytesRead } = await this.handle.read(buffer, filled, length - filled, position + filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return buffer.subarray(0, filled);
  }
}

/** Header boxes (`moov`, `moof`) are read whole; a real one of a short video is a few kilobytes. */
const maximumHeaderBoxBytes = 16 * 1024 * 1024;
/** Stops a file of millions of empty boxes from keeping the server busy. */
const maximumTopLevelBoxes = 200_000;

// ── ISO base media (MP4, QuickTime) ─────────────────────────────────────────────────────────────

type Box = { type: string; start: number; end: number };

/** The child boxes of a box payload held in memory; a size of 1 means a 64-bit size follows, 0 "to the end". */
function* childBoxes(bytes: Buffer, start = 0, end = bytes.length): Generator<Box> {
  let offset = start;
  while (offset + 8 <= end) {
    let size = bytes.readUInt32BE(offset);
    let headerLength = 8;
    if (size === 1) {
      if (offset + 16 > end) return;
      size = Number(bytes.readBigUInt64BE(offset + 8));
      headerLength = 16;
    } else if (size === 0) {
      size = end - offset;
    }
    if (size < headerLength || offset + size > end) return;
    yield { type: bytes.toString("latin1", offset + 4, offset + 8), start: offset + headerLength, end: offset + size };
    offset += size;
  }
}

function childBox(bytes: Buffer, parent: Box | undefined, type: string): Box | undefined {
  if (!parent) return undefined;
  for (const box of childBoxes(bytes, parent.start, parent.end)) if (box.type === type) return box;
  return undefined;
}

/** A 32- or 64-bit unsigned field; all bits set means "unknown" in duration fields, read as 0. */
function readUnsigned(bytes: Buffer, offset: number, wide: boolean): number {
  if (wide) {
    const value = bytes.readBigUInt64BE(offset);
    return value === 0xffff_ffff_ffff_ffffn ? 0 : Number(value);
  }
  const value = bytes.readUInt32BE(offset);
  return value === 0xffff_ffff ? 0 : value;
}

/** `mvhd` and `mdhd` share the layout of timescale and duration (version 1: 64-bit times). */
function timescaleAndDuration(bytes: Buffer, box: Box | undefined): { timescale: number; duration: number } | null {
  if (!box) return null;
  const wide = bytes[box.start] === 1;
  const timescaleOffset = box.start + (wide ? 20 : 12);
  if (timescaleOffset + (wide ? 12 : 8) > box.end) return null;
  return { timescale: bytes.readUInt32BE(timescaleOffset), duration: readUnsigned(bytes, timescaleOffset + 4, wide) };
}

type Track = { timescale: number; mediaDuration: number; defaultSampleDuration: number; fragmentDuration: number };

type MovieHeader = { timescale: number; duration: number; fragmentDuration: number; fragmented: boolean; tracks: Map<number, Track> };

function parseMovie(bytes: Buffer): MovieHeader | null {
  const all: Box = { type: "moov", start: 0, end: bytes.length };
  const movie = timescaleAndDuration(bytes, childBox(bytes, all, "mvhd"));
  if (!movie) return null;
  const header: MovieHeader = { ...movie, fragmentDuration: 0, fragmented: false, tracks: new Map() };
  for (const trak of childBoxes(bytes)) {
    if (trak.type !== "trak") continue;
    const tkhd = childBox(bytes, trak, "tkhd");
    const media = timescaleAndDuration(bytes, childBox(bytes, childBox(bytes, trak, "mdia"), "mdhd"));
    if (!tkhd || !media) continue;
    const trackIdOffset = tkhd.start + (bytes[tkhd.start] === 1 ? 20 : 12);
    if (trackIdOffset + 4 > tkhd.end) continue;
    header.tracks.set(bytes.readUInt32BE(trackIdOffset), {
      timescale: media.timescale,
      mediaDuration: media.duration,
      defaultSampleDuration: 0,
      fragmentDuration: 0,
    });
  }
  const mvex = childBox(bytes, all, "mvex");
  if (mvex) {
    header.fragmented = true;
    const mehd = childBox(bytes, mvex, "mehd");
    if (mehd && mehd.start + 8 <= mehd.end) header.fragmentDuration = readUnsigned(bytes, mehd.start + 4, bytes[mehd.start] === 1);
    for (const trex of childBoxes(bytes, mvex.start, mvex.end)) {
      if (trex.type !== "trex" || trex.start + 16 > trex.end) continue;
      const track = header.tracks.get(bytes.readUInt32BE(trex.start + 4));
      if (track) track.defaultSampleDuration = bytes.readUInt32BE(trex.start + 12);
    }
  }
  return header;
}

/** Adds the sample durations of one movie fragment (`moof`) to its tracks (ISO/IEC 14496-12 §8.8). */
function addFragment(bytes: Buffer, movie: MovieHeader) {
  for (const traf of childBoxes(bytes)) {
    if (traf.type !== "traf") continue;
    const tfhd = childBox(bytes, traf, "tfhd");
    if (!tfhd || tfhd.start + 8 > tfhd.end) continue;
    const tfhdFlags = bytes.readUInt32BE(tfhd.start) & 0xffffff;
    const track = movie.tracks.get(bytes.readUInt32BE(tfhd.start + 4));
    if (!track) continue;
    let defaultDuration = track.defaultSampleDuration;
    let offset = tfhd.start + 8;
    if (tfhdFlags & 0x1) offset += 8; // base-data-offset
    if (tfhdFlags & 0x2) offset += 4; // sample-description-index
    if (tfhdFlags & 0x8 && offset + 4 <= tfhd.end) defaultDuration = bytes.readUInt32BE(offset);
    for (const trun of childBoxes(bytes, traf.start, traf.end)) {
      if (trun.type !== "trun" || trun.start + 8 > trun.end) continue;
      const flags = bytes.readUInt32BE(trun.start) & 0xffffff;
      const sampleCount = bytes.readUInt32BE(trun.start + 4);
      let sampleOffset = trun.start + 8;
      if (flags & 0x1) sampleOffset += 4; // data-offset
      if (flags & 0x4) sampleOffset += 4; // first-sample-flags
      if (!(flags & 0x100)) {
        track.fragmentDuration += sampleCount * defaultDuration;
        continue;
      }
      const entryBytes = 4 * [0x100, 0x200, 0x400, 0x800].filter((bit) => flags & bit).length;
      const entries = Math.min(sampleCount, Math.floor((trun.end - sampleOffset) / entryBytes));
      for (let index = 0; index < entries; index += 1) track.fragmentDuration += bytes.readUInt32BE(sampleOffset + index * entryBytes);
    }
  }
}

async function isoBaseMediaDurationMs(reader: PositionalReader): Promise<number | null> {
  let movie: MovieHeader | null = null;
  let position = 0;
  for (let count = 0; position + 8 <= reader.size && count < maximumTopLevelBoxes; count += 1) {
    const header = await reader.read(position, 16);
    let size = header.readUInt32BE(0);
    const type = header.toString("latin1", 4, 8);
    let headerLength = 8;
    if (size === 1) {
      if (header.length < 16) break;
      size = Number(header.readBigUInt64BE(8));
      headerLength = 16;
    } else if (size === 0) {
      size = reader.size - position;
    }
    if (size < headerLength) break;
    const payloadLength = Math.min(size, reader.size - position) - headerLength;
    if ((type === "moov" && !movie) || (type === "moof" && movie?.fragmented)) {
      if (payloadLength > maximumHeaderBoxBytes) return null;
      const payload = await reader.read(position + headerLength, payloadLength);
      if (type === "moov") {
        movie = parseMovie(payload);
        if (!movie) return null;
        // An ordinary file says its length in the movie header; only fragments need the whole walk.
        if (!movie.fragmented && movie.duration > 0 && movie.timescale > 0) break;
      } else if (movie) {
        addFragment(payload, movie);
      }
    }
    position += size;
  }
  if (!movie) return null;
  if (!movie.fragmented && movie.duration > 0 && movie.timescale > 0) return Math.round((movie.duration / movie.timescale) * 1000);
  // Fragmented, or a header that says 0: the longest of every length the file states.
  const candidates: number[] = [];
  if (movie.timescale > 0) candidates.push((movie.duration / movie.timescale) * 1000, (movie.fragmentDuration / movie.timescale) * 1000);
  for (const track of movie.tracks.values()) {
    if (track.timescale > 0) candidates.push(((track.mediaDuration + track.fragmentDuration) / track.timescale) * 1000);
  }
  const longest = Math.max(0, ...candidates);
  return longest > 0 && Number.isFinite(longest) ? Math.round(longest) : null;
}

// ── Matroska and WebM (EBML) ────────────────────────────────────────────────────────────────────

const ids = {
  ebml: 0x1a45dfa3,
  segment: 0x18538067,
  info: 0x1549a966,
  timestampScale: 0x2ad7b1,
  duration: 0x4489,
  cluster: 0x1f43b675,
  clusterTimestamp: 0xe7,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
  blockDuration: 0x9b,
} as const;

/** Children of Segment: in a cluster of unknown size (live recorders write those), one of these ends it. */
const segmentChildIds = new Set([0x114d9b74, ids.info, 0x1654ae6b, ids.cluster, 0x1c53bb6b, 0x1941a469, 0x1043a770, 0x1254c367]);

/** The information of a segment is a few hundred bytes; more is not a real file. */
const maximumInfoBytes = 1024 * 1024;

type Element = { id: number; dataStart: number; size: number; unknownSize: boolean };

/** A variable-length integer: the value (marker bit kept for ids, removed for sizes) and its length. */
function vint(bytes: Buffer, offset: number, keepMarker: boolean): { value: number; length: number; allOnes: boolean } | null {
  const first = bytes[offset];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (offset + length > bytes.length || (keepMarker && length > 4)) return null;
  const firstBits = first & (0xff >> length);
  let value = keepMarker ? first : firstBits;
  let allOnes = firstBits === 0xff >> length;
  for (let index = 1; index < length; index += 1) {
    const byte = bytes[offset + index] ?? 0;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { value, length, allOnes };
}

async function readElement(reader: PositionalReader, position: number): Promise<Element | null> {
  const bytes = await reader.read(position, 12);
  const id = vint(bytes, 0, true);
  if (!id) return null;
  const size = vint(bytes, id.length, false);
  if (!size) return null;
  return { id: id.value, dataStart: position + id.length + size.length, size: size.value, unknownSize: size.allOnes };
}

function unsignedOf(bytes: Buffer): number {
  let value = 0;
  for (const byte of bytes) value = value * 256 + byte;
  return value;
}

function floatOf(bytes: Buffer): number | null {
  if (bytes.length === 4) return bytes.readFloatBE(0);
  if (bytes.length === 8) return bytes.readDoubleBE(0);
  return null;
}

/** The segment's declared length in ticks and the tick length in nanoseconds. */
function parseInfo(bytes: Buffer): { timestampScale: number; duration: number | null } {
  let timestampScale = 1_000_000;
  let duration: number | null = null;
  for (let offset = 0; offset < bytes.length; ) {
    const id = vint(bytes, offset, true);
    const size = id && vint(bytes, offset + id.length, false);
    if (!id || !size) break;
    const data = bytes.subarray(offset + id.length + size.length, offset + id.length + size.length + size.value);
    if (id.value === ids.timestampScale && data.length > 0) timestampScale = unsignedOf(data) || timestampScale;
    if (id.value === ids.duration) duration = floatOf(data);
    offset += id.length + size.length + size.value;
  }
  return { timestampScale, duration };
}

/** The relative timestamp of a (Simple)Block: after the track number, a signed 16-bit integer. */
async function blockTimestamp(reader: PositionalReader, dataStart: number): Promise<number | null> {
  const bytes = await reader.read(dataStart, 11);
  const track = vint(bytes, 0, false);
  if (!track || track.length + 2 > bytes.length) return null;
  return bytes.readInt16BE(track.length);
}

/** The latest block end seen in one cluster, in ticks, and where the cluster ends. */
async function scanCluster(reader: PositionalReader, cluster: Element, segmentEnd: number): Promise<{ latest: number | null; end: number }> {
  const end = cluster.unknownSize ? segmentEnd : Math.min(cluster.dataStart + cluster.size, segmentEnd);
  let clusterTimestamp = 0;
  let latest: number | null = null;
  const seen = (relative: number | null, duration = 0) => {
    if (relative !== null) latest = Math.max(latest ?? 0, clusterTimestamp + relative + duration);
  };
  let position = cluster.dataStart;
  while (position < end) {
    const element = await readElement(reader, position);
    if (!element || element.unknownSize) return { latest, end: cluster.unknownSize ? position : end };
    if (cluster.unknownSize && segmentChildIds.has(element.id)) return { latest, end: position };
    if (element.id === ids.clusterTimestamp) clusterTimestamp = unsignedOf(await reader.read(element.dataStart, Math.min(element.size, 8)));
    if (element.id === ids.simpleBlock) seen(await blockTimestamp(reader, element.dataStart));
    if (element.id === ids.blockGroup) {
      let relative: number | null = null;
      let duration = 0;
      const groupEnd = element.dataStart + element.size;
      for (let child = element.dataStart; child < groupEnd; ) {
        const inner = await readElement(reader, child);
        if (!inner || inner.unknownSize) break;
        if (inner.id === ids.block) relative = await blockTimestamp(reader, inner.dataStart);
        if (inner.id === ids.blockDuration) duration = unsignedOf(await reader.read(inner.dataStart, Math.min(inner.size, 8)));
        child = inner.dataStart + inner.size;
      }
      seen(relative, duration);
    }
    position = element.dataStart + element.size;
  }
  return { latest, end };
}

async function matroskaDurationMs(reader: PositionalReader): Promise<number | null> {
  const ebml = await readElement(reader, 0);
  if (!ebml || ebml.id !== ids.ebml || ebml.unknownSize) return null;
  const segment = await readElement(reader, ebml.dataStart + ebml.size);
  if (!segment || segment.id !== ids.segment) return null;
  const segmentEnd = segment.unknownSize ? reader.size : Math.min(segment.dataStart + segment.size, reader.size);
  let timestampScale = 1_000_000;
  let latest: number | null = null;
  let position = segment.dataStart;
  for (let count = 0; position < segmentEnd && count < maximumTopLevelBoxes; count += 1) {
    const element = await readElement(reader, position);
    if (!element) break;
    if (element.id === ids.info) {
      if (element.unknownSize || element.size > maximumInfoBytes) return null;
      const info = parseInfo(await reader.read(element.dataStart, element.size));
      timestampScale = info.timestampScale;
      if (info.duration !== null && info.duration > 0 && Number.isFinite(info.duration)) return Math.round((info.duration * timestampScale) / 1e6);
      position = element.dataStart + element.size;
    } else if (element.id === ids.cluster) {
      // No declared length (what browser recorders write): the last block's timestamp tells it.
      const scanned = await scanCluster(reader, element, segmentEnd);
      if (scanned.latest !== null) latest = Math.max(latest ?? 0, scanned.latest);
      if (scanned.end <= position) break;
      position = scanned.end;
    } else {
      if (element.unknownSize) break;
      position = element.dataStart + element.size;
    }
  }
  return latest === null ? null : Math.round((latest * timestampScale) / 1e6);
}
