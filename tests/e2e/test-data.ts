import { expect, type APIRequestContext } from "@playwright/test";
import type { DemoEventKey } from "../../server/db/demo/ids";

/**
 * A fresh event of the calling test's own, made by the server's data factories (POST /__test/events,
 * mounted only with NODE_ENV=test) as a copy of a demo event: same texts, prices and form, new uuids.
 * `golfCircleFinal` comes fully booked, `trackDayNotBookableYet` opens in 30 days,
 * `golfCircleTournament` starts within 30 days (a card booking pays everything at once).
 * The copy is published, so the event lists show it: the tests that count the demo's events are
 * tagged @demo-site and run against a second server on which no test makes events
 * (playwright.config.ts, decision 019).
 */
export async function createEvent(
  request: APIRequestContext,
  copyOf: DemoEventKey,
  options: { categoryId?: number } = {},
): Promise<{ eventUuid: string; formUuid: string }> {
  const response = await request.post("/__test/events", { data: { copyOf, ...options } });
  expect(response.status()).toBe(201);
  return (await response.json()) as { eventUuid: string; formUuid: string };
}
