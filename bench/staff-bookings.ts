/**
 * The staff desk's booking list at 100,000 bookings (decision 028), in embedded PGlite. Inserts
 * 100,000 submitted bookings (and 10,000 drafts the list must skip) with one INSERT … SELECT over
 * generate_series each, then for each search, filter and sort prints:
 *   - the plan's facts: which indexes the page query and the count query read, and whether any
 *     table is read whole (a Seq Scan of bookings or participants is a miss);
 *   - timings as ratios, never as absolute goals: the page query of page 1000 against page 1 (and
 *     of a search's last page against its first), and each filtered list (page and count, as the
 *     route answers it) against the unfiltered one, each beside its goal.
 *
 *   npm run bench:staff-bookings      (STAFF_BENCH_BOOKINGS=100000 STAFF_BENCH_RUNS=11 to change it)
 */
import { performance } from "node:perf_hooks";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { staffBookingsQuerySchema, type StaffBookingsQuery } from "../core/contracts/staff-bookings";
import { openDatabase } from "../server/db/client";
import { seedIds } from "../server/db/seed";
import { seedIfEmpty } from "../server/seed/seed-if-empty";
import { listStaffBookings, staffBookingsCountQuery, staffBookingsPageQuery } from "../server/staff/bookings/list-staff-bookings";

const total = Number(process.env.STAFF_BENCH_BOOKINGS ?? 100_000);
const runs = Number(process.env.STAFF_BENCH_RUNS ?? 11);
const drafts = Math.round(total / 10);

const client = new PGlite();
const database = await openDatabase({ pglite: client });
const { db } = database;
await seedIfEmpty(db, new Date(), { demoData: true, demoAccounts: false });

const countRows = async (where: string) =>
  Number((await client.query<{ n: string | number }>(`SELECT count(*) AS n FROM bookings WHERE ${where}`)).rows[0]?.n ?? 0);
const demoBookings = await countRows("status <> 'draft'");
const eventIds = Object.values(seedIds.events);
const formIds = Object.values(seedIds.forms);
const array = (values: readonly string[]) => sql.raw(`ARRAY[${values.map((value) => `'${value}'`).join(",")}]`);

console.log(`\nStaff bookings list: inserting ${total.toLocaleString("en")} bookings (+${drafts.toLocaleString("en")} drafts) into PGlite…`);
let started = performance.now();
// One statement per table: the i-th booking's event, status, payment, money and submission follow from i.
await db.execute(sql`
  INSERT INTO bookings (id, code, form_id, event_id, token_hash, status, locale, payment_option, total_cents, paid_cents, sma_status, submitted_at)
  SELECT
    md5('booking' || i)::uuid,
    CASE WHEN i <= ${total} THEN 'BN-' || lpad(i::text, 6, '0') END,
    (${array(formIds)}::uuid[])[1 + i % ${formIds.length}],
    (${array(eventIds)}::uuid[])[1 + i % ${eventIds.length}],
    md5('token' || i),
    (CASE WHEN i > ${total} THEN 'draft' ELSE (ARRAY['confirmed','confirmed','confirmed','paid','paid','awaiting_payment','in_review','cancelled','expired','rejected'])[1 + i % 10] END)::booking_status,
    (ARRAY['en','de'])[1 + i % 2]::locale,
    (ARRAY['credit_card','credit_card','invoice','sma'])[1 + i % 4]::payment_option,
    10000 + (i * 37) % 90000,
    CASE i % 5 WHEN 0 THEN 0 WHEN 1 THEN 2500 WHEN 2 THEN 10000 + (i * 37) % 90000 WHEN 3 THEN 5000 ELSE 0 END,
    (CASE WHEN i % 4 = 3 THEN 'requested' ELSE 'none' END)::sma_status,
    CASE WHEN i <= ${total} THEN timestamptz '2026-01-01 00:00:00+00' + (i * interval '5 minutes') END
  FROM generate_series(1, ${total + drafts}) AS i`);
await db.execute(sql`
  INSERT INTO participants (booking_id, role, position, forename, surname, email, phone)
  SELECT md5('booking' || i)::uuid, 'main', 0,
    (ARRAY['Anna','Bernd','Carla','Dieter','Eva','Felix','Greta','Hans','Ines','Jonas'])[1 + i % 10],
    (ARRAY['Müller','Schmidt','Schneider','Fischer','Weber','Meyer','Wagner','Becker','Schulz','Hoffmann'])[1 + (i / 10) % 10] || '-' || i,
    'person' || i || '@example.org',
    '+49 ' || (1500000000 + i)::text
  FROM generate_series(1, ${total + drafts}) AS i`);
await db.execute(sql`
  INSERT INTO participants (booking_id, role, companion_type, position, forename, surname)
  SELECT md5('booking' || i)::uuid, 'companion', 'non_playing', 1, 'Guest', 'Companion-' || i
  FROM generate_series(1, ${total + drafts}, 3) AS i`);
// As autovacuum leaves a table that has settled: statistics, and the visibility map index-only scans need.
await db.execute(sql`VACUUM ANALYZE`);
console.log(`  inserted in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);

const staff = { user: { userId: "00000000-0000-4000-8000-000000000000", role: "staff" as const, sessionId: "bench" } };
const queryOf = (params: Record<string, string>) => staffBookingsQuerySchema.parse(params);

type PlanNode = { "Node Type": string; "Index Name"?: string; "Relation Name"?: string; Plans?: PlanNode[] };
function planFacts(node: PlanNode, facts = { indexes: new Set<string>(), seqScans: new Set<string>() }) {
  if (node["Index Name"]) facts.indexes.add(node["Index Name"]);
  if (node["Node Type"] === "Seq Scan" && node["Relation Name"]) facts.seqScans.add(node["Relation Name"]);
  for (const child of node.Plans ?? []) planFacts(child, facts);
  return facts;
}
async function explain(query: { toSQL: () => { sql: string; params: unknown[] } }) {
  const { sql: text, params } = query.toSQL();
  const result = await client.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) ${text}`, params);
  const plan = result.rows[0]?.["QUERY PLAN"][0]?.Plan;
  if (!plan) throw new Error("EXPLAIN answered no plan");
  return planFacts(plan);
}

