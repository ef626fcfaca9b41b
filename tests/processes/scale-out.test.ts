import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenResponseSchema } from "../../core/contracts/auth";
import { publicFormResponseSchema } from "../../core/contracts/forms";
import { loginResponseSchema } from "../../core/contracts/second-factor";
import { staffEventResponseSchema } from "../../core/contracts/staff-catalogue";
import { ensureNginx } from "../../scripts/ensure-nginx";
import { freePort, startPostgresCluster, type PostgresCluster } from "../../scripts/postgres-cluster";
import { openDatabase, type DatabaseHandle } from "../../server/db/client";
import { totpCodeAt } from "../../server/auth/totp";
import { bookings, events, outboxEmails } from "../../server/db/schema";
import { demoAccounts, seedIds } from "../../server/db/seed";
import { outboxMessageId } from "../../server/email/email-worker";
import { seedIfEmpty } from "../../server/seed/seed-if-empty";
import { buy, planPages, type BuyerOutcome, type PagePlan } from "../support/http-buyer";
import { startS3Server, type S3TestServer } from "../support/s3-server";
import { nginxConfigForTest, scaleOutEnvironment } from "../support/scale-out-setup";
import { lastLines, startSiteProcess, type SiteProcess } from "../support/site-process";

/**
 * The way the site grows past one process (issue 15): Debian's nginx balancing three processes of the
 * compiled server on one PostgreSQL and one S3 server (s3rver), with a real SMTP peer. Each process has a data folder of its own,
 * so nothing may rely on a shared disk. A sale rush through nginx sells out without overselling while
 * one process is killed in the middle of it; no acknowledged booking is lost, no e-mail goes out twice,
 * and a rate limit earned through one process holds on the others.
 *
 * Needs `npm run build` first (scripts/test-all.ts runs this project after the build).
 */
const workDir = path.resolve(`.tmp/scale-out-${process.pid}-${Date.now()}`);
const eventId = seedIds.events.golfCircleTournament;
const formId = seedIds.forms.golfCircleTournament;
const capacity = 90;
const buyers = 120;
const concurrency = 12;
const mailFrom = "Scale-out test <bookings@scale-out.example>";

let cluster: PostgresCluster | undefined;
let database: DatabaseHandle | undefined;
let nginx: ChildProcess | undefined;
let balancer = "";
const sites: SiteProcess[] = [];
const received: { messageId: string; to: string; subject: string }[] = [];
let smtp: SMTPServer | undefined;
let s3: S3TestServer | undefined;

function startSmtpPeer(): Promise<number> {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, "im").exec(text)?.[1]?.trim() ?? "";
        received.push({ messageId: header("Message-ID"), to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(","), subject: header("Subject") });
        callback();
      });
    },
  });
  // A process killed in the middle of a delivery resets its connection: that is expected here.
  smtp.on("error", () => undefined);
  return new Promise((resolve) => smtp!.listen(0, "127.0.0.1", () => resolve((smtp!.server.address() as AddressInfo).port)));
}

function writeNginxConfig(port: number, upstreams: number[]): string {
  const file = path.join(workDir, "nginx.conf");
  writeFileSync(file, nginxConfigForTest({ workDir, listen: `127.0.0.1:${port}`, upstreams }));
  return file;
}

function startProcess(index: number, env: Record<string, string>): Promise<SiteProcess> {
  const dataDir = path.join(workDir, `process-${index}`);
  mkdirSync(dataDir, { recursive: true });
  return startSiteProcess({ env: { ...env, DATA_DIR: dataDir }, logFile: path.join(dataDir, "server.log"), port: sitePorts[index] });
}

const sitePorts: number[] = [];
let siteEnv: Record<string, string> = {};

