/**
 * First-load JavaScript per page (issue 15 "Fast on a phone", decision 046): every script a page
 * loads before the network is idle, plus its modulepreloads, each compressed with gzip -9 (the
 * budgets are stated in gzip), summed per route and compared with the route's budget. Exits
 * non-zero when a route is over. Builds nothing: run `npm run build` first.
 *
 *   npm run build && npm run bench:page-weight
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type Browser } from "@playwright/test";
import { startBuiltSite } from "./built-site";

const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium-headless-shell";
const clientDir = path.resolve("build/client");
const kb = (bytes: number) => bytes / 1024;

/** A script's bytes: from build/client when it is a built asset, else as the browser got them. */
function gzipSize(pathname: string, body: Buffer): number {
  const file = path.join(clientDir, decodeURIComponent(pathname));
  const bytes = file.startsWith(clientDir + path.sep) && existsSync(file) ? readFileSync(file) : body;
  return gzipSync(bytes, { level: 9 }).length;
}

type Weight = { total: number; files: { name: string; gzip: number }[] };

async function weighPage(browser: Browser, url: string): Promise<Weight> {
  const context = await browser.newContext({ locale: "en-GB" });
  const page = await context.newPage();
  const bodies = new Map<string, Promise<Buffer>>();
  page.on("response", (response) => {
    const request = response.request();
    const pathname = new URL(response.url()).pathname;
    if (request.resourceType() === "script" || pathname.endsWith(".js")) {
      if (!bodies.has(pathname))
        bodies.set(
          pathname,
          response.body().catch(() => Buffer.alloc(0)),
        );
    }
  });
  const answer = await page.goto(url);
  if (!answer?.ok()) throw new Error(`${url} answered ${answer?.status()}`);
  await page.waitForLoadState("networkidle");
  // Modulepreloads count even if the browser had not asked for them by the time the network idled.
  const preloads = await page.locator('link[rel="modulepreload"]').evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
  for (const href of preloads) {
    const pathname = new URL(href).pathname;
    if (!bodies.has(pathname))
      bodies.set(
        pathname,
        page.request.get(href).then(async (response) => Buffer.from(await response.body())),
      );
  }
  const files: Weight["files"] = [];
  for (const [pathname, body] of bodies) files.push({ name: pathname.replace(/^\/assets\//, ""), gzip: gzipSize(pathname, await body) });
  await context.close();
  files.sort((a, b) => b.gzip - a.gzip);
  return { total: files.reduce((sum, file) => sum + file.gzip, 0), files };
}

/** An event page and a booking page of the demo data, found the way a visitor finds them. */
async function findPages(browser: Browser, origin: string): Promise<{ eventPath: string; bookingPath: string }> {
  const page = await browser.newPage();
  try {
    await page.goto(`${origin}/events`);
    const eventHrefs = await page.locator('a[href^="/events/"]').evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
    for (const eventPath of eventHrefs.filter((href) => href.split("/").length === 4)) {
      await page.goto(`${origin}${eventPath}`);
      const booking = page.locator('a[href^="/booking/"]').first();
      if ((await booking.count()) > 0) return { eventPath, bookingPath: (await booking.getAttribute("href")) ?? "" };
    }
    throw new Error("No event page with a booking link on /events");
  } finally {
    await page.close();
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-page-weight-"));
const site = await startBuiltSite(dataDir);
const browser = await chromium.launch({ executablePath: chromiumPath });
let over = 0;
try {
  const { eventPath, bookingPath } = await findPages(browser, site.origin);
  // Budgets in KB gzip, issue 29's floors: the browsing pages load no JavaScript at all (decision 056),
  // the booking page at most 170.
  const routes: { path: string; budget: number }[] = [
    { path: "/", budget: 0 },
    { path: "/events", budget: 0 },
    { path: "/de/events", budget: 0 },
    { path: eventPath, budget: 0 },
    { path: bookingPath, budget: 170 },
    { path: `/de${bookingPath}`, budget: 170 },
  ];
  const top = Number(process.env.BENCH_TOP ?? 5);
  console.log(`\nFirst-load JavaScript (gzip -9 per file, scripts loaded before network idle + modulepreloads)\n`);
  for (const route of routes) {
    const weight = await weighPage(browser, `${site.origin}${route.path}`);
    const isOver = kb(weight.total) > route.budget;
    if (isOver) over += 1;
    console.log(
      `${route.path.padEnd(48)} ${kb(weight.total).toFixed(1).padStart(6)} KB / ${String(route.budget).padStart(3)} KB budget, ${weight.files.length} files${isOver ? "  over" : ""}`,
    );
    for (const file of weight.files.slice(0, top)) console.log(`    ${kb(file.gzip).toFixed(1).padStart(6)} KB  ${file.name}`);
  }
} finally {
  await browser.close();
  site.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
if (over > 0) {
  console.log(`\n${over} route(s) over budget`);
  process.exitCode = 1;
}
