/**
 * The demo site's sample data on top of what every installation gets (site settings, legal pages):
 * categories, the seven events with their forms, the bookings that fill the final, the demo logins
 * with the customer's past booking, and the guest voices. Never seeded in production (seed.ts).
 * The seed (server/seed/demo-data.ts) writes the catalogue through the back office's verbs; what
 * customers do (bookings, accounts) and what has no back-office verb (guest voices) is made here by
 * the factories (decision 043).
 */
import { operatorToday } from "../../../core/domain/dates";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Transaction } from "../client";
import { latestFormVersion } from "../form-versions";
import { insertAccount } from "../factories/accounts";
import { insertConfirmedInvoiceBooking, placesOf } from "../factories/bookings";
import { randomHex, shiftDays } from "../factories/common";
import type { InsertedEvent } from "../factories/events";
import { insertEvent } from "../factories/events";
import { formPageOrder } from "../factories/forms";
import type { SiteSettings } from "../factories/site";
import { issueInvoice } from "../../invoices/issue-invoice";
import { bookings, eventCategoryTranslations, events, experiences, participants, payments } from "../schema";
import { demoCategories, finalParties, sampleEvents, type DemoEventSeed } from "./events";
import { experienceSeeds } from "./experiences";
import { seedIds } from "./ids";

/**
 * Demo logins (PRODUCT.md "Sample data"), printed at start-up outside production. The customer is
 * the guest of the first final booking, so the dashboard shows an upcoming booking, and a past one
 * at the season opener.
 */
export const demoAccounts = {
  // Staff log in with a second factor: these keys go into an authenticator app (printed at start-up, decision 027).
  staff: {
    email: "staff@trackside-fairway.example",
    password: "Staff-demo-2026",
    name: "Katharina Brandl",
    role: "staff" as const,
    totpSecret: "KRUGKIDROVUWG2ZAMJZG653OEBTG66BA",
  },
  admin: {
    email: "admin@trackside-fairway.example",
    password: "Admin-demo-2026",
    name: "Jonas Reiter",
    role: "admin" as const,
    totpSecret: "IFSG22LOEBSGK3LPEBZWKY3SMV2CAMJS",
  },
  customer: { email: "stefan.hofmann@example.com", password: "Fairway-demo-2026", name: "Stefan Hofmann", role: "customer" as const },
};
const pastBookingCode = "GC-P4ST26";

/** The confirmed bookings that fill the final, and the places they hold (customers' actions: factory-made). */
export async function insertFinalBookings(tx: Transaction, event: DemoEventSeed, inserted: InsertedEvent, now: Date, site: SiteSettings): Promise<void> {
  for (const party of finalParties) await insertConfirmedInvoiceBooking(tx, { event, inserted, party, now, site });
  await tx
    .update(events)
    .set({ placesTaken: sql`${events.placesTaken} + ${placesOf(finalParties)}` })
    .where(eq(events.id, inserted.eventId));
}

/** The guest voices of the home page: no back-office verb writes them. */
export async function insertExperiences(tx: Transaction): Promise<void> {
  await tx.insert(experiences).values(experienceSeeds);
}

