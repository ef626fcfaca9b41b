import type { ComponentType } from "react";
import { useTranslation } from "../../../utils/use-translation";
import type { FormDefinitionItem, FormDefinitionPage } from "../../../../core/contracts/form-definitions";
import { emptyLocalizedText, type LocalizedText } from "../../../../core/contracts/localized-text";
import { companionTypes } from "../../../../core/domain/booking-choices";
import { replacedOptions } from "../../../../core/forms/form-definition-rules";
import { takesAnswer } from "../../../../core/forms/kinds";
import {
  answerOptionFields,
  kindEditing,
  uploadMediaTypes,
  vehicleAddons,
  type OptionField,
  type OptionFieldType,
} from "../../../../core/forms/kind-option-fields";
import { defaultLocale, localeNames, locales } from "../../../../core/i18n/locales";
import { RichTextEditor } from "../rich-text-editor";
import { useTextIn } from "./use-form-builder";
import { CheckboxControl, CheckboxGroup, MoneyControl, SelectControl, smallButton, TextControl } from "./controls";

/** What the option editors offer from the event: its prices, vehicles and days. */
export type EventOffer = { prices: { key: string; label: string }[]; vehicleKeys: string[]; days: number[] };

type FieldProps<Type extends OptionFieldType> = {
  field: Extract<OptionField, { type: Type }>;
  value: unknown;
  /** `undefined` removes the option (the kind's default applies). */
  set: (value: unknown) => void;
  id: string;
  label: string;
  errors: readonly string[] | undefined;
  page: FormDefinitionPage;
  offer: EventOffer;
};

const text = (value: unknown) => (typeof value === "string" ? value : "");
const strings = (value: unknown) => (Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === "string") : []);
const localized = (value: unknown): LocalizedText =>
  value !== null && typeof value === "object" && defaultLocale in value
    ? (value as LocalizedText)
    : { ...emptyLocalizedText(), [defaultLocale]: typeof value === "string" ? value : "" };
const numberOrUndefined = (raw: string) => (raw.trim() === "" || Number.isNaN(Number(raw)) ? undefined : Number(raw));
const mediaTypeNames: Record<(typeof uploadMediaTypes)[number], string> = {
  "application/pdf": "PDF",
  "image/jpeg": "JPEG",
  "image/png": "PNG",
  "video/mp4": "MP4",
  "video/quicktime": "MOV (QuickTime)",
  "video/webm": "WebM",
  "video/x-matroska": "MKV (Matroska)",
};

type Choice = { value: string; label: LocalizedText; price_cents?: number };
const choicesOf = (value: unknown): Choice[] =>
  Array.isArray(value)
    ? value.map((entry: unknown) => {
        const raw = (entry ?? {}) as Record<string, unknown>;
        const price = typeof raw.price_cents === "number" ? { price_cents: raw.price_cents } : {};
        return { value: text(raw.value), label: localized(raw.label), ...price };
      })
    : [];

function ChoicesEditor({ value, set, id, label, errors }: FieldProps<"choices">) {
  const { t } = useTranslation();
  const choices = choicesOf(value);
  const change = (index: number, next: Choice) => set(choices.map((choice, at) => (at === index ? next : choice)));
  return (
    <fieldset aria-describedby={errors?.length ? `${id}-error` : undefined} className="space-y-3">
      <legend className="text-sm font-semibold text-navy-900">{label}</legend>
      {choices.map((choice, index) => (
        <div key={index} className="grid gap-2 rounded-lg bg-navy-50/60 p-3 sm:grid-cols-[1fr_1fr_1fr_8rem_auto] sm:items-end">
          <TextControl
            id={`${id}-${index}-value`}
            label={t("admin.formBuilder.choiceValue", { number: index + 1 })}
            value={choice.value}
            onValue={(next) => change(index, { ...choice, value: next })}
          />
          {locales.map((locale) => (
            <TextControl
              key={locale}
              id={`${id}-${index}-label-${locale}`}
              label={t("admin.formBuilder.choiceLabel", { number: index + 1, language: localeNames[locale] })}
              lang={locale}
              value={choice.label[locale] ?? ""}
              onValue={(next) => change(index, { ...choice, label: { ...choice.label, [locale]: next } })}
            />
          ))}
          <MoneyControl
            id={`${id}-${index}-price`}
            label={t("admin.formBuilder.choicePrice", { number: index + 1 })}
            cents={choice.price_cents}
            onCents={(cents) => {
              const rest: Choice = { value: choice.value, label: choice.label };
              change(index, cents === undefined ? rest : { ...rest, price_cents: cents });
            }}
          />
          <button
            type="button"
            className={smallButton}
            aria-label={t("admin.formBuilder.removeChoice", { number: index + 1 })}
            onClick={() => set(choices.filter((_, at) => at !== index))}
          >
            {t("admin.formBuilder.remove")}
          </button>
        </div>
      ))}
      <button type="button" className={smallButton} onClick={() => set([...choices, { value: "", label: emptyLocalizedText() }])}>
        {t("admin.formBuilder.addChoice")}
      </button>
      {errors?.length ? (
        <p id={`${id}-error`} className="text-sm font-medium text-danger-700">
          {errors.join(" ")}
        </p>
      ) : null}
    </fieldset>
  );
}

