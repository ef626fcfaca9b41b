import { fileTypeFromBuffer } from "file-type";

/**
 * The real type of an uploaded file, told by its first bytes (magic numbers, read by `file-type`,
 * docs/decisions/018). The file name and the client's Content-Type are chosen by whoever uploads,
 * so neither is ever asked.
 */
export type SniffedMediaType = "application/pdf" | "image/jpeg" | "image/png" | "video/mp4" | "video/quicktime" | "video/webm" | "video/x-matroska";

/** Enough leading bytes for every signature above (file-type reads at most 4100 for these). */
export const sniffLength = 4096;

/**
 * The types file-type names that the site accepts, as the site names them. Apple's M4V is MP4 video
 * with another brand; everything else (HEIF and AVIF stills in the same box format, 3GPP, audio
 * files) is none of ours.
 */
const acceptedTypes: Readonly<Record<string, SniffedMediaType>> = {
  "application/pdf": "application/pdf",
  "image/jpeg": "image/jpeg",
  "image/png": "image/png",
  "video/mp4": "video/mp4",
  "video/x-m4v": "video/mp4",
  "video/quicktime": "video/quicktime",
  "video/webm": "video/webm",
  "video/matroska": "video/x-matroska",
  "video/x-matroska": "video/x-matroska",
};

/** The media type the bytes really are, or null when they are none of the known kinds. */
export async function sniffMediaType(head: Uint8Array): Promise<SniffedMediaType | null> {
  const detected = await fileTypeFromBuffer(head);
  return (detected && acceptedTypes[detected.mime]) ?? null;
}

/** Video containers whose length `videoDurationMs` can read. */
export function isVideoType(type: SniffedMediaType): type is "video/mp4" | "video/quicktime" | "video/webm" | "video/x-matroska" {
  return type.startsWith("video/");
}
