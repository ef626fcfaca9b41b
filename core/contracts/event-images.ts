import { z } from "zod";

/**
 * An event's uploaded image (decision 040): resized by the server into a few widths, each as WebP and
 * as JPEG, cut to the 16:10 frame every page shows it in. Files are named by a hash of their source
 * and recipe, so a name never changes its bytes and the files are cached for a year.
 */

/** The widths the site serves: a card (about 360 CSS px, 2x), the event page's column (about 770 CSS px, 2x) and a phone at 3x. */
export const eventImageWidths = [480, 960, 1600] as const;
/** Every page frames event images at 16:10 (`aspect-[16/10]`, object-cover): the files are cut to it. */
export const eventImageAspect = { width: 16, height: 10 } as const;
export const eventImageFormats = ["webp", "jpeg"] as const;
export type EventImageFormat = (typeof eventImageFormats)[number];
/** The largest file a staff member may upload. */
export const maximumEventImageBytes = 10 * 1024 * 1024;
/** What the upload takes, told by the file's bytes. */
export const eventImageMediaTypes = ["image/jpeg", "image/png", "image/webp"] as const;
/** The public path the files are served under. */
export const eventImagePath = "/media/images";

/** As the events table keeps it: the files' common name and the widths made (narrower sources make fewer). */
export type StoredEventImage = { key: string; widths: number[] };

export const eventImageFileSchema = z.object({ url: z.string(), width: z.number().int(), height: z.number().int(), format: z.enum(eventImageFormats) });

/** An uploaded image as pages show it: `<picture>` with a WebP source and a JPEG `<img>`, both with every width. */
export const responsiveImageSchema = z.object({
  /** The largest file's size: the `<img>`'s width and height (the page reserves its box before it loads). */
  width: z.number().int(),
  height: z.number().int(),
  /** A JPEG of the middle width: browsers without srcset, and link previews (og:image). */
  src: z.string(),
  /** `url 480w, url 960w, …` of the JPEG files. */
  srcset: z.string(),
  /** The same of the WebP files. */
  webp_srcset: z.string(),
  files: z.array(eventImageFileSchema),
});
export type ResponsiveImage = z.infer<typeof responsiveImageSchema>;

export const heightOfWidth = (width: number) => Math.round((width * eventImageAspect.height) / eventImageAspect.width);
const extensionOf = (format: EventImageFormat) => (format === "jpeg" ? "jpg" : "webp");

/** A file's name in the store and under `eventImagePath`: `<key>-<width>.<webp|jpg>`. */
export function eventImageFileName(key: string, width: number, format: EventImageFormat): string {
  return `${key}-${width}.${extensionOf(format)}`;
}

/** The only names the media route serves (a hash, a width, a known extension): nothing else reaches the store. */
export const eventImageFileNamePattern = /^([0-9a-f]{32})-(\d{3,4})\.(webp|jpg)$/;

/** The stored image as pages and the API show it. */
export function responsiveImageOf(stored: StoredEventImage): ResponsiveImage {
  const widths = [...stored.widths].sort((a, b) => a - b);
  const files = eventImageFormats.flatMap((format) =>
    widths.map((width) => ({ url: `${eventImagePath}/${eventImageFileName(stored.key, width, format)}`, width, height: heightOfWidth(width), format })),
  );
  const srcsetOf = (format: EventImageFormat) =>
    files
      .filter((file) => file.format === format)
      .map((file) => `${file.url} ${file.width}w`)
      .join(", ");
  const largest = widths.at(-1) ?? eventImageWidths[0];
  const middle = widths[Math.floor((widths.length - 1) / 2)] ?? largest;
  return {
    width: largest,
    height: heightOfWidth(largest),
    src: `${eventImagePath}/${eventImageFileName(stored.key, middle, "jpeg")}`,
    srcset: srcsetOf("jpeg"),
    webp_srcset: srcsetOf("webp"),
    files,
  };
}
