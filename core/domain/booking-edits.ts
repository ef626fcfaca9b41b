import type { FormItemKind } from "../contracts/forms";

/**
 * What staff may change on a submitted booking's answers (issue 13, docs/decisions/032), and how a
 * change reads in the audit trail and the customer's mail. Pure: shared by the server's verbs and the
 * edit page.
 */

/**
 * Kinds whose answers staff do not edit on the answers page: companions have their own controls,
 * vehicles hold per-day stock, files are uploaded (not typed), the SMA request and the price list
 * are decisions of the booking flow, not answers to correct.
 */
const notEditedHere: readonly FormItemKind[] = ["companion", "vehicles", "vehicles_per_day", "upload", "file", "sma", "price_list"];

/** Items the customer's booking flow decides once (how to pay, the terms accepted, an account made): never rewritten by staff. */
const decidedAtSubmission: readonly string[] = ["payment_option", "terms", "create_account"];

/** Whether staff may edit this answer-taking item of a submitted booking. */
export function staffEditableItem(item: { kind: FormItemKind; name: string }): boolean {
  return !notEditedHere.includes(item.kind) && !decidedAtSubmission.includes(item.name);
}

/** Statuses in which a booking's details can no longer change (the booking is over or never was). */
const closedStatuses: readonly string[] = ["draft", "cancelled", "expired", "rejected"];

/** Whether staff may edit answers and companions of a booking in `status`. */
export function bookingEditable(status: string): boolean {
  return !closedStatuses.includes(status);
}

/** Two answers are the same when they read the same (`"" `, null and a missing answer are all "no answer"). */
export function sameAnswer(before: unknown, after: unknown): boolean {
  const blank = (value: unknown) => value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0);
  if (blank(before) && blank(after)) return true;
  return JSON.stringify(before) === JSON.stringify(after);
}

/** One change as the audit trail and the customer's mail list it: what, before and after (texts; "—" for none). */
export type DetailChange = { label: string; from: string; to: string };

/** The changed answers of `after` against `before`, keyed by item uuid; unchanged ones are left out. */
export function changedAnswers(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return Object.keys(after).filter((uuid) => !sameAnswer(before[uuid], after[uuid]));
}

/**
 * The changes of one customer mail that gathers several edits (issue 32: corrections within a few
 * minutes are one mail). A change that continues an earlier one (same label, its "before" is the earlier
 * "after") joins it: the first "before", the last "after"; a change undone that way drops out. Others,
 * such as a second companion added, stay a line of their own, in the order they were made.
 */
export function mergeDetailChanges(earlier: readonly DetailChange[], later: readonly DetailChange[]): DetailChange[] {
  const merged: DetailChange[] = [...earlier];
  for (const change of later) {
    const index = merged.findLastIndex((known) => known.label === change.label && known.to === change.from);
    const known = merged[index];
    if (known) merged[index] = { ...known, to: change.to };
    else merged.push(change);
  }
  return merged.filter((change) => change.from !== change.to);
}

/** The audit row's one-line text: `Forename: Anna → Anne; Companion added: Max Muster`. */
export function describeChanges(changes: DetailChange[]): string {
  return changes.map((change) => `${change.label}: ${change.from} → ${change.to}`).join("; ");
}

/** A companion's fields staff can correct, in the order a change lists them. */
export const companionEditFields = ["type", "salutation", "forename", "surname", "date_of_birth"] as const;
export type CompanionEditField = (typeof companionEditFields)[number];
type CompanionValues = Partial<Record<CompanionEditField, string | null | undefined>>;

/**
 * The fields of one companion that change, each as `{ field, from, to }` (blank as null); `before` is
 * the stored companion, `after` what staff sent.
 */
export function changedCompanionFields(
  before: CompanionValues,
  after: CompanionValues,
): { field: CompanionEditField; from: string | null; to: string | null }[] {
  const clean = (value: string | null | undefined) => value?.trim() || null;
  return companionEditFields.flatMap((field) => {
    if (!(field in after)) return [];
    const from = clean(before[field]);
    const to = clean(after[field]);
    return from === to ? [] : [{ field, from, to }];
  });
}
