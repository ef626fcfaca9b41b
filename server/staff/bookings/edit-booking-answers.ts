import { and, eq } from "drizzle-orm";
import type { FieldErrors } from "../../../core/contracts/errors";
import type { BookingEditedAnswer, EditAnswersBody } from "../../../core/contracts/staff-booking-edits";
import { companionProblems } from "../../../core/domain/booking-choices";
import { changedAnswers, changedCompanionFields, type DetailChange } from "../../../core/domain/booking-edits";
import { choicePriceLines } from "../../../core/domain/choice-prices";
import { formatDate, operatorToday } from "../../../core/domain/dates";
import { formatMoney } from "../../../core/domain/money";
import type { Actor } from "../../../core/domain/permissions";
import { bookingPageSchema } from "../../../core/forms/booking-page-schema";
import { translatorFor } from "../../../core/i18n/i18n";
import type { Locale } from "../../../core/i18n/locales";
import { authorize } from "../../auth/authorize";
import { answerText } from "../../bookings/manage-answer-text";
import { mainParticipantColumns } from "../../bookings/main-participant";
import { bookingDetails } from "../../bookings/submit-draft";
import { bookings, participants } from "../../db/schema";
import { AppError } from "../../errors";
import { bookedForm, companionItemOf, companionRowsOf, editableItemsOf, lockForEdit, recordEdit, repriceBooking } from "./booking-edit-support";
import { readBookingEdit } from "./read-booking-edit";
import type { StaffActionDeps, StaffMember } from "./staff-booking";

export type EditAnswersInput = EditAnswersBody & { bookingId: string; staff: StaffMember; locale: Locale };

/** How a companion's field reads in a change: the type's and salutation's names, a date in the booking's language. */
function companionValueText(field: string, value: string | null, locale: Locale): string {
  if (value === null) return "—";
  const t = translatorFor(locale);
  if (field === "type") return t(`booking.companions.types.${value}`, { defaultValue: value });
  if (field === "salutation") return t(`booking.salutations.${value}`, { defaultValue: value });
  if (field === "date_of_birth") return formatDate(value, locale);
  return value;
}

const companionFieldLabel = { type: "type", salutation: "salutation", forename: "forename", surname: "surname", date_of_birth: "dateOfBirth" } as const;

/**
 * `PUT api/staff/bookings/{uuid}/answers`: staff correct the main participant's answers and the
 * companions' details of a submitted booking (docs/decisions/032). Validated by the public form's kind
 * registry (`bookingPageSchema`, only the items that change are judged, with the same hidden and
 * optional rules) and the companions' own rules; any error answers per field and saves nothing. One
 * transaction under the booking's row lock and version: the answers, the main participant's columns
 * derived from them (as at submission), the companions, the price when a companion's type or a priced
 * choice changed,
 * one audit row with every change from → to, and the customer's mail listing them.
 */
