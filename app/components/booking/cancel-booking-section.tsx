import { Form, useNavigation } from "react-router";
import type { CustomerCancelTerms } from "../../../core/contracts/cancellation";
import { useTranslation } from "../../utils/use-translation";
import { Button, buttonClasses } from "../button";
import { FormMessage } from "../field";

export type CancelPreviewView = { feeCents: number; fee: string; cardRefund: string | null; queuedRefund: string | null; newBalance: string };

/**
 * "Cancel booking" on the manage page (issue 30, decision 075): the fee of the event's schedule today;
 * a first post shows the preview (fee, what goes back by card and by transfer, what is still to pay),
 * a second confirms it with the fee shown. An event without cancellation by the customer says so.
 */
export function CancelBookingSection(props: {
  terms: CustomerCancelTerms;
  fee: string | null;
  until: string | null;
  selfHref: string;
  preview: CancelPreviewView | null;
  message: { text: string; failed: boolean } | null;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const { terms, preview } = props;
  if (!terms.allowed && terms.reason === "not_in_status" && !props.message) return null;
  return (
    <section aria-labelledby="cancel-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10 sm:p-6">
      <h2 id="cancel-title" className="font-display text-xl font-semibold text-navy-900">
        {t("manage.cancel.heading")}
      </h2>
      <div className="mt-3 space-y-4 text-sm text-ink">
        {props.message && <FormMessage tone={props.message.failed ? "error" : "success"}>{props.message.text}</FormMessage>}
        {!terms.allowed && terms.reason !== "not_in_status" && (
          <p>{t(terms.reason === "not_by_customer" ? "manage.cancel.notByCustomer" : "manage.cancel.tooLate")}</p>
        )}
        {terms.allowed && !preview && (
          <>
            <p>
              {t("manage.cancel.intro", { fee: props.fee ?? "", until: props.until ?? "" })}
              {terms.fee.kind === "percent" && <> ({t("manage.cancel.feePercent", { percent: terms.fee.percent })})</>}
            </p>
            <Form method="post">
              <input type="hidden" name="intent" value="cancel-preview" />
              <Button type="submit" variant="secondary" disabled={busy}>
                {t("manage.cancel.previewButton")}
              </Button>
            </Form>
          </>
        )}
        {terms.allowed && preview && (
          <div className="space-y-4 rounded-xl bg-navy-50 p-4 ring-1 ring-navy-900/10" data-testid="cancel-preview">
            <h3 className="font-semibold text-navy-900">{t("manage.cancel.previewHeading")}</h3>
            <dl className="divide-y divide-navy-900/10">
              {(
                [
                  [t("manage.cancel.fee"), preview.fee],
                  ...(preview.cardRefund ? [[t("manage.cancel.cardRefund"), preview.cardRefund]] : []),
                  ...(preview.queuedRefund ? [[t("manage.cancel.queuedRefund"), preview.queuedRefund]] : []),
                  [t("manage.cancel.newBalance"), preview.newBalance],
                ] as [string, string][]
              ).map(([label, value]) => (
                <div key={label} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:justify-between sm:gap-4">
                  <dt className="text-ink-soft">{label}</dt>
                  <dd className="font-semibold text-navy-900 sm:text-right">{value}</dd>
                </div>
              ))}
            </dl>
            <p>{t("manage.cancel.places")}</p>
            <div className="flex flex-wrap gap-3">
              <Form method="post">
                <input type="hidden" name="intent" value="cancel" />
                <input type="hidden" name="fee_cents" value={preview.feeCents} />
                <Button type="submit" variant="danger" disabled={busy}>
                  {t("manage.cancel.confirm", { fee: preview.fee })}
                </Button>
              </Form>
              <a href={props.selfHref} className={buttonClasses("ghost")}>
                {t("manage.cancel.keep")}
              </a>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
