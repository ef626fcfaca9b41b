import { open } from "node:fs/promises";
import { createFile, MP4BoxBuffer } from "mp4box";
const files = ["/tmp/libs-cmp/big.mp4","/tmp/libs-cmp/big-frag.mp4","/work/shared/fixtures/media/clip-10s.mp4","/work/shared/fixtures/media/clip-10s.mov","/work/shared/fixtures/media/clip-45s.mp4","/work/shared/fixtures/media/clip-10s-fragmented.mp4","/work/shared/fixtures/media/clip-40s-fragmented.mp4","/tmp/libs-cmp/without-moov.mp4","/tmp/libs-cmp/large-mdat.mp4","/tmp/libs-cmp/open-ended.mp4","/work/shared/fixtures/media/png-named-as.mp4"];
for (const f of files) {
  const h = await open(f, "r"); const size = (await h.stat()).size;
  const file = createFile();
  const errors: string[] = []; file.onError = (m, msg) => errors.push(`${m}: ${msg}`);
  let ready = false; file.onReady = () => { ready = true; };
  let position = 0, readBytes = 0, steps = 0;
  while (position < size && steps < 10000) {
    steps++;
    const length = Math.min(64 * 1024, size - position);
    const buf = Buffer.alloc(length); const { bytesRead } = await h.read(buf, 0, length, position); readBytes += bytesRead;
    const ab = buf.buffer.slice(buf.byteOffset, buf.byteOffset + bytesRead);
    const next = file.appendBuffer(MP4BoxBuffer.fromArrayBuffer(ab, position), position + bytesRead >= size);
    position = next > position ? next : position + bytesRead;
  }
  file.flush(); await h.close(); const st = (file as unknown as { stream: { buffers: ArrayBuffer[] } }).stream; console.log("kept buffers", st.buffers.length, st.buffers.reduce((a, b) => a + b.byteLength, 0));
  const moov = file.moov;
  console.log(f.split("/").at(-1), { size, readBytes, steps, ready, errors: errors.slice(0,2), mvhd: moov ? [moov.mvhd?.duration, moov.mvhd?.timescale] : null, moofs: file.moofs.length, mehd: moov?.mvex?.mehd?.fragment_duration, traks: moov?.traks.map(t => [t.mdia.mdhd.timescale, t.mdia.mdhd.duration, t.tkhd.track_id]) });
  const trunSum = new Map<number, number>();
  for (const moof of file.moofs) for (const traf of moof.trafs) {
    const trex = moov?.mvex?.trexs.find(t => t.track_id === traf.tfhd.track_id);
    const def = (traf.tfhd.flags & 0x8) ? traf.tfhd.default_sample_duration : trex?.default_sample_duration ?? 0;
    let sum = 0; for (const trun of traf.truns) for (let i = 0; i < trun.sample_count; i++) sum += (trun.flags & 0x100) ? trun.sample_duration[i]! : def;
    trunSum.set(traf.tfhd.track_id, (trunSum.get(traf.tfhd.track_id) ?? 0) + sum);
  }
  console.log("  trun sums", [...trunSum]);
}
