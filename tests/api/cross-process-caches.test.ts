import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../server/db/client";
import { createCrossProcessSignal, listenerApplicationName, type CrossProcessSignal } from "../../server/db/cross-process-signal";
import { events } from "../../server/db/schema";
import { demoAccounts, seedIds } from "../../server/db/seed";
import { seedIfEmpty } from "../../server/seed/seed-if-empty";
import { PageCache } from "../../server/http/page-cache";
import { createTestApi } from "../support/api-client";
import { buy, fetchTransport, planPages } from "../support/http-buyer";

/**
 * Several processes on one PostgreSQL (decision 050): two service instances, each with its own pool,
 * read cache, page micro-cache and LISTEN connection, as two worker processes have. A write through
 * one is seen by the other's cached reads and pages within a second, and a listener whose connection
 * is killed opens it again and drops what it kept (it may have missed notifications meanwhile).
 * PostgreSQL only: PGlite serves one process, and its read cache is that process's own.
 */
const adminUrl = inject("postgresAdminUrl");
let databaseName = "";
const handles: DatabaseHandle[] = [];
const signals: CrossProcessSignal[] = [];
let first: ReturnType<typeof createTestApi>;
let second: ReturnType<typeof createTestApi>;

async function admin<T>(run: (client: pg.Client) => Promise<T>, database = "postgres"): Promise<T> {
  const url = new URL(adminUrl ?? "");
  url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Polls `read` every 25 ms until `done` says yes; the milliseconds it took. Fails after 3 s. */
async function within<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < 3000) {
    if (done(await read())) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("the other instance never saw the change");
}

