import { useState, type ReactNode } from "react";
import { useTranslation } from "../../../utils/use-translation";
import { Form, Link, useActionData } from "react-router";
import type { BookingEditView } from "../../../../core/contracts/staff-booking-edits";
import type { CompanionType } from "../../../../core/domain/booking-choices";
import { isChosen } from "../../../../core/forms/page-rules";
import type { CountryOption } from "../../../../core/i18n/countries";
import { translatorFor } from "../../../../core/i18n/i18n";
import { ConfirmAction } from "../../../components/admin/confirm-action";
import { buttonClasses } from "../../../components/button";
import { choicesOf, useChoiceText } from "../../../components/booking/kinds/kind-renderer";
import { FormMessage } from "../../../components/field";
import { pageMeta } from "../../../utils/meta";
import type { BookingEditAnswer } from "./booking-edit.server";
import type { Route } from "./+types/booking-edit";

export { loader, action } from "./booking-edit.server";

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData
    ? [
        ...pageMeta(loaderData.locale, translatorFor(loaderData.locale)("admin.bookingEdit.heading", { code: loaderData.view.code ?? "" })),
        { name: "robots", content: "noindex" },
      ]
    : [];

const controlClasses = (invalid: boolean) =>
  `mt-1.5 block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-ink shadow-sm outline-none focus:border-navy-700 focus:ring-2 focus:ring-navy-700/20 ${
    invalid ? "border-danger-700" : "border-navy-900/20"
  }`;

type Item = BookingEditView["items"][number]["item"];
const textOf = (value: unknown) => (typeof value === "string" ? value : "");

