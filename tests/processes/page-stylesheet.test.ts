import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedIds } from "../../server/db/seed";
import { projectRoot } from "../../server/project-root";
import { startSiteProcess, type SiteProcess } from "../support/site-process";

/**
 * Every page links the one built stylesheet (issue 29: a hashed file, cached as immutable, sent as the
 * brotli the build wrote). A hydrated page's inline scripts carry the request's CSP nonce (the
 * micro-cached copy too); a page without hydration (decision 056) names no nonce at all, the policy
 * allows its fixed inline scripts by hash, and the page cache sends it as the brotli it stored
 * (decision 059). The compiled server as production runs it (`npm run build` first), on a throwaway
 * PGlite data folder.
 */
const parent = mkdtempSync(path.join(tmpdir(), "page-stylesheet-"));
let site: SiteProcess;
const builtCss = readdirSync(path.join(projectRoot, "build/client/assets")).filter((name) => /^app-.+\.css$/.test(name));

beforeAll(async () => {
  site = await startSiteProcess({ env: { DATA_DIR: path.join(parent, "data"), DATABASE_URL: "" }, logFile: path.join(parent, "site.log") });
}, 120_000);
afterAll(async () => {
  await site.stop();
  rmSync(parent, { recursive: true, force: true });
});

function nonceOf(policy: string | null): string {
  const match = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(policy ?? "");
  if (!match?.[1]) throw new Error(`no script nonce in ${policy}`);
  return match[1];
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("the page links the built stylesheet", () => {
  it("is the one built stylesheet", () => {
    expect(builtCss).toHaveLength(1);
  });

  for (const prefix of ["", "/de"]) {
    const pages = [
      { page: `${prefix}/`, hydrated: false },
      { page: `${prefix}/events`, hydrated: false },
      { page: `${prefix}/booking/${seedIds.forms.golfYogaTrip}`, hydrated: true },
    ];
    for (const { page, hydrated } of pages) {
      it(`${page}: the stylesheet's link, no <style>${hydrated ? ", scripts with the request's nonce" : ", no nonce anywhere"}`, async () => {
        // Twice: the second anonymous answer of a public page comes from the page micro-cache.
        for (const visit of [1, 2]) {
          const response = await fetch(`${site.origin}${page}`);
          expect(response.status, `${page} visit ${visit}`).toBe(200);
          const policy = response.headers.get("content-security-policy");
          const nonce = nonceOf(policy);
          const html = await response.text();
          const head = html.slice(0, html.indexOf("</head>"));
          const links = [...head.matchAll(/<link[^>]+rel="stylesheet"[^>]*>/g)].map((link) => /href="([^"]+)"/.exec(link[0])?.[1]);
          expect(links).toEqual([`/assets/${builtCss[0]}`]);
          expect(head).not.toContain("<style");
          if (hydrated) expect(html).toContain(`nonce="${nonce}"`);
          if (!hydrated) {
            expect(html).not.toContain("nonce=");
            // Every inline script is allowed by its hash (JSON-LD is data: CSP does not check it).
            const scripts = [...html.matchAll(/<script(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g)].filter(
              (script) => !/\ssrc=/.test(script[0]),
            );
            expect(scripts.length, page).toBeGreaterThanOrEqual(2);
            for (const script of scripts) expect(policy).toContain(sha256(script[1] ?? ""));
          }
          // Styles as before (decision 012: React's style attributes); scripts by this nonce or a fixed text's hash.
          expect(policy).toContain("style-src 'self' 'unsafe-inline'");
          expect(policy).not.toMatch(/script-src[^;]*unsafe/);
        }
      });
    }
  }

  it("the stylesheet is sent as the brotli the build wrote, cached as immutable", async () => {
    const css = readFileSync(path.join(projectRoot, "build/client/assets", builtCss[0] ?? ""), "utf8");
    const response = await fetch(`${site.origin}/assets/${builtCss[0]}`, { headers: { "accept-encoding": "br" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/css/);
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await response.text()).toBe(css);
  });

  it("a page without a nonce comes from the page cache as the brotli it stored: length given, nothing compressed again", async () => {
    const pathname = "/events?from=page-cache-test";
    const fresh = await fetch(`${site.origin}${pathname}`, { headers: { "accept-encoding": "br" } });
    const plain = await fresh.text();
    const answers = [];
    for (const acceptEncoding of ["br", "gzip", "identity"]) {
      const response = await fetch(`${site.origin}${pathname}`, { headers: { "accept-encoding": acceptEncoding } });
      answers.push({ acceptEncoding, encoding: response.headers.get("content-encoding"), length: Number(response.headers.get("content-length")) });
      expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
      expect(await response.text(), acceptEncoding).toBe(plain);
    }
    expect(answers.map(({ encoding }) => encoding)).toEqual(["br", "gzip", null]);
    expect(answers[2]?.length).toBe(Buffer.byteLength(plain));
    // Brotli at the stored quality: a sixth of the page or less.
    expect(answers[0]?.length).toBeLessThan(Buffer.byteLength(plain) / 4);
    expect(answers[0]?.length).toBeLessThan(answers[1]?.length ?? 0);
  });
});