export async function editBookingAnswers(deps: StaffActionDeps, actor: Actor, input: EditAnswersInput): Promise<BookingEditedAnswer> {
  authorize(actor, "staff.bookings.edit", null);
  const now = deps.now();
  const t = translatorFor(input.locale);
  const changes = await deps.db.transaction(async (tx) => {
    const booking = await lockForEdit(tx, input.bookingId, input.version);
    // Labels in the booking's language: the audit row and the customer's mail read them.
    const form = await bookedForm(tx, booking, booking.locale, now);
    const editable = editableItemsOf(form);
    const today = operatorToday(now);
    const fieldErrors: FieldErrors = {};
    for (const uuid of Object.keys(input.answers)) {
      if (!editable.some(({ item }) => item.uuid === uuid)) fieldErrors[uuid] = [t("validation.unknownField")];
    }
    const merged = { ...booking.answers, ...input.answers };
    const changed = new Set(changedAnswers(booking.answers, input.answers).filter((uuid) => !(uuid in fieldErrors)));
    for (const page of form.pages) {
      const result = bookingPageSchema(page, { today, translate: (key, values) => t(key, values), judges: (item) => changed.has(item.uuid) }).safeParse(merged);
      for (const issue of result.error?.issues ?? []) {
        const [uuid] = issue.path;
        if (typeof uuid === "string") fieldErrors[uuid] = [issue.message];
      }
    }

    const companionItem = companionItemOf(form);
    const stored = await companionRowsOf(tx, booking.id);
    const participantErrors: Record<string, FieldErrors> = {};
    for (const edit of input.companions) {
      if (!companionItem || !stored.some((row) => row.id === edit.uuid)) {
        participantErrors[edit.uuid] = { companion: [t("api.companionNotFound")] };
        continue;
      }
      const problems = companionProblems(
        companionItem.options,
        { type: edit.type, salutation: edit.salutation ?? null, forename: edit.forename, surname: edit.surname, date_of_birth: edit.date_of_birth ?? null },
        today,
      );
      if (Object.keys(problems).length) participantErrors[edit.uuid] = Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, [t(key)]]));
    }
    if (Object.keys(fieldErrors).length || Object.keys(participantErrors).length) {
      throw new AppError("VALIDATION_FAILED", "invalidRequest", { fieldErrors, participantErrors });
    }

    const list: DetailChange[] = [];
    const textOf = (item: (typeof editable)[number]["item"], value: unknown) => answerText({ item, value, locale: booking.locale, uploads: [] }) ?? "—";
    for (const { item } of editable) {
      if (changed.has(item.uuid)) list.push({ label: item.label, from: textOf(item, booking.answers[item.uuid]), to: textOf(item, merged[item.uuid]) });
    }
    const tb = translatorFor(booking.locale);
    let typeChanged = false;
    for (const edit of input.companions) {
      const index = stored.findIndex((row) => row.id === edit.uuid);
      const row = stored[index];
      if (!row) continue;
      const before = {
        type: row.companionType,
        salutation: row.salutation,
        forename: row.forename,
        surname: row.surname,
        date_of_birth: typeof row.answers.date_of_birth === "string" ? row.answers.date_of_birth : null,
      };
      const fields = changedCompanionFields(before, edit);
      if (!fields.length) continue;
      typeChanged ||= fields.some((change) => change.field === "type");
      const who = tb("booking.companions.companion", { number: index + 1 });
      for (const change of fields) {
        list.push({
          label: `${who}: ${tb(`booking.companions.${companionFieldLabel[change.field]}`)}`,
          from: companionValueText(change.field, change.from, booking.locale),
          to: companionValueText(change.field, change.to, booking.locale),
        });
      }
      const birth = edit.date_of_birth?.trim() || null;
      await tx
        .update(participants)
        .set({
          companionType: edit.type,
          salutation: edit.salutation ?? null,
          forename: edit.forename.trim(),
          surname: edit.surname.trim(),
          answers: { ...row.answers, date_of_birth: birth },
        })
        .where(and(eq(participants.id, row.id), eq(participants.bookingId, booking.id)));
    }
    if (!list.length) return list;

    if (changed.size) {
      // The main participant's columns and the billing address follow the answers, as at submission;
      // only what changed is written, so a booking made before its answers held every field keeps the rest.
      const details = bookingDetails(form, merged, now);
      const changedNames = editable.filter(({ item }) => changed.has(item.uuid)).map(({ item }) => item.name);
      const mainColumns = Object.fromEntries(
        changedNames.flatMap((name) => {
          const column = (mainParticipantColumns as Record<string, keyof typeof details.main>)[name.slice("main.".length)];
          return name.startsWith("main.") && column ? [[column, details.main[column] ?? null]] : [];
        }),
      );
      const mainAnswers = Object.fromEntries(
        changedNames.flatMap((name) =>
          name.startsWith("main.") && name.slice("main.".length) in details.mainAnswers
            ? [[name.slice("main.".length), details.mainAnswers[name.slice("main.".length)]]]
            : [],
        ),
      );
      const billingChanged = changedNames.some((name) => name.startsWith("billing."));
      await tx
        .update(bookings)
        .set({
          answers: merged,
          ...(billingChanged ? { separateBillingAddress: details.booking.separateBillingAddress, billingAddress: details.booking.billingAddress } : {}),
          ...(changedNames.includes("additional_comments") ? { additionalComments: details.booking.additionalComments } : {}),
          updatedAt: now,
        })
        .where(eq(bookings.id, booking.id));
      const [main] = await tx
        .select({ answers: participants.answers })
        .from(participants)
        .where(and(eq(participants.bookingId, booking.id), eq(participants.role, "main")))
        .limit(1);
      await tx
        .update(participants)
        .set({ ...mainColumns, answers: { ...main?.answers, ...mainAnswers } })
        .where(and(eq(participants.bookingId, booking.id), eq(participants.role, "main")));
    }
    // A priced choice picked or dropped moves the price like a companion's type does (decision 042).
    const items = form.pages.flatMap((page) => page.items);
    const optionsOf = (answers: Record<string, unknown>) => JSON.stringify(choicePriceLines(items, answers));
    const optionsChanged = optionsOf(booking.answers) !== optionsOf(merged);
    const price = typeChanged || optionsChanged ? await repriceBooking(tx, booking, now) : null;
    if (price && price.totalCents !== booking.totalCents) {
      // Paid money stays (decision 032): the customer's mail and the timeline show the new total.
      list.push({
        label: tb("admin.bookingEdit.change.total"),
        from: formatMoney(booking.totalCents, booking.locale),
        to: formatMoney(price.totalCents, booking.locale),
      });
    }
    await recordEdit(tx, deps, {
      booking,
      staff: input.staff,
      action: "details_edited_by_staff",
      changes: list,
      details: {
        items: [...changed],
        companions: input.companions.map((edit) => edit.uuid),
        ...(price ? { totalCents: { from: booking.totalCents, to: price.totalCents } } : {}),
      },
      now,
      notify: input.notify,
    });
    return list;
  });
  const view = await readBookingEdit(deps, actor, { bookingId: input.bookingId, locale: input.locale });
  return { ...view, changes, waitlist_offers: 0 };
}
