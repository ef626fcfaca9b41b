/**
 * Waivers (Haftungsverzicht, issue 31; decision 080): which people of a booking must sign the waiver an
 * event asks for, and where each of them stands. Pure: the verbs in `server/waivers/` read the rows and
 * ask here.
 *
 * A person's type is the booking's own naming: the main participant (`main`, who drives) or a companion
 * by its `companion_type` (`driver`, `co_driver`, `golf_playing`, `non_playing`: a spectator). A companion
 * without a type counts as `non_playing`.
 */
export const waiverPersonTypes = ["main", "driver", "co_driver", "golf_playing", "non_playing"] as const;
export type WaiverPersonType = (typeof waiverPersonTypes)[number];

/** What a new attachment asks by default: the drivers and co-drivers, not the spectators. */
export const defaultWaiverPersonTypes: readonly WaiverPersonType[] = ["main", "driver", "co_driver"];

/** How a waiver was given: drawn on the sign page, ticked there (no script, or by choice), or on paper at the office. */
export const waiverMethods = ["drawn", "ticked", "paper"] as const;
export type WaiverMethod = (typeof waiverMethods)[number];

export type WaiverPerson = { role: "main" | "companion"; companionType: "non_playing" | "golf_playing" | "driver" | "co_driver" | null };

export function waiverPersonTypeOf(person: WaiverPerson): WaiverPersonType {
  return person.role === "main" ? "main" : (person.companionType ?? "non_playing");
}

/** Whether this person must sign: the event has a waiver and names the person's type. */
export function mustSignWaiver(person: WaiverPerson, required: readonly WaiverPersonType[] | null): boolean {
  return required !== null && required.includes(waiverPersonTypeOf(person));
}

export type WaiverSignatureFacts = { method: WaiverMethod; signedAt: string };

/** A person's waiver: not asked of them, still missing, or given (how and when). */
export type WaiverState = { state: "not_required" } | { state: "missing" } | { state: "signed"; method: WaiverMethod; signedAt: string };

/**
 * Where one person stands. A signature already given counts even when the event no longer asks it of the
 * person's type (staff changed the attachment later): what was signed stays signed.
 */
export function waiverStateOf(person: WaiverPerson, required: readonly WaiverPersonType[] | null, signature: WaiverSignatureFacts | null): WaiverState {
  if (signature) return { state: "signed", method: signature.method, signedAt: signature.signedAt };
  return mustSignWaiver(person, required) ? { state: "missing" } : { state: "not_required" };
}

/** The people of a booking whose waiver is missing, in their order. */
export function missingWaivers<P extends WaiverPerson & { id: string }>(
  people: readonly P[],
  required: readonly WaiverPersonType[] | null,
  signedIds: ReadonlySet<string>,
): P[] {
  return people.filter((person) => !signedIds.has(person.id) && mustSignWaiver(person, required));
}

/** Reminders for missing waivers go out this many days before the event's first day (in the operator's calendar). */
export const waiverReminderDaysBefore = [7, 2] as const;

/** Whole days from `today` to `startsOn` (both `YYYY-MM-DD`). */
export function daysUntil(startsOn: string, today: string): number {
  return Math.round((Date.parse(`${startsOn}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** Whether today is a reminder day for an event starting on `startsOn`, and which one. */
export function waiverReminderDay(startsOn: string, today: string): number | null {
  const days = daysUntil(startsOn, today);
  return (waiverReminderDaysBefore as readonly number[]).includes(days) ? days : null;
}

/**
 * The exact text a person signs in one language, the text its SHA-256 hash is taken of: the title, a
 * blank line, the body, with line ends as `\n` and no trailing spaces. The PDF prints the same text.
 */
export function waiverDocumentText(version: { title: string; body: string }): string {
  const clean = (text: string) =>
    text
      .replace(/\r\n?/g, "\n")
      .split("\n")
      .map((line) => line.trimEnd())
      .join("\n")
      .trim();
  return `${clean(version.title)}\n\n${clean(version.body)}`;
}
