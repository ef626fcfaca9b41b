import { createHash } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import {
  eventImageAspect,
  eventImageFileName,
  eventImageMediaTypes,
  eventImageWidths,
  heightOfWidth,
  maximumEventImageBytes,
  type StoredEventImage,
} from "../../core/contracts/event-images";
import type { FieldErrors } from "../../core/contracts/errors";
import type { Locale } from "../../core/i18n/locales";
import { AppError, type ApiMessageKey } from "../errors";

/**
 * Turns an uploaded photo into the files the site serves (decision 040): EXIF orientation applied,
 * cut to 16:10 around the centre (what the pages' object-cover frames show anyway), each width of
 * `eventImageWidths` up to the source's own as WebP and as JPEG, no metadata kept (sharp writes none
 * unless asked: no camera, no GPS position).
 */

/** Bumped when the recipe below changes, so that new files get new names and cached old ones are never served for them. */
const recipe = "v1:cover-centre:webp-q80:jpeg-mozjpeg-q80";
/** A decompression bomb (a small file of a huge picture) is refused before it is decoded: 50 megapixels is more than any camera photo. */
const maximumInputPixels = 50_000_000;
const smallest = eventImageWidths[0];

export type PreparedEventImage = StoredEventImage & { files: { name: string; bytes: Buffer }[] };

/** A refusal of the file, also as the `file` field's error so the page shows it under the file input. */
export function imageError(code: "VALIDATION_FAILED" | "PAYLOAD_TOO_LARGE", key: ApiMessageKey, locale: Locale, params: Record<string, string | number> = {}) {
  const fieldErrors: FieldErrors = { file: [new AppError(code, key, { params }).toResponse(locale).message] };
  return new AppError(code, key, { fieldErrors, params });
}

export function imageTooLarge(locale: Locale): AppError {
  return imageError("PAYLOAD_TOO_LARGE", "imageTooLarge", locale, { megabytes: maximumEventImageBytes / (1024 * 1024) });
}

/** Checks the bytes (type by content, size, dimensions) and makes every file; nothing is stored here. */
export async function prepareEventImage(bytes: Buffer, locale: Locale): Promise<PreparedEventImage> {
  if (bytes.length === 0) throw imageError("VALIDATION_FAILED", "imageFileMissing", locale);
  if (bytes.length > maximumEventImageBytes) throw imageTooLarge(locale);
  // The name and the browser's Content-Type are whatever the sender says; the first bytes are not.
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !(eventImageMediaTypes as readonly string[]).includes(detected.mime)) throw imageError("VALIDATION_FAILED", "imageWrongType", locale);
  // Loaded by the first image, not at boot: sharp and libvips are ~25 MB of a process that may never resize one.
  const { default: sharp } = await import("sharp");
  const source = () => sharp(bytes, { limitInputPixels: maximumInputPixels, failOn: "error" }).rotate();
  let width: number;
  let height: number;
  try {
    const metadata = await sharp(bytes, { limitInputPixels: maximumInputPixels }).metadata();
    // EXIF orientations 5–8 turn the picture on its side: its upright width is the stored height.
    const turned = (metadata.orientation ?? 1) >= 5;
    width = (turned ? metadata.height : metadata.width) ?? 0;
    height = (turned ? metadata.width : metadata.height) ?? 0;
  } catch {
    throw imageError("VALIDATION_FAILED", "imageUnreadable", locale);
  }
  if (width * height > maximumInputPixels) throw imageError("VALIDATION_FAILED", "imageUnreadable", locale);
  // The 16:10 frame cut from the source: its width decides which widths can be made without enlarging.
  const frameWidth = Math.floor(Math.min(width, (height * eventImageAspect.width) / eventImageAspect.height));
  if (frameWidth < smallest) throw imageError("VALIDATION_FAILED", "imageTooSmall", locale, { width: smallest, height: heightOfWidth(smallest) });
  const widths = eventImageWidths.filter((candidate) => candidate <= frameWidth);
  const key = createHash("sha256").update(recipe).update(bytes).digest("hex").slice(0, 32);
  const files: PreparedEventImage["files"] = [];
  try {
    for (const target of widths) {
      const resized = source().resize({ width: target, height: heightOfWidth(target), fit: "cover", position: "centre" });
      files.push({ name: eventImageFileName(key, target, "webp"), bytes: await resized.clone().webp({ quality: 80 }).toBuffer() });
      // JPEG has no transparency: a PNG's clear parts become white, not black.
      files.push({
        name: eventImageFileName(key, target, "jpeg"),
        bytes: await resized.flatten({ background: "#ffffff" }).jpeg({ quality: 80, mozjpeg: true, progressive: true }).toBuffer(),
      });
    }
  } catch {
    // A file whose first bytes look right but whose picture is broken (cut off, corrupt).
    throw imageError("VALIDATION_FAILED", "imageUnreadable", locale);
  }
  return { key, widths: [...widths], files };
}
