import { randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { Database } from "../db/client";
import { insertDemoEventCopy } from "../db/demo";
import { seedIds } from "../db/demo/ids";
import { insertAccount } from "../db/factories/accounts";
import { siteSettings } from "../db/factories/site";
import { newTotpSecret } from "../auth/totp";
import { bookings, events, jobs, vouchers } from "../db/schema";
import { expireHoldJob } from "../bookings/submit-booking";
import { offerFreedPlaces } from "../bookings/waitlist-offers";
import { balanceDueJob } from "../payments/balance-due";
import type { FileStore } from "../deps/file-store";
import { createManageTestRoutes } from "./manage-test-routes";
import { sendOpeningNoticesJob } from "../catalog/opening-notices";
import { defaultLocale, locales } from "../../core/i18n/locales";
import { addDays, operatorToday } from "../../core/domain/dates";

/**
 * End-to-end tests only (mounted when NODE_ENV=test, never in production or development): lets a
 * browser test make time pass for one booking instead of waiting for it. Other tests running on the
 * same server at the same time are not touched, which a shifted server clock could not promise.
 */
export function createTestRoutes(options: {
  db: Database;
  now: () => Date;
  runJobsNow: () => Promise<unknown>;
  publicOrigin: string;
  /** Forgets the public reads, so a test's new event is found at once rather than after the cache's few seconds. */
  invalidateReads?: () => void;
  /** Signs the manage links the "manage my booking" test routes hand out (manage-test-routes.ts). */
  manageLinkSecret?: string;
  /** The server's upload store, where a test booking's file is put (manage-test-routes.ts `withUpload`). */
  files?: FileStore;
}): Hono {
  const app = new Hono();
  if (options.manageLinkSecret) app.route("/", createManageTestRoutes({ ...options, manageLinkSecret: options.manageLinkSecret }));

  /**
   * A staff or admin account of the test's own with its authenticator on (the secret in the demo
   * form, which only a server outside production reads) or, `enrolled: false`, still to enrol. A
   * fresh account per test keeps parallel tests clear of the one-code-per-30-seconds rule (decision 027).
   */
  app.post("/staff-members", async (c) => {
    const input = z
      .object({ role: z.enum(["staff", "admin"]).default("staff"), enrolled: z.boolean().default(true), locale: z.enum(locales).default(defaultLocale) })
      .safeParse(await c.req.json().catch(() => ({})));
    if (!input.success) return c.json({ error: "role staff|admin, enrolled, locale" }, 400);
    const { role, enrolled, locale } = input.data;
    const email = `${role}-${randomUUID().slice(0, 8)}@staff.example`;
    const password = "Staff-member-2026";
    const totpSecret = enrolled ? newTotpSecret() : null;
    const name = role === "admin" ? "Anna Admin" : "Sven Staff";
    await options.db.transaction((tx) =>
      insertAccount(tx, { email, password, name, role, ...(totpSecret ? { totpSecret } : {}) }, { locale, verifiedAt: options.now() }),
    );
    return c.json({ email, password, totpSecret, name }, 201);
  });

  /**
   * A fresh event of the test's own, built by the data factories as a copy of one demo event (same
   * texts, prices and form; new ids; the fully booked final with its bookings). Browser tests book,
   * fill and change it without touching the demo events or each other (decision 019).
   */
  const newEventInput = z.object({
    copyOf: z.enum(Object.keys(seedIds.events) as [keyof typeof seedIds.events, ...(keyof typeof seedIds.events)[]]),
    /** A category of the test's own (made through the staff API), instead of the demo event's. */
    categoryId: z.number().int().positive().optional(),
  });
  app.post("/events", async (c) => {
    const input = newEventInput.safeParse(await c.req.json().catch(() => null));
    if (!input.success) return c.json({ error: "copyOf names no demo event" }, 400);
    const { copyOf, categoryId } = input.data;
    const inserted = await options.db.transaction(async (tx) => {
      const copy = await insertDemoEventCopy(tx, copyOf, options.now(), siteSettings);
      if (categoryId !== undefined) await tx.update(events).set({ categoryId }).where(eq(events.id, copy.eventId));
      return copy;
    });
    options.invalidateReads?.();
    return c.json({ eventUuid: inserted.eventId, formUuid: inserted.formId }, 201);
  });

  /** A discount code of the test's own (decision 079): an amount off, for every event, no limits. */
  const newVoucherInput = z.object({ code: z.string().regex(/^[A-Z0-9-]{3,32}$/), amountCents: z.number().int().positive() });
  app.post("/vouchers", async (c) => {
    const input = newVoucherInput.safeParse(await c.req.json().catch(() => null));
    if (!input.success) return c.json({ error: "a code and an amount" }, 400);
    await options.db.insert(vouchers).values({ code: input.data.code, discountKind: "amount", discountValue: input.data.amountCents });
    return c.json({ code: input.data.code }, 201);
  });

  /** The booking's hold runs out now; the durable expiry job runs as it would at that time. */
  app.post("/bookings/:uuid/expire-hold", async (c) => {
    const bookingId = c.req.param("uuid");
    if (!/^[0-9a-f-]{36}$/i.test(bookingId)) return c.json({ expired: false }, 404);
    const at = options.now();
    const moved = await options.db.transaction(async (tx) => {
      const [held] = await tx
        .update(bookings)
        .set({ holdExpiresAt: at })
        .where(and(eq(bookings.id, bookingId), eq(bookings.status, "submitted")))
        .returning({ id: bookings.id });
      if (!held) return false;
      await tx
        .update(jobs)
        .set({ runAt: at })
        .where(and(eq(jobs.kind, expireHoldJob), isNull(jobs.doneAt), eq(jobs.payload, { bookingId })));
      return true;
    });
    if (!moved) return c.json({ expired: false }, 404);
    await options.runJobsNow();
    const [row] = await options.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId));
    return c.json({ expired: row?.status === "expired", status: row?.status ?? null });
  });

  /** The booking's balance falls due now: its pending balance-due job runs as it would on the due date. */
  app.post("/bookings/:uuid/balance-due", async (c) => {
    const bookingId = c.req.param("uuid");
    if (!/^[0-9a-f-]{36}$/i.test(bookingId)) return c.json({ scheduled: false }, 404);
    const moved = await options.db
      .update(jobs)
      .set({ runAt: options.now() })
      .where(and(eq(jobs.kind, balanceDueJob), isNull(jobs.doneAt), eq(jobs.payload, { bookingId })))
      .returning({ id: jobs.id });
    if (!moved.length) return c.json({ scheduled: false }, 404);
    await options.runJobsNow();
    return c.json({ scheduled: true });
  });

  /**
   * Places free up on a fully booked event (as when the operator adds places), and the waitlist gets
   * its offers in the same transaction, as a released hold does. Answers how many entries were offered.
   */
  app.post("/events/:uuid/add-places", async (c) => {
    const eventId = c.req.param("uuid");
    const places = Number(c.req.query("places") ?? "1");
    if (!/^[0-9a-f-]{36}$/i.test(eventId) || !Number.isInteger(places) || places < 1 || places > 20) return c.json({ offered: 0 }, 400);
    const offers = await options.db.transaction(async (tx) => {
      const updated = await tx
        .update(events)
        .set({ capacity: sql`${events.capacity} + ${places}` })
        .where(eq(events.id, eventId))
        .returning({ id: events.id });
      if (!updated.length) return null;
      return offerFreedPlaces(tx, eventId, options.now(), { publicOrigin: options.publicOrigin });
    });
    if (!offers) return c.json({ offered: 0 }, 404);
    options.invalidateReads?.();
    return c.json({ offered: offers.length });
  });

  /** The event's bookings open now: its "notify me" job runs as it would at the opening (decision 024). */
  /** The event moves to start `days` days from today (its length kept): a booking's days before the event change as time passing would change them. */
  app.post("/events/:uuid/starts-in", async (c) => {
    const eventId = c.req.param("uuid");
    const days = Number(c.req.query("days") ?? "");
    if (!/^[0-9a-f-]{36}$/i.test(eventId) || !Number.isInteger(days) || days < 1 || days > 700) return c.json({ moved: false }, 400);
    const [event] = await options.db.select({ startsOn: events.startsOn, endsOn: events.endsOn }).from(events).where(eq(events.id, eventId));
    if (!event) return c.json({ moved: false }, 404);
    const startsOn = addDays(operatorToday(options.now()), days);
    const length = Math.round((Date.parse(event.endsOn) - Date.parse(event.startsOn)) / 86_400_000);
    await options.db.update(events).set({ startsOn, endsOn: addDays(startsOn, length) }).where(eq(events.id, eventId));
    options.invalidateReads?.();
    return c.json({ moved: true, startsOn });
  });

  app.post("/events/:uuid/open-bookings", async (c) => {
    const eventId = c.req.param("uuid");
    if (!/^[0-9a-f-]{36}$/i.test(eventId)) return c.json({ opened: false }, 404);
    const at = options.now();
    const opened = await options.db.transaction(async (tx) => {
      const updated = await tx
        .update(events)
        .set({ bookableFrom: new Date(at.getTime() - 1000) })
        .where(eq(events.id, eventId))
        .returning({ id: events.id });
      if (!updated.length) return false;
      await tx
        .update(jobs)
        .set({ runAt: at })
        .where(and(eq(jobs.kind, sendOpeningNoticesJob), isNull(jobs.doneAt), eq(jobs.payload, { eventId })));
      return true;
    });
    if (!opened) return c.json({ opened: false }, 404);
    options.invalidateReads?.();
    await options.runJobsNow();
    return c.json({ opened: true });
  });

  return app;
}
