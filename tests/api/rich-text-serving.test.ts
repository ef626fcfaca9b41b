import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicEventsResponseSchema } from "../../core/contracts/events";
import { publicFormResponseSchema } from "../../core/contracts/forms";
import { pageResponseSchema } from "../../core/contracts/pages";
import type { DatabaseHandle } from "../../server/db/client";
import { publishDraftAsVersion } from "../../server/db/form-versions";
import { seedIds } from "../../server/db/seed";
import { events, formItems, formPages, pageTranslations } from "../../server/db/schema";
import { createTestApi } from "../support/api-client";
import { createTestDatabase } from "../support/test-database";

/**
 * Rich text stored by some writer other than the seed (a future back office, a manual fix in the
 * database) must still reach the page only as sanitized markup: the read services sanitize it.
 */
let database: DatabaseHandle;
let api: ReturnType<typeof createTestApi>;
const german = { "accept-language": "de-DE,de;q=0.9" };

const hostile = (text: string) =>
  `<p onclick="steal()">${text}</p><script>alert(1)</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">link</a><iframe src="https://evil.test"></iframe>`;
const dangerous = /<script|onerror|onclick|javascript:|<img|<iframe/i;

beforeAll(async () => {
  database = await createTestDatabase();
  api = createTestApi(database);
});
afterAll(async () => {
  await database.close();
});

async function json(response: Response) {
  expect(response.status).toBe(200);
  return (await response.json()) as unknown;
}

describe("rich text in served responses", () => {
  it("form html and wysiwyg items lose scripts and event handlers but keep their text", async () => {
    const stored = await database.db
      .select({ id: formItems.id, formId: formPages.formId })
      .from(formItems)
      .innerJoin(formPages, eq(formPages.id, formItems.pageId))
      .where(inArray(formItems.kind, ["html", "wysiwyg"]));
    expect(stored.length).toBeGreaterThanOrEqual(2);
    for (const item of stored) {
      await database.db
        .update(formItems)
        .set({ options: { html: { en: hostile("Rooms notice"), de: hostile("Zimmerhinweis") } } })
        .where(eq(formItems.id, item.id));
    }
    // The public form is the latest published version (decision 036): publish what was stored, unchecked.
    for (const formId of new Set(stored.map((item) => item.formId))) await publishDraftAsVersion(database.db, formId, null, new Date());
    for (const formId of new Set(stored.map((item) => item.formId))) {
      for (const [headers, text] of [
        [{}, "Rooms notice"],
        [german, "Zimmerhinweis"],
      ] as const) {
        const form = publicFormResponseSchema.parse(await json(await api.get(`/api/form/public/${formId}`, headers)));
        const served = form.data.pages.flatMap((page) => page.items).filter((item) => stored.some((entry) => entry.id === item.uuid));
        expect(served.length).toBeGreaterThan(0);
        for (const item of served) {
          expect(item.options.html).toBe(`<p>${text}</p><a>link</a>`);
          expect(JSON.stringify(item.options)).not.toMatch(dangerous);
        }
      }
    }
  });

  it("event descriptions and content pages are sanitized too", async () => {
    await database.db
      .update(events)
      .set({ description: { en: hostile("Trip details"), de: hostile("Reisedetails") } })
      .where(eq(events.id, seedIds.events.golfYogaTrip));
    await database.db
      .update(pageTranslations)
      .set({ content: hostile("Terms text") })
      .where(eq(pageTranslations.slug, "terms"));

    const list = publicEventsResponseSchema.parse(await json(await api.get("/api/public-events")));
    const trip = list.data.find((event) => event.uuid === seedIds.events.golfYogaTrip);
    expect(trip?.description).toBe("<p>Trip details</p><a>link</a>");
    const page = pageResponseSchema.parse(await json(await api.get("/api/page/terms")));
    expect(page.data.content).toBe("<p>Terms text</p><a>link</a>");
    expect(JSON.stringify([list, page])).not.toMatch(dangerous);
  });
});
