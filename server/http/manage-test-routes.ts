import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { addDays, operatorToday } from "../../core/domain/dates";
import { locales } from "../../core/i18n/locales";
import { manageLinkPath } from "../bookings/manage-links";
import type { Database } from "../db/client";
import { publishDraftAsVersion } from "../db/form-versions";
import { insertDemoEventCopy } from "../db/demo";
import { seedIds } from "../db/demo/ids";
import { randomHex } from "../db/factories/common";
import { siteSettings } from "../db/factories/site";
import { bookingEvents, bookings, eventPrices, events, formItems, participants, uploads, users } from "../db/schema";
import { issueInvoice } from "../invoices/issue-invoice";
import type { FileStore } from "../deps/file-store";

/**
 * End-to-end tests of "manage my booking" only (NODE_ENV=test, mounted by test-routes.ts): a booked
 * event of the test's own with its private link, and moving that event's days so that the later
 * details' deadline or the event's end passes without waiting (decision 023).
 */
export function createManageTestRoutes(options: {
  db: Database;
  now: () => Date;
  manageLinkSecret: string;
  invalidateReads?: () => void;
  /** Where `withUpload` puts its file (the server's upload store). */
  files?: FileStore | undefined;
}): Hono {
  const app = new Hono();
  const demoKeys = Object.keys(seedIds.events) as [keyof typeof seedIds.events, ...(keyof typeof seedIds.events)[]];
  const input = z.object({
    copyOf: z.enum(demoKeys),
    email: z.email(),
    locale: z.enum(locales),
    /** Attach the booking to this existing account (the dashboard's tests). */
    ownerEmail: z.email().optional(),
    /** Mark these items of the copied form (by their seed name, e.g. `intro_video`) "may be completed later". */
    laterItems: z.array(z.string().max(100)).max(10).optional(),
    /** Attach a small text file (`licence.txt`) to the booking, as if uploaded (the back office's download test). */
    withUpload: z.boolean().optional(),
    /** This many more confirmed bookings of the same event (main participant only, no invoice): the back office's paging test. */
    extraBookings: z.number().int().min(0).max(60).optional(),
  });

  /** A copy of a demo event with one confirmed invoice booking (main participant, one companion, invoice issued). */
  app.post("/manage-bookings", async (c) => {
    const parsed = input.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: "copyOf, email and locale are needed" }, 400);
    const { copyOf, email, locale, ownerEmail, laterItems = [], withUpload = false, extraBookings = 0 } = parsed.data;
    if (withUpload && !options.files) return c.json({ error: "the server has no upload store" }, 400);
    const now = options.now();
    // The file is written before the transaction; its row is inserted inside it, with the booking.
    const upload = withUpload && options.files ? { id: randomUUID(), storageKey: randomUUID(), body: "Licence no. 4711, valid until 2030.\n" } : null;
    if (upload && options.files) {
      await options.files.putBytes(upload.storageKey, Buffer.from(upload.body));
    }
    const created = await options.db.transaction(async (tx) => {
      const inserted = await insertDemoEventCopy(tx, copyOf, now, siteSettings);
      const [price] = await tx
        .select({ cents: eventPrices.amountCents })
        .from(eventPrices)
        .where(and(eq(eventPrices.eventId, inserted.eventId), eq(eventPrices.kind, "participant")))
        .limit(1);
      // The booking's price as the price list makes it: the main participant and the non-playing companion.
      const [companionPrice] = await tx
        .select({ cents: eventPrices.amountCents })
        .from(eventPrices)
        .where(and(eq(eventPrices.eventId, inserted.eventId), eq(eventPrices.kind, "companion"), eq(eventPrices.key, "non_playing")))
        .limit(1);
      const laterIds = laterItems.flatMap((name) => inserted.itemIds.get(name) ?? []);
      if (laterIds.length > 0) {
        await tx
          .update(formItems)
          .set({ options: sql`${formItems.options} || ${JSON.stringify({ completableLater: true })}::jsonb` })
          .where(inArray(formItems.id, laterIds));
      }
      // The changed items are published, as the back office would (decision 036).
      const { version } = await publishDraftAsVersion(tx, inserted.formId, null, now);
      const [owner] = ownerEmail ? await tx.select({ id: users.id }).from(users).where(eq(users.email, ownerEmail)).limit(1) : [];
      const totalCents = (price?.cents ?? 10_000) + (companionPrice?.cents ?? 0);
      const bookingId = randomUUID();
      const code = `MB-${randomHex(3).toUpperCase()}`;
      const answer = (name: string, value: unknown) => {
        const id = inserted.itemIds.get(name);
        return id ? { [id]: value } : {};
      };
      await tx.insert(bookings).values({
        id: bookingId,
        code,
        formId: inserted.formId,
        formVersionId: version.id,
        eventId: inserted.eventId,
        userId: owner?.id ?? null,
        tokenHash: randomHex(32),
        status: "confirmed",
        locale,
        currentPage: 3,
        answers: {
          ...answer("main.forename", "Mara"),
          ...answer("main.surname", "Łukasiewicz-Öztürk"),
          ...answer("main.email", email),
          ...answer("main.city", "München"),
          ...answer("golf.handicap", "hcp_0_18"),
          ...answer("payment_option", "invoice"),
        },
        termsAcceptedAt: now,
        paymentOption: "invoice",
        placesHeld: 2,
        eventPriceCents: price?.cents ?? 10_000,
        totalCents,
        depositCents: totalCents,
        remainderCents: 0,
        // Paid by transfer: the whole amount is due by the transfer's date (decision 067), as submitDraft sets it.
        depositDueOn: addDays(operatorToday(now), siteSettings.bankTransferDueDays),
        submittedAt: now,
      });
      await tx.insert(participants).values([
        { bookingId, role: "main", position: 0, salutation: "mrs", forename: "Mara", surname: "Łukasiewicz-Öztürk", email, city: "München", country: "DE" },
        { bookingId, role: "companion", companionType: "non_playing", position: 1, forename: "Jonas", surname: "Berg" },
      ]);
      // The audit row submitDraft would have written for an invoice booking confirmed at once.
      await tx.insert(bookingEvents).values({
        bookingId,
        fromStatus: "draft",
        toStatus: "confirmed",
        cause: "submitted paying by invoice",
        details: { event: "submitted_confirmed" },
        at: now,
      });
      if (upload) {
        await tx.insert(uploads).values({
          id: upload.id,
          bookingId,
          storageKey: upload.storageKey,
          originalName: "licence.txt",
          mediaType: "text/plain",
          sizeBytes: Buffer.byteLength(upload.body),
        });
      }
      const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
      if (row) await issueInvoice(tx, row, now);
      for (let number = 1; number <= extraBookings; number += 1) {
        const extraId = randomUUID();
        await tx.insert(bookings).values({
          id: extraId,
          code: `MB-${randomHex(3).toUpperCase()}`,
          formId: inserted.formId,
          formVersionId: version.id,
          eventId: inserted.eventId,
          tokenHash: randomHex(32),
          status: "confirmed",
          locale,
          currentPage: 3,
          answers: {},
          termsAcceptedAt: now,
          paymentOption: "invoice",
          placesHeld: 1,
          eventPriceCents: price?.cents ?? 10_000,
          totalCents: price?.cents ?? 10_000,
          depositCents: price?.cents ?? 10_000,
          remainderCents: 0,
          depositDueOn: addDays(operatorToday(now), siteSettings.bankTransferDueDays),
          // A second apart, oldest first, so that every sort has one answer.
          submittedAt: new Date(now.getTime() - number * 1000),
        });
        await tx
          .insert(participants)
          .values({ bookingId: extraId, role: "main", position: 0, forename: "Guest", surname: `Number ${number}`, email: `guest-${number}-${email}` });
      }
      return {
        eventUuid: inserted.eventId,
        formUuid: inserted.formId,
        bookingUuid: bookingId,
        code,
        itemUuids: Object.fromEntries(inserted.itemIds),
        uploadUuid: upload?.id ?? null,
      };
    });
    options.invalidateReads?.();
    const managePath = manageLinkPath(options.manageLinkSecret, { id: created.bookingUuid, manageLinkGeneration: 0, locale });
    return c.json({ ...created, managePath }, 201);
  });

  /** The event now starts `startsInDays` from today and lasts `days` days (negative: it is over). */
  app.post("/events/:uuid/move", async (c) => {
    const eventId = c.req.param("uuid");
    const move = z
      .object({ startsInDays: z.number().int().min(-400).max(400), days: z.number().int().min(1).max(10) })
      .safeParse(await c.req.json().catch(() => null));
    if (!/^[0-9a-f-]{36}$/i.test(eventId) || !move.success) return c.json({ moved: false }, 400);
    const startsOn = addDays(operatorToday(options.now()), move.data.startsInDays);
    const moved = await options.db
      .update(events)
      .set({ startsOn, endsOn: addDays(startsOn, move.data.days - 1), registrationDeadline: null })
      .where(eq(events.id, eventId))
      .returning({ id: events.id });
    options.invalidateReads?.();
    return c.json({ moved: moved.length === 1, startsOn }, moved.length ? 200 : 404);
  });

  return app;
}
