import type { PublicEvent } from "../../core/contracts/events";
import { englishFallback } from "../utils/english-fallback";

/**
 * How wide an event's image is drawn, for the browser to pick a file from `srcset` before layout:
 * cards stand three in a row of the 72rem page from `lg`, two from `sm`, one on a phone; the event
 * page's picture fills the main column (the page less its 22rem side column and gap from `lg`).
 */
export const eventImageSizes = {
  card: "(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw",
  page: "(min-width: 1200px) 720px, (min-width: 1024px) calc(100vw - 27rem), calc(100vw - 2rem)",
} as const;

/**
 * How soon the browser fetches a picture: `high` for the one most likely to be the page's largest
 * paint (the event page's picture, the first card), `eager` for the rest of the first screen, `lazy`
 * below it (Lighthouse: the LCP image must not be lazy).
 */
export type ImagePriority = "high" | "eager" | "lazy";

/** The first row of cards (three from `lg`) is on the first screen; the first of them is the largest paint on a phone. */
export function cardImagePriority(index: number): ImagePriority {
  return index === 0 ? "high" : index < 3 ? "eager" : "lazy";
}

/**
 * An event's picture: an uploaded image as `<picture>` (WebP files, JPEG ones for the rest) with every
 * width in `srcset` and its width and height set, so the page keeps its box before it loads (decision
 * 040); otherwise the site's own picture at `image_url`. The alt text is marked English when it fell back.
 */
export function EventImage({
  event,
  sizes,
  className,
  priority,
}: {
  event: Pick<PublicEvent, "image" | "image_url" | "image_alt" | "english_fallbacks">;
  sizes: string;
  className: string;
  priority: ImagePriority;
}) {
  const lang = englishFallback(event, "image_alt");
  const loading = priority === "lazy" ? "lazy" : "eager";
  const fetchPriority = priority === "high" ? "high" : undefined;
  // An event made without a picture keeps the picture's frame, empty: an <img src=""> would fetch the page again.
  if (!event.image && !event.image_url) return <div aria-hidden="true" data-testid="event-image-none" className={`${className} aspect-[16/10] bg-navy-100`} />;
  if (!event.image) {
    return (
      <img
        src={event.image_url}
        alt={event.image_alt}
        lang={lang}
        loading={loading}
        fetchPriority={fetchPriority}
        width={1200}
        height={750}
        className={className}
      />
    );
  }
  const { image } = event;
  return (
    // A block: an inline <picture> takes no margin (the event page's spacing). Not h-full: in the page's grid that would
    // stretch it to the column's height; the <img> keeps 16:10 by its width and height, as the card's frame is.
    <picture className="block">
      <source type="image/webp" srcSet={image.webp_srcset} sizes={sizes} />
      <img
        src={image.src}
        srcSet={image.srcset}
        sizes={sizes}
        alt={event.image_alt}
        lang={lang}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding={priority === "high" ? undefined : "async"}
        width={image.width}
        height={image.height}
        className={className}
        data-testid="event-image"
      />
    </picture>
  );
}
