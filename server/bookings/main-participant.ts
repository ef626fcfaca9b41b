import { and, eq } from "drizzle-orm";
import type { Queryable } from "../db/client";
import { participants } from "../db/schema";

export type ParticipantRow = typeof participants.$inferSelect;

/** The main participant of a booking (every booking has one from its first page on). */
export async function mainParticipantOf(db: Queryable, bookingId: string): Promise<ParticipantRow | undefined> {
  const [main] = await db
    .select()
    .from(participants)
    .where(and(eq(participants.bookingId, bookingId), eq(participants.role, "main")))
    .limit(1);
  return main;
}

/** How e-mails address a participant: the name, else the e-mail address. */
export function displayNameOf(person: Pick<ParticipantRow, "forename" | "surname" | "email"> | undefined): string {
  return [person?.forename, person?.surname].filter(Boolean).join(" ") || person?.email || "—";
}

/** Main-participant columns and the form item names (`main.<name>`) that fill them. */
export const mainParticipantColumns = {
  salutation: "salutation",
  title: "title",
  forename: "forename",
  surname: "surname",
  company: "company",
  street: "street",
  address_line_2: "addressLine2",
  postcode: "postcode",
  city: "city",
  country: "country",
  vat_id: "vatId",
  phone: "phone",
  fax: "fax",
  email: "email",
} as const satisfies Record<string, keyof ParticipantRow>;
