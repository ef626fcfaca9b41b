import { z } from "zod";
import { maxDaysBefore, maxScheduleRules, scheduleProblems, type CancellationSchedule } from "../domain/cancellation-schedule";
import { accountViewSchema } from "./booking-account";

/**
 * Cancellation by the customer (issue 30, decision 075): an event's schedule as staff edit it, and
 * the manage page's preview and confirmation (`POST api/booking/manage/{token}/cancel/preview` and
 * `…/cancel`). Validation messages are catalogue keys.
 */

const number = { error: "validation.number" } as const;
const feeSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("percent"), percent: z.number(number).int(number).min(0, number).max(100, { error: "validation.percent" }) }).strict(),
  z.object({ kind: z.literal("amount"), amount_cents: z.number(number).int(number).min(0, number).max(100_000_000, { error: "validation.tooLong" }) }).strict(),
]);
const ruleSchema = z
  .object({ days_before: z.number(number).int(number).min(0, number).max(maxDaysBefore, { error: "validation.tooLong" }), fee: feeSchema })
  .strict();

const problemMessages = {
  order: "validation.scheduleOrder",
  fee_lower: "validation.scheduleFeeLower",
  percent: "validation.percent",
  amount: "validation.number",
  days: "validation.number",
  empty: "validation.scheduleEmpty",
  too_many: "validation.tooLong",
} as const;

/** A schedule: ordered by days (most first), cancelling later never cheaper (core/domain/cancellation-schedule.ts). */
export const cancellationScheduleSchema: z.ZodType<CancellationSchedule> = z
  .discriminatedUnion("customer_may_cancel", [
    z.object({ customer_may_cancel: z.literal(false) }).strict(),
    z.object({ customer_may_cancel: z.literal(true), rules: z.array(ruleSchema).max(maxScheduleRules, { error: "validation.tooLong" }) }).strict(),
  ])
  .superRefine((schedule, context) => {
    for (const problem of scheduleProblems(schedule)) context.addIssue({ code: "custom", path: problem.path, message: problemMessages[problem.problem] });
  });

/** Where the customer's cancellation stands today: allowed with this fee, or why not. */
export const customerCancelTermsSchema = z.discriminatedUnion("allowed", [
  z.object({
    allowed: z.literal(true),
    fee_cents: z.number().int(),
    /** The rule that applies: its fee as the schedule says it, and the last day it applies. */
    fee: z.discriminatedUnion("kind", [z.object({ kind: z.literal("percent"), percent: z.number().int() }), z.object({ kind: z.literal("amount"), amount_cents: z.number().int() })]),
    until: z.string(),
  }),
  z.object({ allowed: z.literal(false), reason: z.enum(["not_by_customer", "too_late", "not_in_status"]) }),
]);
export type CustomerCancelTerms = z.infer<typeof customerCancelTermsSchema>;

/** The preview: the fee, what goes back by card now, what staff pay back by transfer, and the account afterwards. */
export const customerCancelPreviewSchema = z.object({
  uuid: z.string().uuid(),
  fee_cents: z.number().int(),
  /** Given back through the card provider at once. */
  card_refund_cents: z.number().int(),
  /** Money that came by transfer (or otherwise): paid back by the operator, queued for staff. */
  queued_refund_cents: z.number().int(),
  account: accountViewSchema,
});
export type CustomerCancelPreview = z.infer<typeof customerCancelPreviewSchema>;
export const customerCancelPreviewResponseSchema = z.object({ data: customerCancelPreviewSchema });

/** The confirmation names the fee the customer saw: a fee that changed since (a day passed) is a 409, nothing changes. */
export const customerCancelBodySchema = z.object({ fee_cents: z.number().int().min(0) }).strict();
export type CustomerCancelBody = z.infer<typeof customerCancelBodySchema>;

export const customerCancelAnswerSchema = customerCancelPreviewSchema.extend({ status: z.literal("cancelled"), waitlist_offers: z.number().int() });
export type CustomerCancelAnswer = z.infer<typeof customerCancelAnswerSchema>;
export const customerCancelResponseSchema = z.object({ data: customerCancelAnswerSchema });
