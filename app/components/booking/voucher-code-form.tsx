import { Form, useNavigation } from "react-router";
import type { BookingView } from "../../../core/contracts/bookings";
import { formatMoney } from "../../../core/domain/money";
import type { Locale } from "../../../core/i18n/locales";
import { useTranslation } from "../../utils/use-translation";
import { Button } from "../button";
import { Field, FormMessage } from "../field";

/** The review step's form field of a discount code (server/bookings/voucher-errors.ts `voucherField`). */
export const voucherCodeField = "voucher_code";

/**
 * A discount code on the review step (decision 079): a plain form post, so it works without scripts
 * too; the page answers with the review again (the price now with its discount line) or with the
 * reason the code was refused beside the field. An applied code can be removed.
 */
export function VoucherCodeForm({ voucher, error, locale }: { voucher: BookingView["voucher"]; error: string | null; locale: Locale }) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-labelledby="voucher-heading" className="rounded-xl px-4 py-4 ring-1 ring-navy-900/15 sm:px-5">
      <h2 id="voucher-heading" className="font-display text-lg font-bold text-navy-900">
        {t("voucher.heading")}
      </h2>
      <Form method="post" className="mt-3 space-y-3">
        <input type="hidden" name="step" value="review" />
        {voucher && !error ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <FormMessage tone="success">
              {voucher.discount.kind === "percent"
                ? t("voucher.appliedPercent", { code: voucher.code, percent: voucher.discount.percent })
                : t("voucher.applied", { code: voucher.code, amount: formatMoney(voucher.discount.amountCents, locale) })}
            </FormMessage>
            <Button type="submit" name="intent" value="remove-voucher" variant="ghost" disabled={busy}>
              {t("voucher.remove")}
            </Button>
          </div>
        ) : (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <Field
              field={{ id: "voucher-code", name: voucherCodeField, errorId: "voucher-code-error", errors: error ? [error] : undefined }}
              label={t("voucher.field")}
              hint={t("voucher.hint")}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={32}
              className="sm:flex-1"
            />
            <Button type="submit" name="intent" value="apply-voucher" variant="secondary" disabled={busy} className="sm:mt-7">
              {t("voucher.apply")}
            </Button>
            {/* A code kept on the draft but refused at booking (used up meanwhile): it can be taken off. */}
            {voucher && (
              <Button type="submit" name="intent" value="remove-voucher" variant="ghost" disabled={busy} className="sm:mt-7">
                {t("voucher.remove")}
              </Button>
            )}
          </div>
        )}
      </Form>
    </section>
  );
}