/** A label, the control and its error, tied together for screen readers. */
function Labelled({ id, label, error, required, children }: { id: string; label: string; error?: string | undefined; required?: boolean; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-navy-900">
        {label}
        {required && (
          <span aria-hidden="true" className="text-danger-700">
            {" "}
            *
          </span>
        )}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-danger-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** One answer as a simple control per kind (the public form's rules check it on the server). */
function AnswerField({
  item,
  value,
  error,
  countries,
  required,
  onTick,
}: {
  item: Item;
  value: unknown;
  error?: string | undefined;
  countries: CountryOption[];
  /** Required now: the item's own rule, unless the checkbox that shows it is not ticked. */
  required: boolean;
  onTick: (name: string, ticked: boolean) => void;
}) {
  const { t } = useTranslation();
  // A priced choice shows what it adds: picking it re-prices the booking (decision 042).
  const choiceText = useChoiceText();
  const id = `a-${item.uuid}`;
  const name = `a.${item.uuid}`;
  const described = { "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${id}-error` : undefined } as const;
  if (item.kind === "checkbox") {
    return (
      <div>
        <label className="flex items-start gap-3 text-sm font-semibold text-navy-900">
          <input
            id={id}
            type="checkbox"
            name={name}
            defaultChecked={isChosen(value)}
            onChange={(event) => onTick(item.name, event.currentTarget.checked)}
            className="mt-1 h-5 w-5"
            {...described}
          />
          {item.label}
        </label>
        {error && (
          <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-danger-700">
            {error}
          </p>
        )}
      </div>
    );
  }
  if (item.kind === "multiselect") {
    const chosen = Array.isArray(value) ? value.map(String) : [];
    return (
      <fieldset {...described}>
        <legend className="text-sm font-semibold text-navy-900">{item.label}</legend>
        {choicesOf(item).map((choice) => (
          <label key={choice.value} className="mt-1 flex items-center gap-2 text-sm">
            <input type="checkbox" name={name} value={choice.value} defaultChecked={chosen.includes(choice.value)} className="h-5 w-5" />
            {choiceText(choice)}
          </label>
        ))}
        {error && (
          <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-danger-700">
            {error}
          </p>
        )}
      </fieldset>
    );
  }
  const options =
    item.kind === "country_select" || item.kind === "nationality_select"
      ? countries.map((country) => ({ value: country.code, label: country.name }))
      : item.kind === "select" || item.kind === "radio"
        ? choicesOf(item).map((choice) => ({ value: choice.value, label: choiceText(choice) }))
        : null;
  const control = options ? (
    <select id={id} name={name} defaultValue={textOf(value)} className={controlClasses(Boolean(error))} {...described}>
      <option value="">{t("admin.bookingEdit.choose")}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  ) : item.kind === "textarea" || item.kind === "wysiwyg" ? (
    <textarea id={id} name={name} rows={4} defaultValue={textOf(value)} className={controlClasses(Boolean(error))} {...described} />
  ) : (
    <input
      id={id}
      name={name}
      type={item.kind === "date" ? "date" : item.kind === "datetime" ? "datetime-local" : item.kind === "time" ? "time" : "text"}
      defaultValue={textOf(value)}
      className={controlClasses(Boolean(error))}
      {...described}
    />
  );
  return (
    <Labelled id={id} label={item.label} error={error} required={required}>
      {control}
    </Labelled>
  );
}

/** A companion's fields; `prefix` names them (`c.<uuid>.` when saved with the answers, none in the add dialog). */
function CompanionFields({
  idPrefix,
  prefix,
  types,
  values,
  errors,
}: {
  idPrefix: string;
  prefix: string;
  types: CompanionType[];
  values: Partial<Record<string, string | null>>;
  errors?: Record<string, string[]> | undefined;
}) {
  const { t } = useTranslation();
  const field = (name: string) => ({
    id: `${idPrefix}-${name}`,
    name: `${prefix}${name}`,
    "aria-invalid": errors?.[name] ? true : undefined,
    "aria-describedby": errors?.[name] ? `${idPrefix}-${name}-error` : undefined,
  });
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Labelled id={`${idPrefix}-type`} label={t("booking.companions.type")} error={errors?.type?.[0]} required>
        <select {...field("type")} defaultValue={values.type ?? types[0] ?? ""} className={controlClasses(Boolean(errors?.type))}>
          {types.map((type) => (
            <option key={type} value={type}>
              {t(`booking.companions.types.${type}`)}
            </option>
          ))}
        </select>
      </Labelled>
      <Labelled id={`${idPrefix}-salutation`} label={t("booking.companions.salutation")} error={errors?.salutation?.[0]}>
        <select {...field("salutation")} defaultValue={values.salutation ?? ""} className={controlClasses(Boolean(errors?.salutation))}>
          <option value="">{t("admin.bookingEdit.choose")}</option>
          {(["mr", "mrs", "divers"] as const).map((salutation) => (
            <option key={salutation} value={salutation}>
              {t(`booking.salutations.${salutation}`)}
            </option>
          ))}
        </select>
      </Labelled>
      <Labelled id={`${idPrefix}-forename`} label={t("booking.companions.forename")} error={errors?.forename?.[0]} required>
        <input {...field("forename")} defaultValue={values.forename ?? ""} className={controlClasses(Boolean(errors?.forename))} />
      </Labelled>
      <Labelled id={`${idPrefix}-surname`} label={t("booking.companions.surname")} error={errors?.surname?.[0]} required>
        <input {...field("surname")} defaultValue={values.surname ?? ""} className={controlClasses(Boolean(errors?.surname))} />
      </Labelled>
      <Labelled id={`${idPrefix}-date_of_birth`} label={t("booking.companions.dateOfBirth")} error={errors?.date_of_birth?.[0]}>
        <input {...field("date_of_birth")} type="date" defaultValue={values.date_of_birth ?? ""} className={controlClasses(Boolean(errors?.date_of_birth))} />
      </Labelled>
    </div>
  );
}

/**
 * "Tell the customer by e-mail" on each edit form, ticked unless staff untick it (issue 32). The mail
 * waits a few minutes, and further edits join it; the audit row is written either way.
 */
function NotifyCustomer({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <label htmlFor={id} className="flex items-start gap-3 text-sm font-semibold text-navy-900">
        <input id={id} type="checkbox" name="notify" value="on" defaultChecked className="mt-1 h-5 w-5" aria-describedby={`${id}-hint`} />
        {t("admin.bookingEdit.notify")}
      </label>
      <p id={`${id}-hint`} className="mt-1 ml-8 text-sm text-ink-soft">
        {t("admin.bookingEdit.notifyHint")}
      </p>
    </div>
  );
}

export default function AdminBookingEdit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { view, countries, money, detailHref } = loaderData;
  const answer = useActionData<BookingEditAnswer>();
  const typed = answer?.failed && answer.intent === "save" ? answer.values : undefined;
  const valueOf = (item: Item, stored: unknown) => (typed ? (item.kind === "checkbox" ? typed[`a.${item.uuid}`] !== undefined : typed[`a.${item.uuid}`]) : stored);
  const addErrors = answer?.failed && answer.intent === "add-companion" ? answer : undefined;
  // The checkboxes ticked now: the billing address is required only while its checkbox is (issue 32).
  const [ticked, setTicked] = useState(() => new Set(view.items.filter(({ item, value }) => item.kind === "checkbox" && isChosen(value)).map(({ item }) => item.name)));
  const tick = (name: string, on: boolean) =>
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });
  const companionItem = view.companion_item;
  const canAdd = view.editable && companionItem !== null && view.companions.length < companionItem.max_companions;
  return (
    <div className="space-y-6">
      <div>
        <Link to={detailHref} className="text-sm font-semibold text-navy-800 underline underline-offset-4">
          ← {t("admin.bookingEdit.back")}
        </Link>
        <h1 className="mt-2 font-display text-2xl font-semibold text-navy-900 sm:text-3xl">{t("admin.bookingEdit.heading", { code: view.code ?? "" })}</h1>
        <p className="mt-1 text-sm text-ink-soft">{t("admin.bookingEdit.intro")}</p>
        <p className="mt-1 text-sm font-semibold text-navy-900" data-testid="edit-money">
          {money}
        </p>
      </div>
      {answer?.message && <FormMessage tone={answer.failed ? "error" : "success"}>{answer.message}</FormMessage>}
      {!view.editable ? (
        <FormMessage tone="info">{t("admin.bookingEdit.closed")}</FormMessage>
      ) : (
        <Form method="post" className="space-y-6" key={answer?.answerId ?? "form"}>
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="version" value={view.version} />
          <section aria-labelledby="answers-title" className="space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-navy-900/10 sm:p-5">
            <h2 id="answers-title" className="font-display text-xl font-semibold text-navy-900">
              {t("admin.bookingEdit.mainAnswers")}
            </h2>
            {view.items.length === 0 && <p className="text-sm text-ink-soft">{t("admin.bookingEdit.noItems")}</p>}
            {view.items.map(({ item, value, shown_when: shownWhen }) => (
              <AnswerField
                key={item.uuid}
                item={item}
                value={valueOf(item, value)}
                error={answer?.intent === "save" ? answer.fieldErrors?.[item.uuid]?.[0] : undefined}
                countries={countries}
                required={item.required && (shownWhen === null || ticked.has(shownWhen))}
                onTick={tick}
              />
            ))}
          </section>
          {companionItem && (
            <section aria-labelledby="companions-title" className="space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-navy-900/10 sm:p-5">
              <h2 id="companions-title" className="font-display text-xl font-semibold text-navy-900">
                {t("admin.bookingEdit.companions")}
              </h2>
              <p className="text-sm text-ink-soft">{t("admin.bookingEdit.companionsOf", { count: view.companions.length, max: companionItem.max_companions })}</p>
              {view.companions.length === 0 && <p className="text-sm text-ink-soft">{t("admin.bookingEdit.noCompanions")}</p>}
              {view.companions.map((companion, index) => {
                const prefix = `c.${companion.uuid}.`;
                const values = typed
                  ? Object.fromEntries(["type", "salutation", "forename", "surname", "date_of_birth"].map((name) => [name, String(typed[`${prefix}${name}`] ?? "")]))
                  : companion;
                return (
                  <fieldset key={companion.uuid} className="space-y-3 rounded-xl border border-navy-900/10 p-3">
                    <legend className="px-1 font-semibold text-navy-900">{t("booking.companions.companion", { number: index + 1 })}</legend>
                    <CompanionFields
                      idPrefix={`c-${companion.uuid}`}
                      prefix={prefix}
                      types={companionItem.types}
                      values={values}
                      errors={answer?.intent === "save" ? answer.participantErrors?.[companion.uuid] : undefined}
                    />
                  </fieldset>
                );
              })}
            </section>
          )}
          <NotifyCustomer id="notify-save" />
          <button type="submit" className={buttonClasses("primary", "md")}>
            {t("admin.bookingEdit.save")}
          </button>
        </Form>
      )}
      {view.editable && companionItem && (
        <div className="flex flex-wrap gap-2">
            {canAdd && (
              <ConfirmAction
                key={addErrors ? addErrors.answerId : "add"}
                defaultOpen={Boolean(addErrors?.fieldErrors)}
                label={t("admin.bookingEdit.add")}
                title={t("admin.bookingEdit.addTitle")}
                confirmLabel={t("admin.bookingEdit.addConfirm")}
                fields={{ intent: "add-companion", version: String(view.version) }}
              >
                <p>{t("admin.bookingEdit.addText")}</p>
                <CompanionFields
                  idPrefix="new-companion"
                  prefix=""
                  types={companionItem.types}
                  values={Object.fromEntries(Object.entries(addErrors?.values ?? {}).map(([key, value]) => [key, String(value)]))}
                  errors={addErrors?.fieldErrors}
                />
                <NotifyCustomer id="notify-add" />
              </ConfirmAction>
            )}
            {view.companions.map((companion) => {
              const name = [companion.forename, companion.surname].filter(Boolean).join(" ");
              return (
                <ConfirmAction
                  key={companion.uuid}
                  label={t("admin.bookingEdit.remove", { name })}
                  title={t("admin.bookingEdit.removeTitle", { name })}
                  confirmLabel={t("admin.bookingEdit.removeConfirm")}
                  fields={{ intent: "remove-companion", version: String(view.version), companion: companion.uuid }}
                  tone="danger"
                >
                  <p>{t("admin.bookingEdit.removeText")}</p>
                  <NotifyCustomer id={`notify-remove-${companion.uuid}`} />
                </ConfirmAction>
              );
            })}
        </div>
      )}
    </div>
  );
}