/** The median of `runs` calls of the service the route calls (page and count), after one warm-up. */
async function median(query: StaffBookingsQuery): Promise<{ ms: number; total: number }> {
  let counted = 0;
  const times: number[] = [];
  for (let run = 0; run <= runs; run += 1) {
    started = performance.now();
    const page = await listStaffBookings({ db }, staff, { query, locale: "en" });
    if (run > 0) times.push(performance.now() - started);
    counted = page.meta.total;
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)] ?? 0, total: counted };
}

const cases: { name: string; params: Record<string, string> }[] = [
  { name: "no filter, newest first (default)", params: {} },
  { name: "search: exact code", params: { q: "bn-054321" } },
  { name: "search: name prefix", params: { q: "Carla Mül" } },
  { name: "search: surname prefix", params: { q: "Weber-123" } },
  { name: "search: e-mail prefix", params: { q: "person4242" } },
  { name: "search: phone prefix", params: { q: "+49 15000 4242" } },
  { name: "filter: event", params: { event: seedIds.events.golfYogaTrip } },
  { name: "filter: one status", params: { status: "in_review" } },
  { name: "filter: two statuses", params: { status: "paid,cancelled" } },
  { name: "filter: payment option", params: { payment: "invoice" } },
  { name: "filter: payment state", params: { payment: "partial" } },
  { name: "filter: submitted from/to (a week)", params: { from: "2026-03-01", to: "2026-03-07" } },
  { name: "filter: event + status + payment", params: { event: seedIds.events.trackDayTwoDays, status: "confirmed", payment: "credit_card" } },
  { name: "sort: oldest first", params: { sort: "submitted_asc" } },
  { name: "sort: code", params: { sort: "code_asc" } },
  { name: "sort: name", params: { sort: "name_asc" } },
  { name: "sort: total, highest first", params: { sort: "total_desc" } },
];

const pad = (text: string, width: number) => text.padEnd(width);
const tables = (names: Set<string>) => [...names].join(", ") || "none";
console.log(`${pad("query", 40)}${pad("rows", 9)}${pad("× unfiltered", 14)}${pad("page query reads", 70)}count query reads`);
// Measured twice: the first run also warms up the code paths every later query shares.
await median(queryOf({}));
const baseline = await median(queryOf({}));
let misses = 0;
for (const { name, params } of cases) {
  const query = queryOf(params);
  const [page, count] = await Promise.all([explain(staffBookingsPageQuery(db, query)), explain(staffBookingsCountQuery(db, query))]);
  const timing = await median(query);
  const seq = new Set([...page.seqScans, ...count.seqScans].filter((table) => table === "bookings" || table === "participants"));
  if (seq.size > 0) misses += 1;
  const reads = `${tables(page.indexes)}${page.seqScans.size ? ` + SEQ SCAN ${tables(page.seqScans)}` : ""}`;
  const countReads = `${tables(count.indexes)}${count.seqScans.size ? ` + SEQ SCAN ${tables(count.seqScans)}` : ""}`;
  console.log(
    `${pad(name, 40)}${pad(timing.total.toLocaleString("en"), 9)}${pad(`${(timing.ms / baseline.ms).toFixed(2)}×`, 14)}${pad(reads, 70)}${countReads}`,
  );
}

/** The page query alone (the count is the same for every page of a list): its median of `runs` after a warm-up. */
async function pageMedian(query: StaffBookingsQuery): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run <= runs; run += 1) {
    started = performance.now();
    await staffBookingsPageQuery(db, query);
    if (run > 0) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}
const first = await pageMedian(queryOf({ page: "1" }));
const thousandth = await pageMedian(queryOf({ page: "1000" }));
const searched = await median(queryOf({ q: "person1" }));
const searchFirst = await pageMedian(queryOf({ q: "person1", page: "1" }));
const searchLast = await pageMedian(queryOf({ q: "person1", page: String(Math.max(1, Math.ceil(searched.total / 50))) }));
const draftRows = await countRows("status = 'draft'");

console.log(
  `\n  bookings listed (no filter)       ${baseline.total.toLocaleString("en")}   (goal: ${(total + demoBookings).toLocaleString("en")}, with the demo's ${demoBookings}; the ${draftRows.toLocaleString("en")} drafts never listed)`,
);
console.log(`  queries reading a table whole     ${misses} of ${cases.length}   (goal: 0; every filter, search and sort served by an index)`);
console.log(`  page 1000 / page 1 (no filter)    ${(thousandth / first).toFixed(1)}×   (goal: < 5×; the skipped rows are index entries only, decision 028)`);
console.log(`  last / first page of a search     ${(searchLast / searchFirst).toFixed(1)}×   (goal: < 5×; ${searched.total.toLocaleString("en")} matches)`);
console.log(`  slowest filter / no filter        see "× unfiltered" above   (goal: each ≤ 1.5×; a filter narrows what is counted)\n`);
await database.close();
if (misses > 0) process.exitCode = 1;
