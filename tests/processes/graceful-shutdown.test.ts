import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, expect, it } from "vitest";
import { freePort } from "../../scripts/postgres-cluster";
import { seedIds } from "../../server/db/seed";
import { spawnCompiledServer } from "../support/site-process";

/**
 * SIGTERM while bookings are being opened (decision 047): every request answered 2xx is in the
 * database, nothing else is, requests after the signal are refused (503 or no connection) rather
 * than half-done, and the process exits 0 on its own although the client keeps connections alive.
 */
const parent = mkdtempSync(path.join(tmpdir(), "graceful-shutdown-"));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

type Outcome = { kind: "ok"; uuid: string; afterSignal: boolean } | { kind: "refused"; status: number | null; afterSignal: boolean };

it("finishes the requests under way on SIGTERM, refuses new ones, and exits 0", async () => {
  const dataDir = path.join(parent, "data");
  const port = await freePort();
  // The compiled server as production runs it (`npm run build` first): one process, the one signalled.
  const {
    child: server,
    exited,
    output: printed,
  } = spawnCompiledServer({
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    DRAFTS_PER_CLIENT_PER_HOUR: "100000",
    SHUTDOWN_GRACE_SECONDS: "10",
  });
  try {
    const origin = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 90_000;
    let up = false;
    while (!up && Date.now() < deadline && server.exitCode === null) {
      up = await fetch(`${origin}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (!up) await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect({ up, output: up ? "" : printed() }).toEqual({ up: true, output: "" });
    const startedAt = new Date(Date.now() - 1000);

    let signalled = false;
    let signalledAt = 0;
    let successes = 0;
    let pending = 0;
    let inFlightAtSignal = 0;
    const outcomes: Outcome[] = [];
    // Each call opens a booking draft: a write whose answer carries the new booking's uuid.
    async function openDraft(): Promise<Outcome> {
      pending += 1;
      // Whether the signal had been sent when the answer (or the refusal) came.
      try {
        const response = await fetch(`${origin}/api/booking/public/${seedIds.forms.golfYogaTrip}`);
        if (!response.ok) return { kind: "refused", status: response.status, afterSignal: signalled };
        const body = (await response.json()) as { data: { uuid: string } };
        return { kind: "ok", uuid: body.data.uuid, afterSignal: signalled };
      } catch {
        return { kind: "refused", status: null, afterSignal: signalled };
      } finally {
        pending -= 1;
      }
    }
    // Eight clients in a loop over kept-alive connections; the signal comes after the tenth booking.
    const clients = Array.from({ length: 8 }, async () => {
      for (let attempt = 0; attempt < 40; attempt += 1) {
        const outcome = await openDraft();
        outcomes.push(outcome);
        if (outcome.kind === "ok" && ++successes === 10 && !signalled) {
          signalled = true;
          signalledAt = Date.now();
          inFlightAtSignal = pending;
          server.kill("SIGTERM");
        }
        // Once the server is gone, one refusal per client is enough.
        if (outcome.kind === "refused" && outcome.status === null) return;
      }
    });
    await Promise.all(clients);
    const exit = await exited;
    expect({ exit, output: exit.code === 0 ? "" : printed() }).toEqual({ exit: { code: 0, signal: null }, output: "" });
    // Requests were under way when the signal came, and kept-alive connections did not hold the
    // process for the whole grace period.
    expect(inFlightAtSignal).toBeGreaterThan(0);
    expect(Date.now() - signalledAt).toBeLessThan(8000);

    const booked = outcomes.flatMap((outcome) => (outcome.kind === "ok" ? [outcome.uuid] : []));
    const refusals = outcomes.filter((outcome) => outcome.kind === "refused");
    expect(booked.length).toBeGreaterThanOrEqual(10);
    expect(refusals.length).toBeGreaterThan(0);
    // Refused means 503 from a draining server or no connection at all; never an error half-way.
    for (const refusal of refusals) expect([503, null]).toContain(refusal.kind === "refused" ? refusal.status : "ok");
    // Nothing was refused before the signal, and requests under way then were answered after it.
    expect(refusals.every((refusal) => refusal.afterSignal)).toBe(true);
    expect(outcomes.some((outcome) => outcome.kind === "ok" && outcome.afterSignal)).toBe(true);

    // The database, opened after the process has closed it: exactly the answered drafts were kept.
    const database = new PGlite(path.join(dataDir, "db"));
    try {
      const rows = await database.query<{ id: string }>("select id from bookings where created_at >= $1", [startedAt]);
      expect(rows.rows.map((row) => row.id).sort()).toEqual([...booked].sort());
    } finally {
      await database.close();
    }
  } finally {
    if (server.exitCode === null) server.kill("SIGKILL");
  }
}, 150_000);