beforeAll(async () => {
  mkdirSync(workDir, { recursive: true });
  const nginxBinary = ensureNginx();
  cluster = await startPostgresCluster(path.resolve(".tmp"));
  // Seeded before the processes start, with this test's capacity; their own seeding then leaves it alone.
  database = await openDatabase({ databaseUrl: cluster.url, poolSize: 3 });
  await seedIfEmpty(database.db, new Date());
  await database.db.update(events).set({ capacity, placesTaken: 0 }).where(eq(events.id, eventId));

  const smtpPort = await startSmtpPeer();
  s3 = await startS3Server("scale-out");
  const balancerPort = await freePort();
  balancer = `http://127.0.0.1:${balancerPort}`;
  for (let index = 0; index < 3; index += 1) sitePorts.push(await freePort());
  siteEnv = scaleOutEnvironment({
    databaseUrl: cluster.url,
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    publicUrl: balancer,
    mailFrom,
    s3: { ...s3.config, endpoint: s3.config.endpoint ?? "" },
  });
  sites.push(...(await Promise.all([0, 1, 2].map((index) => startProcess(index, siteEnv)))));
  nginx = spawn(nginxBinary, ["-c", writeNginxConfig(balancerPort, sitePorts), "-g", "daemon off;"], { stdio: ["ignore", "ignore", "pipe"] });
  for (let attempt = 0; ; attempt += 1) {
    const up = await fetch(`${balancer}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (attempt > 100) throw new Error(`nginx did not answer: ${lastLines(path.join(workDir, "nginx-error.log"), 10)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 180_000);

afterAll(async () => {
  nginx?.kill("SIGTERM");
  await Promise.all(sites.map((site) => site.stop(3000)));
  await database?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  await s3?.stop();
  cluster?.stop();
  if (process.env.SCALE_OUT_KEEP !== "1") rmSync(workDir, { recursive: true, force: true });
});

describe("three processes behind nginx on one PostgreSQL", () => {
  const completedCodes: string[] = [];
  const outcomes: BuyerOutcome[] = [];

  it("a sale rush through nginx sells out, oversells nothing and loses no acknowledged booking while a process is killed", async () => {
    const form = publicFormResponseSchema.parse(await (await fetch(`${balancer}/api/form/public/${formId}`)).json()).data;
    const pages: PagePlan[] = planPages(form);
    let next = 0;
    let killed = false;
    const victim = sites[2]!;
    async function buyer() {
      for (;;) {
        const index = next++;
        if (index >= buyers) return;
        // Every buyer from an address of their own, as through a real balancer.
        const address = `10.${Math.floor(index / 250)}.${index % 250}.${1 + (index % 7)}`;
        let outcome: BuyerOutcome;
        try {
          outcome = await buy({ origin: () => balancer, formId, pages, payment: "invoice", headers: { "x-forwarded-for": address } });
        } catch (error) {
          outcome = { kind: "error", key: "request failed", detail: String(error) };
        }
        outcomes.push(outcome);
        if (outcome.kind === "completed") completedCodes.push(outcome.code);
        // A third of the way in, one process dies without warning, requests in flight and all.
        if (!killed && outcomes.length >= buyers / 3) {
          killed = true;
          victim.kill();
        }
      }
    }
    await Promise.all(Array.from({ length: concurrency }, buyer));
    await victim.exited;

    const refused = outcomes.filter((outcome) => outcome.kind === "fully_booked").length;
    const failed = outcomes.filter((outcome) => outcome.kind === "error");
    const [event] = await database!.db.select().from(events).where(eq(events.id, eventId));
    const [held] = await database!.db
      .select({ bookings: sql<number>`count(*)::int`, places: sql<number>`coalesce(sum(${bookings.placesHeld}), 0)::int` })
      .from(bookings)
      .where(and(eq(bookings.eventId, eventId), gt(bookings.placesHeld, 0)));
    // Oversold: never. The counter and the bookings agree.
    expect(held!.places).toBeLessThanOrEqual(capacity);
    expect(event!.placesTaken).toBe(held!.places);
    // Every booking the site acknowledged is stored, with its code.
    const stored = await database!.db.select({ code: bookings.code }).from(bookings).where(inArray(bookings.code, completedCodes));
    expect(stored).toHaveLength(completedCodes.length);
    // A buyer may lose an answer when their request was on the killed process (nginx does not resend a
    // POST); that booking may or may not have been stored, but no more than the requests in flight.
    const logs = () => sites.map((site) => `${site.logFile}:\n${lastLines(site.logFile, 8)}`).join("\n");
    expect(failed.length, `${JSON.stringify(failed.slice(0, 3))}\n${logs()}`).toBeLessThanOrEqual(concurrency);
    expect(held!.bookings).toBeGreaterThanOrEqual(completedCodes.length);
    expect(held!.bookings - completedCodes.length).toBeLessThanOrEqual(failed.length);
    // Sold out: the buyers after the last place were told so, and no place was left while refusing.
    expect(refused).toBeGreaterThan(0);
    expect(held!.places).toBe(capacity);
    expect(completedCodes.length + refused + failed.length).toBe(buyers);
  }, 240_000);

  it("delivers every mail once by its Message-ID, although three processes deliver from one outbox; the killed one's claim is picked up when it expires", async () => {
    const storedBookings = await database!.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.eventId, eventId), gt(bookings.placesHeld, 0)));
    const unsent = () =>
      database!.db
        .select()
        .from(outboxEmails)
        .where(sql`${outboxEmails.status} <> 'sent'`);
    // Every mail is sent but the one (each worker claims one at a time) the killed process was holding:
    // that one waits, invisible to the others, until its claim runs out.
    const deadline = Date.now() + 60_000;
    let left = await unsent();
    while (!(left.length <= 1 && left.every((mail) => mail.attempts > 0 && mail.nextAttemptAt.getTime() > Date.now()))) {
      if (Date.now() > deadline) throw new Error(`${left.length} e-mails not sent, ${received.length} received`);
      await new Promise((resolve) => setTimeout(resolve, 250));
      left = await unsent();
    }
    // Let its claim run out now instead of in five minutes: a living process sends it.
    if (left.length)
      await database!.db
        .update(outboxEmails)
        .set({ nextAttemptAt: new Date() })
        .where(
          inArray(
            outboxEmails.id,
            left.map((mail) => mail.id),
          ),
        );
    const sentDeadline = Date.now() + 30_000;
    while ((await unsent()).length > 0 || received.length < storedBookings.length) {
      if (Date.now() > sentDeadline) throw new Error(`${(await unsent()).length} e-mails not sent after the claim ran out, ${received.length} received`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const sent = await database!.db.select({ id: outboxEmails.id, to: outboxEmails.toAddress }).from(outboxEmails).where(eq(outboxEmails.status, "sent"));
    // Each outbox mail arrived under its own Message-ID (the outbox row's id), to its own address.
    const arrived = new Map(received.map((mail) => [mail.messageId, mail.to]));
    expect(new Map(sent.map((mail) => [outboxMessageId(mail.id, mailFrom), mail.to]))).toEqual(arrived);
    // Delivery is at least once: the one mail the killed process held may have reached the SMTP peer
    // before the process died with it unmarked; sent again, it is the same message (same Message-ID).
    expect(received.length - arrived.size).toBeLessThanOrEqual(1);
    // Every stored booking of the rush had its buyer written to.
    const buyersWritten = new Set(received.filter((mail) => mail.to.startsWith("buyer-")).map((mail) => mail.to));
    expect(buyersWritten.size).toBe(storedBookings.length);
  }, 120_000);

  it("a login back-off earned through one process holds on every process and through nginx", async () => {
    const login = (origin: string) =>
      fetch(`${origin}/api/auth/public/login`, {
        method: "POST",
        headers: { "content-type": "application/json", "accept-language": "en", "x-forwarded-for": "192.0.2.44" },
        body: JSON.stringify({ email: "nobody-scale-out@example.test", password: "wrong-password" }),
      }).then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      });
    const [first, second] = sites;
    // Eight free failures per account and address, counted in the database, spread over two processes.
    for (let attempt = 0; attempt < 8; attempt += 1) expect(await login(attempt % 2 ? first!.origin : second!.origin)).toBe(401);
    expect(await login(first!.origin)).toBe(429);
    expect(await login(second!.origin)).toBe(429);
    expect(await login(balancer)).toBe(429);
  });

  it("an event image uploaded through one process is stored once in S3, served by every other, and shows in their cached lists at once", async () => {
    const [first, second] = sites;
    const publicImage = async (origin: string) => {
      const listed = (await (await fetch(`${origin}/api/public-events`, { headers: { "accept-language": "en" } })).json()) as {
        data: { uuid: string; image: { src: string } | null }[];
      };
      return listed.data.find((event) => event.uuid === eventId)?.image?.src ?? null;
    };
    // The second process has the list in its read cache, without the image.
    expect(await publicImage(second!.origin)).toBeNull();
    const post = (origin: string, url: string, body: unknown) =>
      fetch(`${origin}${url}`, { method: "POST", headers: { "content-type": "application/json", "accept-language": "en" }, body: JSON.stringify(body) });
    const login = loginResponseSchema.parse(
      await (await post(first!.origin, "/api/auth/public/login", { email: demoAccounts.staff.email, password: demoAccounts.staff.password })).json(),
    );
    if (!("second_factor" in login)) throw new Error("a staff login without its second factor");
    const code = await totpCodeAt(demoAccounts.staff.totpSecret, new Date());
    const tokens = tokenResponseSchema.parse(
      await (await post(first!.origin, "/api/auth/public/login/second-factor", { challenge: login.second_factor.challenge, code })).json(),
    );
    const picture = await sharp(Buffer.alloc(1200 * 750 * 3, 90), { raw: { width: 1200, height: 750, channels: 3 } })
      .jpeg()
      .toBuffer();
    const body = new FormData();
    body.append("image_alt.en", "A fairway at dawn");
    body.append("image_alt.de", "Ein Fairway im Morgenlicht");
    body.append("file", new Blob([new Uint8Array(picture)], { type: "image/jpeg" }), "dawn.jpg");
    const uploaded = await fetch(`${first!.origin}/api/staff/events/${eventId}/image`, {
      method: "POST",
      body,
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(uploaded.status).toBe(200);
    const image = staffEventResponseSchema.parse(await uploaded.json()).data.image!;
    expect((await s3!.keys("images/")).length).toBe(image.files.length);
    // No process keeps a copy of its own.
    for (const site of sites) expect(existsSync(path.join(path.dirname(site.logFile), "uploads", "images"))).toBe(false);
    const original = Buffer.from(await (await fetch(`${first!.origin}${image.src}`)).arrayBuffer());
    expect(original.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    for (const origin of [second!.origin, balancer]) {
      const served = await fetch(`${origin}${image.src}`);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/jpeg");
      expect(Buffer.from(await served.arrayBuffer())).toEqual(original);
    }
    // The write reached the second process's cache (LISTEN/NOTIFY), not its 10-minute expiry.
    await expect.poll(() => publicImage(second!.origin), { timeout: 2000, interval: 100 }).toBe(image.src);
  });

  it("a process that was killed comes back on the same database and serves the site again", async () => {
    sites[2] = await startProcess(2, siteEnv);
    const page = await fetch(`${sites[2].origin}/events`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Golf");
    expect(readFileSync(sites[2].logFile, "utf8")).not.toMatch(/"level":(50|60)/);
  });
});
