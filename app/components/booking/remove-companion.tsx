import { Form, useNavigation } from "react-router";
import type { CustomerCancelTerms } from "../../../core/contracts/cancellation";
import { useTranslation } from "../../utils/use-translation";
import { Button, buttonClasses } from "../button";

export type RemovalPreviewView = {
  companion: string;
  name: string;
  feeCents: number;
  version: number;
  share: string;
  fee: string;
  newTotal: string;
  cardRefund: string | null;
  queuedRefund: string | null;
  newBalance: string;
};

/**
 * "Remove" beside a companion on the manage page (issue 30, decision 075 addendum): a first post shows
 * the preview (their share, the fee of the event's schedule on it, the new total, what goes back by card
 * and by transfer, what is still to pay), a second confirms it with the fee and the booking's version shown.
 */
export function RemoveCompanion(props: { uuid: string; name: string; terms: CustomerCancelTerms | null; preview: RemovalPreviewView | null; selfHref: string }) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const { preview, terms } = props;
  if (!terms?.allowed) return null;
  const name = props.name || "—";
  if (!preview || preview.companion !== props.uuid)
    return (
      <Form method="post">
        <input type="hidden" name="intent" value="remove-preview" />
        <input type="hidden" name="companion" value={props.uuid} />
        <Button type="submit" variant="ghost" disabled={busy}>
          {t("manage.removeCompanion.button", { name })}
        </Button>
      </Form>
    );
  const rows: [string, string][] = [
    [t("manage.removeCompanion.share"), preview.share],
    [t("manage.removeCompanion.fee"), preview.fee],
    [t("manage.removeCompanion.newTotal"), preview.newTotal],
    ...(preview.cardRefund ? [[t("manage.removeCompanion.cardRefund"), preview.cardRefund] as [string, string]] : []),
    ...(preview.queuedRefund ? [[t("manage.removeCompanion.queuedRefund"), preview.queuedRefund] as [string, string]] : []),
    [t("manage.removeCompanion.newBalance"), preview.newBalance],
  ];
  return (
    <div className="mt-2 w-full space-y-4 rounded-xl bg-navy-50 p-4 ring-1 ring-navy-900/10" data-testid="remove-companion-preview">
      <h3 className="font-semibold text-navy-900">{t("manage.removeCompanion.previewHeading", { name })}</h3>
      <dl className="divide-y divide-navy-900/10">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:justify-between sm:gap-4">
            <dt className="text-ink-soft">{label}</dt>
            <dd className="font-semibold text-navy-900 sm:text-right">{value}</dd>
          </div>
        ))}
      </dl>
      <p>{t("manage.removeCompanion.place")}</p>
      <div className="flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="companion" value={props.uuid} />
          <input type="hidden" name="fee_cents" value={preview.feeCents} />
          <input type="hidden" name="version" value={preview.version} />
          <Button type="submit" variant="danger" disabled={busy}>
            {t("manage.removeCompanion.confirm", { name, fee: preview.fee })}
          </Button>
        </Form>
        <a href={props.selfHref} className={buttonClasses("ghost")}>
          {t("manage.removeCompanion.keep", { name })}
        </a>
      </div>
    </div>
  );
}
