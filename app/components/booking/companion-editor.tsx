import { useTranslation } from "../../utils/use-translation";
import type { CompanionView } from "../../../core/contracts/bookings";
import type { FieldErrors } from "../../../core/contracts/errors";
import type { PublicFormItem } from "../../../core/contracts/forms";
import { companionItemOptions } from "../../../core/domain/booking-choices";
import { companionField, companionListField } from "../../utils/booking-field-names";
import { Button } from "../button";
import { controlClasses, describedBy, ErrorText, Hint, ItemFrame } from "./item-frame";
import type { FormattedPrice } from "./kinds/kind-renderer";

/**
 * The companions of the booking: one fieldset each, with a remove button, and an add button up to
 * the form's maximum. Both buttons submit the page (its answers are saved first), so they work
 * without scripts too.
 */
export function CompanionEditor({
  item,
  companions,
  error,
  participantErrors,
  prices,
  today,
  onEdit,
}: {
  item: PublicFormItem;
  companions: CompanionView[];
  error?: string | undefined;
  participantErrors: Record<string, FieldErrors>;
  prices: FormattedPrice[];
  today: string;
  onEdit: (participantUuid: string, field: string) => void;
}) {
  const { t } = useTranslation();
  const options = companionItemOptions(item.options);
  const id = `item-${item.uuid}`;
  const full = companions.length >= options.maxCompanions;
  return (
    <section
      id="companions"
      tabIndex={-1}
      aria-labelledby={`${id}-title`}
      aria-describedby={describedBy(id, error, item.help)}
      className="scroll-mt-24 outline-none"
    >
      <h2 id={`${id}-title`} className="font-display text-xl font-bold text-navy-900">
        {item.label}
      </h2>
      <Hint id={id} help={item.help} />
      <p className="mt-1 text-xs text-ink-soft">{t("booking.companions.maximum", { count: options.maxCompanions })}</p>
      {companions.length === 0 && <p className="mt-3 text-sm text-ink-soft">{t("booking.companions.none")}</p>}
      <ol className="mt-3 space-y-4">
        {companions.map((companion, index) => {
          const errors = participantErrors[companion.uuid] ?? {};
          const fieldId = (field: string) => `companion-${companion.uuid}-${field}`;
          const number = index + 1;
          const displayName = [companion.forename, companion.surname].filter(Boolean).join(" ") || t("booking.companions.companion", { number });
          return (
            <li key={companion.uuid}>
              <fieldset
                className={`min-w-0 rounded-xl p-4 ring-1 ${Object.keys(errors).length ? "ring-danger-700/50" : "ring-navy-900/15"}`}
                aria-invalid={Object.keys(errors).length ? true : undefined}
              >
                <legend className="px-1 text-sm font-semibold text-navy-900">{t("booking.companions.companion", { number })}</legend>
                <input type="hidden" name={companionListField} value={companion.uuid} />
                {/* Grid cells may shrink below their select's longest option ("Adult (€1,290.00)"), so nothing is cut off on phones. */}
                <div className="grid gap-4 sm:grid-cols-2 [&>*]:min-w-0">
                  <ItemFrame id={fieldId("type")} label={t("booking.companions.type")} required error={errors.type?.[0]}>
                    <select
                      id={fieldId("type")}
                      name={companionField(companion.uuid, "type")}
                      required
                      defaultValue={companion.type ?? ""}
                      aria-invalid={errors.type ? true : undefined}
                      aria-describedby={describedBy(fieldId("type"), errors.type?.[0])}
                      onChange={() => onEdit(companion.uuid, "type")}
                      className={controlClasses(errors.type?.[0])}
                    >
                      <option value="">{t("booking.choose")}</option>
                      {options.types.map((type) => {
                        const price = prices.find((candidate) => candidate.kind === "companion" && candidate.key === type);
                        return (
                          <option key={type} value={type}>
                            {t(`booking.companions.types.${type}`)}
                            {price ? ` (${price.amount})` : ""}
                          </option>
                        );
                      })}
                    </select>
                  </ItemFrame>
                  <ItemFrame id={fieldId("salutation")} label={t("booking.companions.salutation")} required={false} error={errors.salutation?.[0]}>
                    <select
                      id={fieldId("salutation")}
                      name={companionField(companion.uuid, "salutation")}
                      defaultValue={companion.salutation ?? ""}
                      onChange={() => onEdit(companion.uuid, "salutation")}
                      className={controlClasses(errors.salutation?.[0])}
                    >
                      <option value="">{t("booking.choose")}</option>
                      {(["mr", "mrs", "divers"] as const).map((salutation) => (
                        <option key={salutation} value={salutation}>
                          {t(`booking.salutations.${salutation}`)}
                        </option>
                      ))}
                    </select>
                  </ItemFrame>
                  {(["forename", "surname"] as const).map((field) => (
                    <ItemFrame key={field} id={fieldId(field)} label={t(`booking.companions.${field}`)} required error={errors[field]?.[0]}>
                      <input
                        id={fieldId(field)}
                        name={companionField(companion.uuid, field)}
                        required
                        autoComplete="off"
                        defaultValue={companion[field] ?? ""}
                        aria-invalid={errors[field] ? true : undefined}
                        aria-describedby={describedBy(fieldId(field), errors[field]?.[0])}
                        onInput={() => onEdit(companion.uuid, field)}
                        className={controlClasses(errors[field]?.[0])}
                      />
                    </ItemFrame>
                  ))}
                  <ItemFrame id={fieldId("date_of_birth")} label={t("booking.companions.dateOfBirth")} required={false} error={errors.date_of_birth?.[0]}>
                    <input
                      id={fieldId("date_of_birth")}
                      name={companionField(companion.uuid, "date_of_birth")}
                      type="date"
                      max={today}
                      defaultValue={companion.date_of_birth ?? ""}
                      aria-invalid={errors.date_of_birth ? true : undefined}
                      aria-describedby={describedBy(fieldId("date_of_birth"), errors.date_of_birth?.[0])}
                      onInput={() => onEdit(companion.uuid, "date_of_birth")}
                      className={controlClasses(errors.date_of_birth?.[0])}
                    />
                  </ItemFrame>
                </div>
                <Button type="submit" name="intent" value={`remove-companion:${companion.uuid}`} formNoValidate variant="ghost" size="sm" className="mt-4">
                  {t("booking.companions.remove", { name: displayName })}
                </Button>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <ErrorText id={id} error={error} />
      <Button type="submit" name="intent" value="add-companion" formNoValidate variant="secondary" size="sm" className="mt-4" disabled={full}>
        {t("booking.companions.add")}
      </Button>
      {full && <p className="mt-2 text-sm text-ink-soft">{t("validation.maxCompanions")}</p>}
    </section>
  );
}
