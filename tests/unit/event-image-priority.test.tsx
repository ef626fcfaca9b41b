import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { cardImagePriority, EventImage, eventImageSizes, type ImagePriority } from "../../app/components/event-image";

const uploaded = {
  image: {
    src: "/media/images/abc-960.jpg",
    srcset: "/media/images/abc-480.jpg 480w, /media/images/abc-960.jpg 960w",
    webp_srcset: "/media/images/abc-480.webp 480w, /media/images/abc-960.webp 960w",
    width: 960,
    height: 600,
    files: [],
  },
  image_url: "",
  image_alt: "A race car on the track",
  english_fallbacks: [],
};
const render = (priority: ImagePriority) => renderToString(<EventImage event={uploaded} sizes={eventImageSizes.card} className="w-full" priority={priority} />);

describe("how soon an event's picture is fetched", () => {
  it("fetches the largest paint's picture first, the rest of the first screen at once and the others when scrolled to", () => {
    expect(render("high")).toMatch(/loading="eager"/);
    expect(render("high")).toMatch(/fetchpriority="high"/i);
    expect(render("eager")).toMatch(/loading="eager"/);
    expect(render("eager")).not.toMatch(/fetchpriority/i);
    expect(render("lazy")).toMatch(/loading="lazy"/);
  });

  it("treats the first row of cards as the first screen, and the first card as the largest paint", () => {
    expect([0, 1, 2, 3, 7].map(cardImagePriority)).toEqual(["high", "eager", "eager", "lazy", "lazy"]);
  });
});
