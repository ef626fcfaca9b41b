import { and, eq } from "drizzle-orm";
import { translatorFor } from "../../core/i18n/i18n";
import type { Locale } from "../../core/i18n/locales";
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

type AddresseeParts = Pick<ParticipantRow, "salutation" | "title" | "forename" | "surname" | "email">;

/**
 * The parts of a letter's address in `locale`: the salutation ("Herr", "Mr.") and academic title ("Dr.")
 * the booking holds. Where a language drops the salutation beside a title ("Dear Dr. Hofmann", not
 * "Mr. Dr."), its catalogue says so (`booking.addressee.salutationBesideTitle`: "yes" or "no").
 */
function addresseeParts(person: AddresseeParts, locale: Locale) {
  const t = translatorFor(locale);
  const title = person.title ? t(`booking.titles.${person.title}`) : "";
  const gendered = person.salutation === "mr" || person.salutation === "mrs" ? t(`booking.salutations.${person.salutation}`) : "";
  const salutation = title && t("booking.addressee.salutationBesideTitle") !== "yes" ? "" : gendered;
  return { t, gendered: gendered !== "", values: { salutation, title, forename: person.forename?.trim() ?? "", surname: person.surname?.trim() ?? "" } };
}
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * How a booking's e-mails greet the main participant (issue 32): with the salutation and academic
 * title the booking holds, as letters do: "Herr Dr. Hofmann", "Dr. Hofmann", "Mr. Hofmann" (the forms are
 * `booking.addressee.*` in each catalogue). Without a surname it is `displayNameOf`.
 */
export function addresseeNameOf(person: AddresseeParts | undefined, locale: Locale): string {
  if (!person?.surname?.trim()) return displayNameOf(person);
  const { t, gendered, values } = addresseeParts(person, locale);
  const form = gendered ? (values.title ? "salutationTitle" : "salutation") : values.title ? "title" : "plain";
  return oneLine(t(`booking.addressee.${form}`, values));
}

/** The name an invoice's address block prints (issue 32): "Herr Dr. Stefan Hofmann", "Dr. Stefan Hofmann" (`booking.addressee.address`). */
export function addressNameOf(person: AddresseeParts | undefined, locale: Locale): string {
  if (!person || !(person.forename?.trim() || person.surname?.trim())) return displayNameOf(person);
  const { t, values } = addresseeParts(person, locale);
  return oneLine(t("booking.addressee.address", values));
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
