import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { $ZodIssue, $ZodType, input, output } from "zod/v4/core";
import { issueMessage } from "../../core/i18n/field-errors";
import type { Locale } from "../../core/i18n/locales";

/**
 * The account forms (login, register, reset, new password, settings) and the waitlist sign-up validate with ONE zod schema
 * from core/contracts, in the browser before posting and again in the action (decision 016). Both
 * sides turn zod's issues into the same catalogue texts (`issueMessage`), so the error a visitor
 * reads is the same whether JavaScript ran or not.
 */
export function parseLocalized<Schema extends $ZodType>(formData: FormData, schema: Schema, locale: Locale) {
  // Without Conform's coercion ("" to undefined): the schemas see exactly the strings the form sent,
  // as the API's JSON bodies do, so "" fails the same rules with the same texts as before.
  return parseWithZod(formData, {
    schema,
    disableAutoCoercion: true,
    formatError: (issues: $ZodIssue[]) => issues.map((issue) => issueMessage(issue, locale)),
  });
}

/** Passwords are never sent back into the page, not even after a failed post. */
export const secretFields = ["password", "password_confirmation", "old_password"];

/**
 * Conform's form state for an account form or the waitlist sign-up: checked when sent, then again on every input (typing
 * in a field replaces its error, as the server's error no longer applies); the server's last answer
 * (errors, the values typed) shows without JavaScript too.
 */
export function useAccountForm<Schema extends $ZodType<Record<string, unknown>, Record<string, unknown>>>(options: {
  id: string;
  schema: Schema;
  locale: Locale;
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaultValue?: DefaultValue<input<Schema>>;
}) {
  return useForm<input<Schema>, output<Schema>, string[]>({
    id: options.id,
    lastResult: options.lastResult ?? null,
    defaultValue: options.defaultValue,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseLocalized(formData, options.schema, options.locale),
  });
}
