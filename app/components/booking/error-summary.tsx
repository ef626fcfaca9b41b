import type { MouseEvent, Ref } from "react";
import { Link } from "react-router";
import type { FieldErrors } from "../../../core/contracts/errors";
import type { CompanionView } from "../../../core/contracts/bookings";
import type { PublicFormItem } from "../../../core/contracts/forms";
import { useTranslation } from "../../utils/use-translation";
import { FormMessage } from "../field";

/** One error of the page: the id of the field it is about, and what the link says. */
export type ErrorEntry = { id: string; text: string };

/** The id an item's error leads to: the control itself, or the group or section that holds its choices. */
export const fieldIdOf = (item: PublicFormItem) => (item.kind === "companion" ? "companions" : `item-${item.uuid}`);

/**
 * The page's errors in page order, each with the field it points at: the items' errors, then the
 * companions' (their fields' ids are `companion-<uuid>-<field>`, as the companion editor names them).
 */
export function errorEntries(
  items: PublicFormItem[],
  errors: FieldErrors,
  participantErrors: Record<string, FieldErrors>,
  companionFieldLabel: (participantUuid: string, field: string) => string,
): ErrorEntry[] {
  const ofItems = items.flatMap((item) => {
    const message = errors[item.uuid]?.[0];
    return message ? [{ id: fieldIdOf(item), text: `${item.label}: ${message}` }] : [];
  });
  const ofCompanions = Object.entries(participantErrors).flatMap(([participantUuid, fields]) =>
    Object.entries(fields).flatMap(([field, messages]) =>
      messages[0] ? [{ id: `companion-${participantUuid}-${field}`, text: `${companionFieldLabel(participantUuid, field)}: ${messages[0]}` }] : [],
    ),
  );
  return [...ofItems, ...ofCompanions];
}

/**
 * With scripts the link focuses its field without changing the address: a fragment navigation is a
 * navigation to React Router, which would drop the action's answer (its errors and the draft's new
 * version, so the next save would be refused as stale). Without scripts it is a plain #id link.
 */
function focusField(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const field = document.getElementById(id);
  if (!field) return;
  event.preventDefault();
  field.focus();
}

/**
 * The error summary of a refused page (GOV.UK's pattern): a heading with the count, the message, and a
 * link to each field in error. The links are plain fragment links, so they work without scripts too;
 * the page moves the focus here after a refused save.
 */
export function ErrorSummary({
  summaryRef,
  message,
  items,
  errors,
  participantErrors,
  companions,
  pageLinks,
}: {
  summaryRef: Ref<HTMLDivElement>;
  message: string;
  items: PublicFormItem[];
  errors: FieldErrors;
  participantErrors: Record<string, FieldErrors>;
  companions: Pick<CompanionView, "uuid">[];
  pageLinks: { href: string; text: string }[];
}) {
  const { t } = useTranslation();
  const companionFieldLabel = (participantUuid: string, field: string) => {
    const number = companions.findIndex((companion) => companion.uuid === participantUuid) + 1;
    const labels: Record<string, string | undefined> = {
      type: t("booking.companions.type"),
      salutation: t("booking.companions.salutation"),
      forename: t("booking.companions.forename"),
      surname: t("booking.companions.surname"),
      date_of_birth: t("booking.companions.dateOfBirth"),
    };
    return `${t("booking.companions.companion", { number })}, ${labels[field] ?? field}`;
  };
  const entries = errorEntries(items, errors, participantErrors, companionFieldLabel);
  return (
    <div
      className="mb-6 space-y-2 outline-none"
      ref={summaryRef}
      tabIndex={-1}
      data-testid="error-summary"
      aria-labelledby={entries.length ? "error-summary-title" : undefined}
    >
      {entries.length > 0 && (
        <h2 id="error-summary-title" className="font-display text-lg font-bold text-danger-700">
          {t("booking.errorSummaryTitle", { count: entries.length })}
        </h2>
      )}
      <FormMessage tone="error">{message}</FormMessage>
      {entries.length + pageLinks.length > 0 && (
        <ul className="list-disc space-y-1 pl-5 text-sm text-danger-700">
          {entries.map((entry) => (
            <li key={entry.id}>
              <a href={`#${entry.id}`} onClick={(event) => focusField(event, entry.id)} className="font-medium underline underline-offset-2">
                {entry.text}
              </a>
            </li>
          ))}
          {pageLinks.map((link) => (
            <li key={link.href}>
              <Link to={link.href} className="font-medium underline underline-offset-2">
                {link.text}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
