import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { createFile, Log, MP4BoxBuffer, type ISOFile } from "mp4box";
import { Decoder, tools } from "ts-ebml";
import { isVideoType, type SniffedMediaType } from "./sniff-media-type";

/**
 * The length of a stored video in milliseconds, or null when the file does not tell (then the upload
 * is refused as of unknown length). Read by maintained parsers (docs/decisions/018), from the file in
 * pieces, never whole into memory: mp4box for ISO base media (MP4, QuickTime, fragmented MP4),
 * ts-ebml's decoder for WebM and Matroska.
 */
export async function videoDurationMs(file: string, type: SniffedMediaType): Promise<number | null> {
  if (!isVideoType(type)) return null;
  try {
    return type === "video/webm" || type === "video/x-matroska" ? await matroskaDurationMs(file) : await isoBaseMediaDurationMs(file);
  } catch {
    // A parser that trips over a malformed file: its length is unknown, like a file that names none.
    return null;
  }
}

// ── ISO base media (MP4, QuickTime) with mp4box ────────────────────────────────────────────────

// mp4box would log every box it parses; only its errors (a box it cannot read) reach the log.
Log.setLogLevel(Log.error);

const isoReadBytes = 256 * 1024;

/**
 * Feeds the file to mp4box where it asks for the next bytes: past a media data box (`mdat`) before
 * the movie box it skips ahead, so an ordinary file costs a few reads. A fragmented file is read
 * through (its fragments follow one another), in pieces mp4box drops once parsed.
 */
async function isoBaseMediaDurationMs(path: string): Promise<number | null> {
  const handle = await open(path, "r");
  try {
    const size = (await handle.stat()).size;
    const movie = createFile(false);
    let failed = false;
    movie.onError = () => (failed = true);
    for (let position = 0; position < size && !failed; ) {
      const buffer = new ArrayBuffer(Math.min(isoReadBytes, size - position));
      const { bytesRead } = await handle.read(new Uint8Array(buffer), 0, buffer.byteLength, position);
      if (bytesRead === 0) break;
      const next = movie.appendBuffer(MP4BoxBuffer.fromArrayBuffer(buffer.slice(0, bytesRead), position), position + bytesRead >= size);
      position = next > position ? next : position + bytesRead;
    }
    movie.flush();
    return failed ? null : movieDurationMs(movie);
  } finally {
    await handle.close();
  }
}

/**
 * The movie header's duration; a fragmented MP4 (what browser recorders write) says 0 there and
 * its length is the sum of its fragments' sample durations, per track in the track's timescale
 * (trun, else the fragment's tfhd default, else the movie's trex default; ISO/IEC 14496-12 §8.8).
 */
function movieDurationMs(movie: ISOFile): number | null {
  const moov = movie.moov;
  if (!moov?.mvhd) return null;
  if (moov.mvhd.duration > 0 && moov.mvhd.timescale > 0) return (moov.mvhd.duration / moov.mvhd.timescale) * 1000;
  const mehd = moov.mvex?.mehd;
  if (mehd && mehd.fragment_duration > 0 && moov.mvhd.timescale > 0) return (mehd.fragment_duration / moov.mvhd.timescale) * 1000;
  const ticksPerTrack = new Map<number, number>();
  for (const fragment of movie.moofs) {
    for (const traf of fragment.trafs) {
      const trackId = traf.tfhd.track_id;
      const trexDefault = moov.mvex?.trexs.find((trex) => trex.track_id === trackId)?.default_sample_duration ?? 0;
      const fragmentDefault = traf.tfhd.flags & tfhdDefaultSampleDurationPresent ? traf.tfhd.default_sample_duration : trexDefault;
      let ticks = 0;
      for (const run of traf.truns) {
        for (let sample = 0; sample < run.sample_count; sample += 1) {
          ticks += run.flags & trunSampleDurationPresent ? (run.sample_duration[sample] ?? 0) : fragmentDefault;
        }
      }
      ticksPerTrack.set(trackId, (ticksPerTrack.get(trackId) ?? 0) + ticks);
    }
  }
  let longestMs = 0;
  for (const [trackId, ticks] of ticksPerTrack) {
    const timescale = moov.traks.find((trak) => trak.tkhd.track_id === trackId)?.mdia.mdhd.timescale ?? 0;
    if (timescale > 0) longestMs = Math.max(longestMs, (ticks / timescale) * 1000);
  }
  return longestMs > 0 ? longestMs : null;
}

const tfhdDefaultSampleDurationPresent = 0x000008;
const trunSampleDurationPresent = 0x000100;

// ── WebM and Matroska with ts-ebml ────────────────────────────────────────────────────────────

/**
 * No element of a real video comes near this (a 4K key frame is a few megabytes): a file that claims
 * one is refused rather than buffered (the decoder holds an element until it is complete).
 */
const maximumPendingElementBytes = 16 * 1024 * 1024;

/**
 * The segment information's Duration (in TimestampScale units, 1 ms by default; RFC 9559 §5.1.2),
 * read from the header, which comes before the first cluster. Recorders (MediaRecorder) write none:
 * then the latest block's timestamp (cluster timestamp + the block's relative one) is the length, read
 * by streaming the file through the decoder.
 */
async function matroskaDurationMs(path: string): Promise<number | null> {
  const decoder = new Decoder();
  const stream = createReadStream(path, { highWaterMark: 1024 * 1024 });
  let timestampScale = 1_000_000;
  let clusterTimestamp = 0;
  let latestBlock: number | null = null;
  let sawHeader = false;
  let fed = 0;
  let decodedUpTo = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      fed += chunk.length;
      for (const element of decoder.decode(chunk.buffer.slice(chunk.byteOffset, chunk.byteOffset + chunk.length) as ArrayBuffer)) {
        decodedUpTo = Math.max(decodedUpTo, element.type === "m" ? element.sizeEnd : element.dataEnd);
        if (element.name === "EBML") sawHeader = true;
        if (!sawHeader) return null;
        if (element.type === "m") continue;
        if (element.name === "TimestampScale" || element.name === "TimecodeScale") timestampScale = Number(element.value);
        if (element.name === "Duration" && element.type === "f" && element.value > 0) return (element.value * timestampScale) / 1_000_000;
        if (element.name === "Timestamp" || element.name === "Timecode") clusterTimestamp = Number(element.value);
        if ((element.name === "SimpleBlock" || element.name === "Block") && element.type === "b") {
          const at = clusterTimestamp + tools.ebmlBlock(element.data).timecode;
          latestBlock = Math.max(latestBlock ?? 0, at);
        }
      }
      if (!sawHeader || fed - decodedUpTo > maximumPendingElementBytes) return null;
    }
  } finally {
    stream.destroy();
  }
  return latestBlock === null ? null : (latestBlock * timestampScale) / 1_000_000;
}