function LocalizedTextEditor({ field, value, set, id, label, errors }: FieldProps<"localizedText">) {
  const current = localized(value);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {locales.map((locale) => (
        <TextControl
          key={locale}
          id={`${id}-${locale}`}
          label={`${label} (${localeNames[locale]})`}
          lang={locale}
          multiline={field.multiline ?? false}
          value={current[locale] ?? ""}
          errors={locale === defaultLocale ? errors : undefined}
          onValue={(next) => set({ ...current, [locale]: next })}
        />
      ))}
    </div>
  );
}

function RichTextField({ value, set, id, label, errors }: FieldProps<"richText">) {
  const { t } = useTranslation();
  const current = localized(value);
  return (
    <div className="grid gap-3 lg:grid-cols-2">
      {locales.map((locale) => (
        <RichTextEditor
          key={locale}
          id={`${id}-${locale}`}
          name={`${id}-${locale}`}
          label={`${label} (${localeNames[locale]})`}
          initialHtml={current[locale] ?? ""}
          error={locale === defaultLocale ? errors?.join(" ") : undefined}
          errorId={`${id}-${locale}-error`}
          hint={t("admin.pages.editor.htmlNote")}
          lang={locale}
          onChange={(html) => set({ ...localized(value), [locale]: html })}
        />
      ))}
    </div>
  );
}

function TextEditor({ value, set, id, label, errors }: FieldProps<"text">) {
  return <TextControl id={id} label={label} value={text(value)} errors={errors} onValue={(next) => set(next === "" ? undefined : next)} />;
}

function CountryCodeEditor({ value, set, id, label, errors }: FieldProps<"countryCode">) {
  const { t } = useTranslation();
  return (
    <TextControl
      id={id}
      label={label}
      value={text(value)}
      maxLength={2}
      autoCapitalize="characters"
      hint={t("admin.formBuilder.countryHint")}
      errors={errors}
      onValue={(next) => set(next.trim() === "" ? undefined : next.trim().toUpperCase())}
    />
  );
}

function DateBoundEditor({ value, set, id, label, errors }: FieldProps<"dateBound">) {
  const { t } = useTranslation();
  return (
    <TextControl
      id={id}
      label={label}
      value={text(value)}
      hint={t("admin.formBuilder.dateBoundHint")}
      errors={errors}
      onValue={(next) => set(next.trim() === "" ? undefined : next.trim())}
    />
  );
}

function TimeEditor({ value, set, id, label, errors }: FieldProps<"time">) {
  return <TextControl id={id} type="time" label={label} value={text(value)} errors={errors} onValue={(next) => set(next === "" ? undefined : next)} />;
}

function NumberEditor({ field, value, set, id, label, errors }: FieldProps<"number">) {
  return (
    <TextControl
      id={id}
      type="number"
      min={field.min}
      label={label}
      value={typeof value === "number" ? String(value) : ""}
      errors={errors}
      onValue={(next) => set(numberOrUndefined(next))}
    />
  );
}

const megabyte = 1024 * 1024;
function MegabytesEditor({ value, set, id, label, errors }: FieldProps<"megabytes">) {
  return (
    <TextControl
      id={id}
      type="number"
      min={1}
      label={label}
      value={typeof value === "number" ? String(Math.round((value / megabyte) * 10) / 10) : ""}
      errors={errors}
      onValue={(next) => {
        const amount = numberOrUndefined(next);
        set(amount === undefined ? undefined : Math.round(amount * megabyte));
      }}
    />
  );
}

function FlagEditor({ value, set, id, label }: FieldProps<"flag">) {
  return <CheckboxControl id={id} label={label} checked={value === true} onChecked={(checked) => set(checked)} />;
}

function OneOfEditor({ field, value, set, id, label, errors }: FieldProps<"oneOf">) {
  const { t } = useTranslation();
  const options = [
    { value: "", label: t("admin.formBuilder.defaultValue") },
    ...field.values.map((entry) => ({ value: entry, label: t(`admin.formBuilder.values.${entry}`) })),
  ];
  return <SelectControl id={id} label={label} value={text(value)} options={options} errors={errors} onValue={(next) => set(next === "" ? undefined : next)} />;
}

function SomeOfEditor({ field, value, set, id, label, errors, offer }: FieldProps<"someOf">) {
  const { t } = useTranslation();
  const chosen = strings(value);
  const offered = {
    priceKeys: offer.prices.map((price) => ({ value: price.key, label: `${price.label} (${price.key})` })),
    vehicleKeys: offer.vehicleKeys.map((key) => ({ value: key, label: key })),
    addons: vehicleAddons.map((key) => ({ value: key, label: t(`admin.events.resourceKinds.${key}`) })),
    mediaTypes: uploadMediaTypes.map((type) => ({ value: type, label: mediaTypeNames[type] })),
  }[field.from];
  // A chosen key the event no longer offers stays listed, so that it can be taken away.
  const stale = chosen.filter((key) => !offered.some((option) => option.value === key)).map((key) => ({ value: key, label: key }));
  return (
    <CheckboxGroup
      id={id}
      legend={label}
      options={[...offered, ...stale]}
      chosen={chosen}
      onChosen={set}
      errors={errors}
      empty={t("admin.formBuilder.nothingOffered")}
    />
  );
}