/** The demo logins, and the customer's past booking at the opener with its invoice and payment. */
export async function insertDemoAccounts(tx: Transaction, opener: DemoEventSeed, now: Date): Promise<void> {
  const verifiedAt = shiftDays(now, -120);
  await insertAccount(tx, demoAccounts.staff, { locale: "de", verifiedAt });
  await insertAccount(tx, demoAccounts.admin, { locale: "en", verifiedAt });
  const customerId = await insertAccount(tx, demoAccounts.customer, { locale: "de", verifiedAt });
  await tx
    .update(bookings)
    .set({ userId: customerId })
    .where(eq(bookings.code, finalParties[0]?.code ?? ""));

  const companion = opener.companions.find((offer) => offer.type === "golf_playing");
  const companionTotalCents = companion?.cents ?? 0;
  const totalCents = opener.participantCents + companionTotalCents;
  const submittedAt = shiftDays(now, -75);
  const bookingId = randomUUID();
  await tx.insert(bookings).values({
    id: bookingId,
    code: pastBookingCode,
    formId: seedIds.forms.golfCircleOpenerPast,
    formVersionId: (await latestFormVersion(tx, seedIds.forms.golfCircleOpenerPast))?.id,
    eventId: seedIds.events.golfCircleOpenerPast,
    userId: customerId,
    tokenHash: randomHex(32),
    status: "paid",
    locale: "de",
    currentPage: formPageOrder.length,
    termsAcceptedAt: submittedAt,
    paymentOption: "invoice",
    placesHeld: 2,
    eventPriceCents: opener.participantCents,
    companionTotalCents,
    totalCents,
    depositCents: totalCents,
    remainderCents: 0,
    // "paid" means its succeeded payments add up to the total: the bank transfer below (the account's figures, decision 067).
    paidCents: totalCents,
    paymentState: "paid",
    depositDueOn: operatorToday(shiftDays(submittedAt, 14)),
    submittedAt,
    createdAt: submittedAt,
    updatedAt: submittedAt,
  });
  const main = finalParties[0]?.main;
  await tx.insert(participants).values([
    { bookingId, role: "main", position: 0, ...main },
    { bookingId, role: "companion", companionType: "golf_playing", position: 1, forename: "Claudia", surname: "Hofmann" },
  ]);
  // An invoice booking has its invoice, and the transfer that paid it a week later (tests/api/seed-money.test.ts).
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (row) await issueInvoice(tx, row, submittedAt);
  const paidAt = shiftDays(submittedAt, 7);
  await tx.insert(payments).values({
    bookingId,
    provider: "bank_transfer",
    method: "bank_transfer",
    receivedOn: operatorToday(paidAt),
    providerReference: `transfer-${pastBookingCode}`,
    kind: "full",
    amountCents: totalCents,
    status: "succeeded",
    returnTokenHash: randomHex(32),
    succeededAt: paidAt,
    createdAt: paidAt,
    updatedAt: paidAt,
  });
  await tx
    .update(events)
    .set({ placesTaken: sql`${events.placesTaken} + 2` })
    .where(eq(events.id, seedIds.events.golfCircleOpenerPast));
}

/**
 * A fresh copy of one demo event for a test: the same texts, prices and form, new ids, and for the
 * fully booked final its bookings with new codes. Tests get an event nobody else books or changes.
 */
export async function insertDemoEventCopy(tx: Transaction, key: DemoEventSeed["key"], now: Date, site: SiteSettings): Promise<InsertedEvent> {
  const event = sampleEvents(now).find((candidate) => candidate.key === key);
  if (!event) throw new Error(`No demo event ${key}.`);
  const categoryIds = await categoryIdsBySlug(tx);
  const categoryId = categoryIds.get(demoCategories.find((category) => category.key === event.category)?.translations.en.slug ?? "");
  if (categoryId === undefined) throw new Error(`The category of ${key} is not in the database.`);
  const inserted = await insertEvent(tx, event, { categoryId, site });
  if (event.key === "golfCircleFinal") {
    for (const party of finalParties) {
      await insertConfirmedInvoiceBooking(tx, { event, inserted, party: { ...party, code: `T-${randomHex(4).toUpperCase()}` }, now, site });
    }
  }
  return inserted;
}

async function categoryIdsBySlug(tx: Transaction): Promise<Map<string, number>> {
  const rows = await tx
    .select({ slug: eventCategoryTranslations.slug, categoryId: eventCategoryTranslations.categoryId })
    .from(eventCategoryTranslations)
    .where(eq(eventCategoryTranslations.locale, "en"));
  return new Map(rows.map((row) => [row.slug, row.categoryId]));
}
