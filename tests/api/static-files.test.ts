import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/db/client";
import { createApp, staticFilePaths } from "../../server/http/create-app";
import { createTestApi } from "../support/api-client";
import { createTestDatabase } from "../support/test-database";

let database: DatabaseHandle;
let app: ReturnType<typeof createApp>;
let assetsDir: string;
let pagesAsked = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  const { services } = createTestApi(database);
  assetsDir = await mkdtemp(join(tmpdir(), "static-files-"));
  await mkdir(join(assetsDir, "assets"));
  await mkdir(join(assetsDir, "images"));
  await writeFile(join(assetsDir, "assets", "entry-abc123.js"), "export {};\n");
  await writeFile(join(assetsDir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  await writeFile(join(assetsDir, "images", "two words.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  // Every path that is no file goes on to the pages: here a build that counts the requests it gets.
  const build = () => {
    pagesAsked += 1;
    return Promise.reject<ServerBuild>(new Error("no pages in this test"));
  };
  app = createApp({ services, build, mode: "test", clientAssetsDir: assetsDir, pageCacheSeconds: 0, logError: () => undefined });
});
afterAll(async () => {
  await database.close();
  await rm(assetsDir, { recursive: true, force: true });
});

describe("the built assets folder (decision 060)", () => {
  it("lists the URL paths of its files, not its folders", () => {
    expect([...staticFilePaths(assetsDir)].sort()).toEqual(["/assets/entry-abc123.js", "/favicon.svg", "/images/two words.svg"]);
  });

  it("serves its files, an encoded name too, and the hashed ones for a year", async () => {
    const before = pagesAsked;
    const script = await app.request("/assets/entry-abc123.js");
    expect(script.status).toBe(200);
    expect(script.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await app.request("/favicon.svg")).status).toBe(200);
    expect((await app.request("/images/two%20words.svg")).status).toBe(200);
    expect(pagesAsked).toBe(before);
  });

  it("hands every other path to the pages without looking for a file", async () => {
    // A page's route facts (page-route-facts.ts) and its render each load the build.
    const reachesPages = async (path: string) => {
      const before = pagesAsked;
      await app.request(path);
      return pagesAsked > before;
    };
    expect(await reachesPages("/events")).toBe(true);
    expect(await reachesPages("/images/missing.svg")).toBe(true);
  });
});
