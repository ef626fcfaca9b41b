import { z } from "zod";
import { eventStates } from "../domain/event-state";

export const formItemKinds = [
  "checkbox",
  "companion",
  "date",
  "datetime",
  "file",
  "group",
  "headline",
  "html",
  "image",
  "input",
  "international_phone",
  "multiselect",
  "price_list",
  "radio",
  "select",
  "country_select",
  "nationality_select",
  "sma",
  "textarea",
  "time",
  "upload",
  "vehicles",
  "vehicles_per_day",
  "wysiwyg",
] as const;
export type FormItemKind = (typeof formItemKinds)[number];

export const publicFormItemSchema = z.object({
  uuid: z.string().uuid(),
  parent_uuid: z.string().uuid().nullable(),
  kind: z.enum(formItemKinds),
  name: z.string(),
  label: z.string(),
  help: z.string().nullable(),
  required: z.boolean(),
  options: z.record(z.string(), z.unknown()),
});
export type PublicFormItem = z.infer<typeof publicFormItemSchema>;

export const publicFormPageSchema = z.object({
  uuid: z.string().uuid(),
  number: z.number().int(),
  title: z.string(),
  items: z.array(publicFormItemSchema),
});

export const publicFormSchema = z.object({
  uuid: z.string().uuid(),
  preview: z.boolean(),
  event: z.object({
    uuid: z.string().uuid(),
    title: z.string(),
    starts_on: z.string(),
    ends_on: z.string(),
    state: z.enum(eventStates),
    /** False when the event's schedule says no cancellation by the customer (issue 30): the review step says so. */
    customer_may_cancel: z.boolean(),
  }),
  pages: z.array(publicFormPageSchema),
  /** The event's price list: what the live price summary and the submission both use. */
  prices: z.array(
    z.object({
      kind: z.enum(["participant", "companion", "vehicle", "instructor", "addon"]),
      key: z.string(),
      label: z.string(),
      amount_cents: z.number().int(),
      per_day: z.boolean(),
    }),
  ),
  payment_terms: z.object({ deposit_percent: z.number().int(), balance_due_days_before_event: z.number().int() }),
  /** The operator's calendar date, so the browser computes due dates exactly as the server does. */
  today: z.string(),
});
export type PublicForm = z.infer<typeof publicFormSchema>;

export const formParamsSchema = z.object({ uuid: z.string().uuid() });
export const publicFormQuerySchema = z.object({ preview: z.enum(["", "1", "true", "0", "false"]).optional() });
export const publicFormResponseSchema = z.object({ data: publicFormSchema });

export const reservedVehiclesSchema = z.object({
  form_uuid: z.string().uuid(),
  days: z.array(
    z.object({
      day: z.number().int(),
      date: z.string(),
      resources: z.array(
        z.object({
          key: z.string(),
          kind: z.enum(["vehicle", "instructor", "pit_box", "technical_support"]),
          stock: z.number().int().nullable(),
          used: z.number().int(),
          available: z.number().int().nullable(),
        }),
      ),
    }),
  ),
});
export type ReservedVehicles = z.infer<typeof reservedVehiclesSchema>;
export const reservedVehiclesParamsSchema = z.object({ id: z.string().uuid() });
export const reservedVehiclesResponseSchema = z.object({ data: reservedVehiclesSchema });
