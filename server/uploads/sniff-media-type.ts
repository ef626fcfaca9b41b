/**
 * The real type of an uploaded file, told by its first bytes (magic numbers). The file name and the
 * client's Content-Type are chosen by whoever uploads, so neither is ever asked.
 *
 * Signatures: PDF `%PDF-` (ISO 32000-1 §7.5.2), JPEG SOI + marker `FF D8 FF`, PNG's eight-byte
 * signature (RFC 2083 §3.1), ISO base media `ftyp` box with its brands (ISO/IEC 14496-12 §4.3,
 * QuickTime's `qt  ` brand), EBML header `1A 45 DF A3` with its DocType (RFC 8794 §11.2.6,
 * "webm" or "matroska").
 */
export type SniffedMediaType = "application/pdf" | "image/jpeg" | "image/png" | "video/mp4" | "video/quicktime" | "video/webm" | "video/x-matroska";

/** Enough leading bytes for every signature above, including a long `ftyp` brand list. */
export const sniffLength = 4096;

/** Brands of MP4 video files (ISO/IEC 14496-12 and -14, 3GPP, Apple's M4V). */
const mp4Brands = new Set([
  "isom",
  "iso2",
  "iso3",
  "iso4",
  "iso5",
  "iso6",
  "iso7",
  "iso8",
  "iso9",
  "mp41",
  "mp42",
  "avc1",
  "dash",
  "M4V ",
  "M4VH",
  "M4VP",
  "mmp4",
  "MSNV",
  "f4v ",
]);
/** Still images in the same box format (HEIF, AVIF): never a video, whatever else they list. */
const imageBrands = new Set(["mif1", "msf1", "heic", "heix", "hevc", "hevx", "heim", "heis", "avif", "avis"]);

const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

function sniffIsoBaseMedia(bytes: Uint8Array): SniffedMediaType | null {
  if (bytes.length < 16 || ascii(bytes, 4, 4) !== "ftyp") return null;
  const boxSize = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0);
  if (boxSize < 16) return null;
  const major = ascii(bytes, 8, 4);
  // Major brand, then minor version (4 bytes), then compatible brands up to the box's end.
  const compatible: string[] = [];
  for (let offset = 16; offset + 4 <= Math.min(boxSize, bytes.length); offset += 4) compatible.push(ascii(bytes, offset, 4));
  if (major === "qt  ") return "video/quicktime";
  if (imageBrands.has(major)) return null;
  if (mp4Brands.has(major) || compatible.some((brand) => mp4Brands.has(brand))) return "video/mp4";
  if (compatible.includes("qt  ")) return "video/quicktime";
  return null;
}

/** An EBML variable-length integer at `offset`: its value (marker bit removed) and its length. */
function readVint(bytes: Uint8Array, offset: number, keepMarker: boolean): { value: number; length: number } | null {
  const first = bytes[offset];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (offset + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let index = 1; index < length; index += 1) value = value * 256 + (bytes[offset + index] ?? 0);
  return { value, length };
}

const ebmlMagic = [0x1a, 0x45, 0xdf, 0xa3] as const;
const docTypeId = 0x4282;

function sniffEbml(bytes: Uint8Array): SniffedMediaType | null {
  if (!startsWith(bytes, ebmlMagic)) return null;
  const headerSize = readVint(bytes, 4, false);
  if (!headerSize) return null;
  const start = 4 + headerSize.length;
  const end = Math.min(start + headerSize.value, bytes.length);
  for (let offset = start; offset < end; ) {
    const id = readVint(bytes, offset, true);
    if (!id) return null;
    const size = readVint(bytes, offset + id.length, false);
    if (!size) return null;
    const dataStart = offset + id.length + size.length;
    if (id.value === docTypeId) {
      // A string, possibly padded with zero bytes.
      const docType = ascii(bytes, dataStart, Math.min(size.value, 32)).replace(/\0+$/, "");
      if (docType === "webm") return "video/webm";
      if (docType === "matroska") return "video/x-matroska";
      return null;
    }
    offset = dataStart + size.value;
  }
  return null;
}

/** The media type the bytes really are, or null when they are none of the known kinds. */
export function sniffMediaType(head: Uint8Array): SniffedMediaType | null {
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "application/pdf";
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  return sniffIsoBaseMedia(head) ?? sniffEbml(head);
}

/** Video containers whose length `videoDurationMs` can read. */
export function isVideoType(type: SniffedMediaType): type is "video/mp4" | "video/quicktime" | "video/webm" | "video/x-matroska" {
  return type.startsWith("video/");
}
