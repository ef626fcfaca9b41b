import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { hashToken, newSecretToken } from "../../server/auth/secrets";
import { newTotpSecret } from "../../server/auth/totp";
import { submitBooking } from "../../server/bookings/submit-booking";
import type { Database } from "../../server/db/client";
import { insertAccount } from "../../server/db/factories/accounts";
import { latestFormVersion } from "../../server/db/form-versions";
import { bookings, forms, participants } from "../../server/db/schema";
import { totpSecrets } from "./api-client";

type CompanionType = "non_playing" | "golf_playing" | "driver" | "co_driver";

/** A draft booking of `eventId` with a main participant and the given companions, as the form would leave it. */
export async function createDraftBooking(db: Database, eventId: string, companions: CompanionType[] = []): Promise<string> {
  const [form] = await db.select({ id: forms.id }).from(forms).where(eq(forms.eventId, eventId)).limit(1);
  if (!form) throw new Error(`event ${eventId} has no form`);
  const bookingId = randomUUID();
  // Made on the form's latest published version, as a new draft is (decision 036).
  const formVersionId = (await latestFormVersion(db, form.id))?.id ?? null;
  await db.insert(bookings).values({ id: bookingId, formId: form.id, formVersionId, eventId, tokenHash: randomUUID(), status: "draft", locale: "en" });
  await db.insert(participants).values([
    { bookingId, role: "main", position: 0, forename: "Test", surname: "Buyer", email: `buyer-${bookingId.slice(0, 8)}@example.com` },
    ...companions.map((companionType, index) => ({
      bookingId,
      role: "companion" as const,
      companionType,
      position: index + 1,
      forename: "Guest",
      surname: `No ${index + 1}`,
    })),
  ]);
  return bookingId;
}

/**
 * A card booking of `eventId` submitted and holding its places (with the given resources), and the
 * booking token its customer holds; `userId` makes it a logged-in customer's booking.
 */
export async function createHeldCardBooking(
  db: Database,
  eventId: string,
  options: { companions?: CompanionType[]; resources?: { resourceId: string; quantity: number }[]; userId?: string | null } = {},
): Promise<{ bookingId: string; token: string }> {
  const bookingId = await createDraftBooking(db, eventId, options.companions);
  const token = newSecretToken();
  await db
    .update(bookings)
    .set({ tokenHash: hashToken(token), paymentOption: "credit_card", userId: options.userId ?? null })
    .where(eq(bookings.id, bookingId));
  const held = await submitBooking(db, { bookingId, resources: options.resources, now: new Date() });
  if (held.outcome !== "held") throw new Error(`not held: ${held.outcome}`);
  return { bookingId, token };
}

/**
 * A staff or admin account of the test's own, its e-mail verified; with `enrolled` its authenticator
 * is on (the secret stored in the demo form, which test services read) and registered for `api.logIn`.
 * A fresh account per login keeps tests clear of the second factor's one-code-per-30-seconds rule.
 */
export async function createStaffMember(
  db: Database,
  options: { role?: "staff" | "admin"; enrolled?: boolean; locale?: "en" | "de" } = {},
): Promise<{ id: string; email: string; password: string; totpSecret: string | null }> {
  const email = `${options.role ?? "staff"}-${randomUUID().slice(0, 8)}@staff.example`;
  const password = "Staff-member-2026";
  const totpSecret = options.enrolled === false ? null : newTotpSecret();
  const id = await db.transaction((tx) =>
    insertAccount(
      tx,
      { email, password, name: "Test Staff", role: options.role ?? "staff", ...(totpSecret ? { totpSecret } : {}) },
      { locale: options.locale ?? "en", verifiedAt: new Date() },
    ),
  );
  if (totpSecret) totpSecrets.set(email, totpSecret);
  return { id, email, password, totpSecret };
}