describe.skipIf(!adminUrl)("caches across processes on one PostgreSQL", () => {
  beforeAll(async () => {
    databaseName = `test_${randomBytes(6).toString("hex")}`;
    await admin((client) => client.query(`CREATE DATABASE ${databaseName} TEMPLATE booking_template`));
    const url = new URL(adminUrl ?? "");
    url.pathname = `/${databaseName}`;
    for (let index = 0; index < 2; index += 1) {
      const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 5, onPoolError: () => undefined });
      const signal = createCrossProcessSignal({
        databaseUrl: url.toString(),
        db: handle.db,
        channel: "read_cache_invalidated",
        onError: () => undefined,
        reconnectDelayMs: 50,
      });
      await signal.ready;
      handles.push(handle);
      signals.push(signal);
    }
    // Long-lived caches, as in production only longer: whatever is seen within the test came by the signal.
    first = createTestApi(handles[0]!, { cacheTtlMs: 60_000, crossProcessSignal: signals[0] });
    second = createTestApi(handles[1]!, { cacheTtlMs: 60_000, crossProcessSignal: signals[1] });
  });
  afterAll(async () => {
    for (const signal of signals) await signal.close();
    for (const handle of handles) await handle.close();
    if (databaseName) await admin((client) => client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
  });

  it("a staff write through one instance reaches the other's read cache and page cache within a second", async () => {
    const before = await second.services.listPublicEvents("en");
    const event = before[0]!;
    // The other instance's page micro-cache holds a page rendered before the write.
    const pages = new PageCache(60_000, second.services.readsVersion);
    const publicPage = { personal: false };
    const key = pages.keyOf(new Request("http://site.test/events"), publicPage)!;
    await pages.store(key, new Response("<p>events</p>", { headers: { "content-type": "text/html" } }));
    expect(pages.get(key)).not.toBeNull();
    // A page without a nonce, kept as brotli (decision 059), goes the same way.
    const staticKey = pages.keyOf(new Request("http://site.test/de/events"), publicPage)!;
    await pages.store(staticKey, new Response(`<main>${"<p>Veranstaltung</p>".repeat(100)}</main>`, { headers: { "content-type": "text/html" } }));
    expect(pages.get(staticKey, Date.now(), "", "br")?.headers.get("content-encoding")).toBe("br");

    const tokens = await first.logIn(demoAccounts.staff.email, demoAccounts.staff.password);
    const response = await first.app.request(`/api/staff/events/${event.uuid}/state`, {
      method: "POST",
      headers: { authorization: `Bearer ${tokens.access_token}`, "content-type": "application/json" },
      body: JSON.stringify({ change: "unpublish" }),
    });
    expect(response.status).toBe(200);

    const ms = await within(
      () => second.services.listPublicEvents("en"),
      (list) => !list.some((shown) => shown.uuid === event.uuid),
    );
    expect(ms).toBeLessThan(1000);
    expect(pages.get(key)).toBeNull();
    expect(pages.get(staticKey, Date.now(), "", "br")).toBeNull();
    expect(pages.size).toEqual({ entries: 0, bytes: 0 });
    // And back: the write through the first instance reaches the second again.
    await first.app.request(`/api/staff/events/${event.uuid}/state`, {
      method: "POST",
      headers: { authorization: `Bearer ${tokens.access_token}`, "content-type": "application/json" },
      body: JSON.stringify({ change: "publish" }),
    });
    await within(
      () => second.services.listPublicEvents("en"),
      (list) => list.some((shown) => shown.uuid === event.uuid),
    );
  });

  it("a killed LISTEN connection is opened again, and the reads are dropped because notifications may have been missed", async () => {
    const [event] = await second.services.listPublicEvents("en");
    const title = `Renamed behind the caches ${randomBytes(3).toString("hex")}`;
    // A write no instance is told of (as one sent while the listener was away): the cache keeps the old title.
    const [row] = await handles[0]!.db.select({ title: events.title }).from(events).where(eq(events.id, event!.uuid));
    await handles[0]!.db
      .update(events)
      .set({ title: { ...row!.title, en: title } })
      .where(eq(events.id, event!.uuid));
    expect((await second.services.listPublicEvents("en")).find((shown) => shown.uuid === event!.uuid)?.title).toBe(event!.title);

    const reconnectsBefore = signals[1]!.reconnects;
    const killed = await admin(
      (client) =>
        client.query<{ killed: boolean }>(
          "select pg_terminate_backend(pid) as killed from pg_stat_activity where application_name = $1 and datname = current_database()",
          [listenerApplicationName],
        ),
      databaseName,
    );
    expect(killed.rows.length).toBe(2);

    const ms = await within(
      () => second.services.listPublicEvents("en"),
      (list) => list.find((shown) => shown.uuid === event!.uuid)?.title === title,
    );
    expect(ms).toBeLessThan(2000);
    expect(signals[1]!.reconnects).toBe(reconnectsBefore + 1);
    const listening = await admin(
      (client) =>
        client.query<{ count: number }>("select count(*)::int as count from pg_stat_activity where application_name = $1 and datname = current_database()", [
          listenerApplicationName,
        ]),
      databaseName,
    );
    expect(listening.rows[0]?.count).toBe(2);

    // The new connection listens: a write through the first instance still reaches the second.
    first.services.invalidateReads();
    const version = second.services.readsVersion();
    await within(
      async () => second.services.readsVersion(),
      (now) => now !== version,
    );
  });

  it("a booking through one instance drops the other's places, not its forms' catalogue part (decision 054)", async () => {
    const formId = seedIds.forms.golfCircleTournament;
    // A title of this run's own: the second instance shows it only once the word to drop everything has
    // reached it (its copy from an earlier test may say "bookable" already), so no late word drops the
    // catalogue part after the rename below.
    const startTitle = `Before the rush ${randomBytes(3).toString("hex")}`;
    await handles[0]!.db
      .update(events)
      .set({ capacity: 1, placesTaken: 0, title: { en: startTitle, de: startTitle } })
      .where(eq(events.id, seedIds.events.golfCircleTournament));
    first.services.invalidateReads();
    await within(
      () => second.services.getPublicForm("en", formId, false),
      (form) => form.event.state === "bookable" && form.event.title === startTitle,
    );
    const before = await second.services.getPublicForm("en", formId, false);
    // Behind the caches' back: the second instance keeps serving the title it has.
    await handles[0]!.db
      .update(events)
      .set({ title: { en: "Renamed behind the caches", de: "Hinterrücks umbenannt" } })
      .where(eq(events.id, seedIds.events.golfCircleTournament));

    const outcome = await buy({
      origin: () => "http://site.test",
      transport: fetchTransport((url, init) => first.app.request(url, init)),
      formId,
      pages: planPages(before),
      payment: "invoice",
    });
    expect(outcome.kind).toBe("completed");
    const ms = await within(
      () => second.services.getPublicForm("en", formId, false),
      (form) => form.event.state === "fully_booked",
    );
    expect(ms).toBeLessThan(1000);
    expect((await second.services.getPublicForm("en", formId, false)).event.title).toBe(before.event.title);

    // A staff write's word drops the catalogue part as well.
    first.services.invalidateReads();
    await within(
      () => second.services.getPublicForm("en", formId, false),
      (form) => form.event.title === "Renamed behind the caches",
    );
  });

  it("processes started together on an empty database migrate and seed it once (the start-up lock)", async () => {
    const name = `test_${randomBytes(6).toString("hex")}`;
    await admin((client) => client.query(`CREATE DATABASE ${name}`));
    const url = new URL(adminUrl ?? "");
    url.pathname = `/${name}`;
    try {
      const seeded: boolean[] = [];
      const opened = await Promise.all(
        [0, 1, 2].map(() =>
          openDatabase({
            databaseUrl: url.toString(),
            poolSize: 2,
            onPoolError: () => undefined,
            afterMigrations: async (db) => void seeded.push(await seedIfEmpty(db, new Date(), { demoData: false, demoAccounts: false })),
          }),
        ),
      );
      for (const handle of opened) await handle.close();
      expect(seeded.sort()).toEqual([false, false, true]);
    } finally {
      await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    }
  });
});