function CompanionTypesEditor({ value, set, id, label, errors }: FieldProps<"companionTypes">) {
  const { t } = useTranslation();
  const chosen = (Array.isArray(value) ? value : []).flatMap((entry: unknown) => {
    const type = entry !== null && typeof entry === "object" && "type" in entry ? entry.type : entry;
    return typeof type === "string" ? [type] : [];
  });
  return (
    <CheckboxGroup
      id={id}
      legend={label}
      options={companionTypes.map((type) => ({ value: type, label: t(`admin.booking.companionTypes.${type}`) }))}
      chosen={chosen}
      // Each type is priced by the price list's row of the same key, as the seed's forms write it.
      onChosen={(types) => set(types.map((type) => ({ type, priceKey: type })))}
      errors={errors}
      empty=""
    />
  );
}

function DaysEditor({ value, set, id, label, errors, offer }: FieldProps<"days">) {
  const { t } = useTranslation();
  const chosen = (Array.isArray(value) ? value : []).filter((day): day is number => typeof day === "number").map(String);
  const days = offer.days.length ? offer.days : [1, 2];
  return (
    <CheckboxGroup
      id={id}
      legend={label}
      options={days.map((day) => ({ value: String(day), label: t("admin.formBuilder.day", { day }) }))}
      chosen={chosen}
      onChosen={(next) => set(next.map(Number).sort((a, b) => a - b))}
      errors={errors}
      empty=""
    />
  );
}

function ItemNameEditor({ field, value, set, id, label, errors, page }: FieldProps<"itemName">) {
  const { t } = useTranslation();
  const textIn = useTextIn();
  const candidates = page.items.filter((entry) => field.kinds.includes(entry.kind));
  const options = [
    { value: "", label: t("admin.formBuilder.none") },
    ...candidates.map((entry) => ({ value: entry.name, label: `${textIn(entry.label) || entry.name} (${entry.name})` })),
  ];
  const current = text(value);
  if (current && !candidates.some((entry) => entry.name === current)) options.push({ value: current, label: current });
  return <SelectControl id={id} label={label} value={current} options={options} errors={errors} onValue={(next) => set(next === "" ? undefined : next)} />;
}

/** One editor per type of option field; the compiler asks for every type. */
const fieldEditors: { [Type in OptionFieldType]: ComponentType<FieldProps<Type>> } = {
  choices: ChoicesEditor,
  localizedText: LocalizedTextEditor,
  richText: RichTextField,
  text: TextEditor,
  countryCode: CountryCodeEditor,
  dateBound: DateBoundEditor,
  time: TimeEditor,
  number: NumberEditor,
  megabytes: MegabytesEditor,
  flag: FlagEditor,
  oneOf: OneOfEditor,
  someOf: SomeOfEditor,
  companionTypes: CompanionTypesEditor,
  days: DaysEditor,
  itemName: ItemNameEditor,
};

function OptionFieldEditor(props: Omit<FieldProps<OptionFieldType>, "field"> & { field: OptionField }) {
  // Each field is handed to the editor of its own type (the map above is keyed by that type).
  const Editor = fieldEditors[props.field.type] as ComponentType<FieldProps<OptionFieldType>>;
  return <Editor {...props} field={props.field as never} />;
}

/**
 * The kind's own options (the fields `kindEditing` lists for it), then "may be completed later" and
 * "not required when" for kinds that take an answer. An option the kind's schema would replace is
 * flagged at once, with the same check the server refuses a save with (`replacedOptions`).
 */
export function KindOptionsEditor({
  item,
  page,
  offer,
  errorsOf,
  onOptions,
}: {
  item: FormDefinitionItem;
  page: FormDefinitionPage;
  offer: EventOffer;
  errorsOf: (field: string) => readonly string[] | undefined;
  onOptions: (key: string, value: unknown) => void;
}) {
  const { t } = useTranslation();
  const replaced = new Set(replacedOptions(item));
  const fields = [...kindEditing[item.kind].fields, ...(takesAnswer(item) ? answerOptionFields : [])];
  if (fields.length === 0) return <p className="text-sm text-ink-soft">{t("admin.formBuilder.noOptions")}</p>;
  return (
    <div className="space-y-4">
      {fields.map((field) => {
        const served = errorsOf(`options.${field.key}`);
        const errors = served ?? (replaced.has(field.key) ? [t("formDefinition.optionInvalid")] : undefined);
        return (
          <OptionFieldEditor
            key={`${item.uuid}-${field.key}`}
            field={field}
            value={item.options[field.key]}
            set={(value) => onOptions(field.key, value)}
            id={`item-${item.uuid}-options-${field.key}`}
            label={t(`admin.formBuilder.options.${field.key}`)}
            errors={errors}
            page={page}
            offer={offer}
          />
        );
      })}
    </div>
  );
}
