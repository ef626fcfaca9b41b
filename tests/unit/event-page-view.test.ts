import { describe, expect, it } from "vitest";
import { formatDatesWithWeekday, jsonForScript } from "../../app/utils/event-page-view";
import { sitemapXml } from "../../app/routes/content/sitemap.server";

describe("the event page's helpers", () => {
  it("writes JSON that cannot end its script element", () => {
    const json = jsonForScript({ name: "</script><script>alert(1)</script> & \u2028" });
    expect(json).not.toMatch(/<|>|&|\u2028/);
    expect(JSON.parse(json)).toEqual({ name: "</script><script>alert(1)</script> & \u2028" });
  });

  it("shows dates with their weekdays", () => {
    expect(formatDatesWithWeekday("2026-06-12", "2026-06-14", "en")).toMatch(/Friday.*12.*June.*Sunday.*14.*June 2026/);
    expect(formatDatesWithWeekday("2026-06-12", "2026-06-12", "de")).toBe("Freitag, 12. Juni 2026");
  });

  it("lists each page once per language with every alternate and x-default", () => {
    const xml = sitemapXml("https://events.example", [{ en: "/events/a&b", de: "/de/events/x" }]);
    expect(xml.match(/<url>/g)).toHaveLength(2);
    expect(xml).toContain("<loc>https://events.example/events/a&amp;b</loc>");
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://events.example/events/a&amp;b"/>');
    expect(xml.match(/hreflang="de"/g)).toHaveLength(2);
  });
});
