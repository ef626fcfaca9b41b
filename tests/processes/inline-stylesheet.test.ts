import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedIds } from "../../server/db/seed";
import { projectRoot } from "../../server/project-root";
import { startSiteProcess, type SiteProcess } from "../support/site-process";

/**
 * The built site writes its stylesheet into each page's <head> (decision 055): no stylesheet file the
 * browser must fetch before its first paint, the <style> element carries the request's CSP nonce (the
 * micro-cached copy too), and the policy's script-src stays nonce-only. The compiled server as
 * production runs it (`npm run build` first), on a throwaway PGlite data folder.
 */
const parent = mkdtempSync(path.join(tmpdir(), "inline-stylesheet-"));
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
  const match = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'(;|$)/.exec(policy ?? "");
  if (!match?.[1]) throw new Error(`no script nonce in ${policy}`);
  return match[1];
}

describe("the stylesheet is in the page", () => {
  it("is the one built stylesheet", () => {
    expect(builtCss).toHaveLength(1);
  });

  for (const prefix of ["", "/de"]) {
    const pages = [`${prefix}/`, `${prefix}/events`, `${prefix}/booking/${seedIds.forms.golfYogaTrip}`];
    for (const page of pages) {
      it(`${page}: a <style> with the request's nonce, no stylesheet link`, async () => {
        const css = readFileSync(path.join(projectRoot, "build/client/assets", builtCss[0] ?? ""), "utf8");
        // Twice: the second anonymous answer of a public page comes from the page micro-cache.
        for (const visit of [1, 2]) {
          const response = await fetch(`${site.origin}${page}`);
          expect(response.status, `${page} visit ${visit}`).toBe(200);
          const policy = response.headers.get("content-security-policy");
          const nonce = nonceOf(policy);
          const html = await response.text();
          const head = html.slice(0, html.indexOf("</head>"));
          expect(head).not.toMatch(/<link[^>]+rel="stylesheet"/);
          expect(head).not.toContain(".css");
          const styles = [...head.matchAll(/<style( nonce="[^"]*")?>([\s\S]*?)<\/style>/g)];
          expect(styles.map((style) => style[1])).toEqual([` nonce="${nonce}"`]);
          expect(styles[0]?.[2]).toBe(css);
          // Styles as before (decision 012: React's style attributes); scripts still only with this nonce.
          expect(policy).toContain("style-src 'self' 'unsafe-inline'");
          expect(policy).not.toMatch(/script-src[^;]*unsafe/);
        }
      });
    }
  }
});
