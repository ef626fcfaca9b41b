import { expect, test, type Response } from "@playwright/test";
import { minimumCompressedBytes } from "../../server/http/compress-responses";
import { languages } from "./support";

/**
 * What the browser is sent is compressed (decision 045): a page made for this request with gzip
 * (Hono's compress, issue 29), a page from the page cache and the scripts with brotli, compressed
 * once; the page still hydrates and works.
 */
for (const language of languages) {
  test(`pages, scripts and styles reach the browser compressed (${language.locale})`, async ({ page }) => {
    const assets: Response[] = [];
    page.on("response", (response) => {
      if (/^\/assets\/.+\.(js|css)$/.test(new URL(response.url()).pathname)) assets.push(response);
    });
    // The login page hydrates (the event list is served without scripts, decision 056).
    const response = await page.goto(`${language.prefix}/login`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["content-encoding"]).toBe("gzip");
    expect(response?.headers()["vary"]).toMatch(/accept-encoding/i);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    const encodings = await Promise.all(
      assets.map(async (asset) => ({ asset: asset.url(), encoding: asset.headers()["content-encoding"], bytes: (await asset.body()).length })),
    );
    expect(encodings.filter(({ encoding }) => encoding === "br").length).toBeGreaterThan(3);
    // Only files under 1,400 bytes go as they are (one TCP segment either way): compressing them would not pay.
    expect(encodings.filter(({ encoding, bytes }) => encoding !== "br" && bytes >= minimumCompressedBytes)).toEqual([]);

    // The page micro-cache's copy is compressed too, and a client that asks for nothing gets plain text.
    const cached = await page.request.get(`${language.prefix}/events`, { headers: { "Accept-Encoding": "br" } });
    expect(cached.headers()["content-encoding"]).toBe("br");
    expect(await cached.text()).toContain("<html");
    const plain = await page.request.get(`${language.prefix}/events`, { headers: { "Accept-Encoding": "identity" } });
    expect(plain.headers()["content-encoding"]).toBeUndefined();
    expect(await plain.text()).toContain(`lang="${language.locale}"`);
  });
}
