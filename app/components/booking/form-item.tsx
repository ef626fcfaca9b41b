import { useTranslation } from "react-i18next";
import type { BookingView } from "../../../core/contracts/bookings";
import type { PublicFormItem } from "../../../core/contracts/forms";
import { localizePath } from "../../../core/i18n/locales";
import { answerField } from "../../utils/booking-form-data";
import { useLocale } from "../../utils/locale";
import { ChoiceGroup, controlClasses, describedBy, ItemFrame } from "./item-frame";

export type CountryOption = { code: string; name: string };
export type FormattedPrice = { kind: string; key: string; label: string; amount: string; per_day: boolean };

type Choice = { value: string; label: string };
function choicesOf(item: PublicFormItem): Choice[] {
  const choices = item.options.choices;
  if (!Array.isArray(choices)) return [];
  return choices.flatMap((choice): Choice[] =>
    choice && typeof choice === "object" && typeof choice.value === "string" && typeof choice.label === "string"
      ? [{ value: choice.value, label: choice.label }]
      : [],
  );
}

const text = (value: unknown) => (typeof value === "string" ? value : "");
const stringOption = (item: PublicFormItem, key: string) => (typeof item.options[key] === "string" ? (item.options[key] as string) : undefined);
const isTicked = (value: unknown) => value === true || value === "true" || value === "on";

/** `today` bounds of date items resolved to the operator's date, as the server validates them. */
function dateBound(value: unknown, today: string): string | undefined {
  if (value === "today") return today;
  return typeof value === "string" ? value : undefined;
}

export type SimpleItemProps = {
  item: PublicFormItem;
  answer: BookingView["answers"][string] | undefined;
  error?: string | undefined;
  today: string;
  countries: CountryOption[];
  prices: FormattedPrice[];
  onEdit: (uuid: string) => void;
};

/**
 * One form item of the kinds that are a plain control or plain content. Companions, uploads and
 * vehicles have their own components; groups are rendered by the page around their children.
 */
export function SimpleFormItem({ item, answer, error, today, countries, prices, onEdit }: SimpleItemProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = `item-${item.uuid}`;
  const name = answerField(item.uuid);
  const common = {
    id,
    name,
    required: item.required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(id, error, item.help),
    onInput: () => onEdit(item.uuid),
  } as const;
  const frame = { id, label: item.label, required: item.required, help: item.help, error };

  switch (item.kind) {
    case "headline":
      return (
        <div className="border-b border-navy-900/10 pb-2 pt-2">
          <h2 className="font-display text-xl font-bold text-navy-900">{item.label}</h2>
          {item.help && <p className="mt-1 text-sm text-ink-soft">{item.help}</p>}
        </div>
      );
    case "html":
    case "wysiwyg":
      return (
        <section aria-label={item.label} className="rounded-xl bg-navy-50 px-4 py-3 text-sm leading-relaxed text-ink">
          <h2 className="font-semibold text-navy-900">{item.label}</h2>
          {/* Safe as raw HTML: getPublicForm (server/catalog/forms.ts) runs it through sanitizeRichText (server/rich-text.ts) when serving the form. */}
          <div className="rich-text mt-1 [&_li]:ml-5 [&_li]:list-disc [&_p]:mt-1" dangerouslySetInnerHTML={{ __html: text(item.options.html) }} />
        </section>
      );
    case "image":
      return (
        <figure>
          <img
            src={text(item.options.src)}
            alt={text(item.options.alt) || item.label}
            className="aspect-[16/7] w-full rounded-xl object-cover"
            loading="lazy"
          />
          <figcaption className="mt-1 text-xs text-ink-soft">{item.label}</figcaption>
        </figure>
      );
    case "price_list": {
      const keys = Array.isArray(item.options.priceKeys) ? (item.options.priceKeys as unknown[]) : [];
      const rows = prices.filter((price) => keys.includes(price.key));
      return (
        <section aria-labelledby={`${id}-title`}>
          <h2 id={`${id}-title`} className="text-sm font-semibold text-navy-900">
            {item.label}
          </h2>
          <table className="mt-2 w-full text-sm">
            <tbody>
              {rows.map((price) => (
                <tr key={`${price.kind}:${price.key}`} className="border-b border-navy-900/10 last:border-0">
                  <th scope="row" className="py-1.5 text-left font-normal text-ink">
                    {price.label}
                  </th>
                  <td className="py-1.5 text-right font-semibold tabular-nums text-navy-900">
                    {price.amount}
                    {price.per_day && <span className="font-normal text-ink-soft"> {t("booking.perDay")}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      );
    }
    case "input": {
      const type = stringOption(item, "type");
      const maxLength = typeof item.options.maxLength === "number" ? item.options.maxLength : undefined;
      const autoComplete = autoCompleteOf(item.name);
      return (
        <ItemFrame {...frame}>
          <input
            {...common}
            type={type === "email" ? "email" : "text"}
            inputMode={type === "number" ? "decimal" : undefined}
            maxLength={maxLength}
            autoComplete={autoComplete}
            defaultValue={text(answer)}
            className={controlClasses(error)}
          />
        </ItemFrame>
      );
    }
    case "textarea":
      return (
        <ItemFrame {...frame}>
          <textarea
            {...common}
            rows={4}
            maxLength={typeof item.options.maxLength === "number" ? item.options.maxLength : undefined}
            defaultValue={text(answer)}
            className={controlClasses(error)}
          />
        </ItemFrame>
      );
    case "international_phone":
      return (
        <ItemFrame {...frame}>
          <input {...common} type="tel" autoComplete="tel" placeholder="+49 89 1234567" defaultValue={text(answer)} className={controlClasses(error)} />
        </ItemFrame>
      );
    case "date":
      return (
        <ItemFrame {...frame}>
          <input
            {...common}
            type="date"
            min={dateBound(item.options.min, today)}
            max={dateBound(item.options.max, today)}
            defaultValue={text(answer)}
            className={controlClasses(error)}
          />
        </ItemFrame>
      );
    case "datetime":
      return (
        <ItemFrame {...frame}>
          <input {...common} type="datetime-local" defaultValue={text(answer)} className={controlClasses(error)} />
        </ItemFrame>
      );
    case "time": {
      const step = typeof item.options.stepMinutes === "number" ? item.options.stepMinutes * 60 : undefined;
      return (
        <ItemFrame {...frame}>
          <input
            {...common}
            type="time"
            min={stringOption(item, "min")}
            max={stringOption(item, "max")}
            step={step}
            defaultValue={text(answer)}
            className={controlClasses(error)}
          />
        </ItemFrame>
      );
    }
    case "select":
      return (
        <ItemFrame {...frame}>
          <select {...common} onChange={() => onEdit(item.uuid)} defaultValue={text(answer)} className={controlClasses(error)}>
            <option value="">{t("booking.choose")}</option>
            {choicesOf(item).map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </ItemFrame>
      );
    case "country_select":
    case "nationality_select":
      return (
        <ItemFrame {...frame}>
          <select
            {...common}
            autoComplete={item.kind === "country_select" ? "country" : undefined}
            onChange={() => onEdit(item.uuid)}
            defaultValue={text(answer) || stringOption(item, "default") || ""}
            className={controlClasses(error)}
          >
            <option value="">{t("booking.choose")}</option>
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
        </ItemFrame>
      );
    case "radio":
      return (
        <ChoiceGroup {...frame}>
          {choicesOf(item).map((choice) => (
            <label key={choice.value} className="flex items-start gap-2.5 text-sm text-ink">
              <input
                type="radio"
                name={name}
                value={choice.value}
                required={item.required}
                defaultChecked={text(answer) === choice.value}
                onChange={() => onEdit(item.uuid)}
                className="mt-0.5 h-4 w-4 accent-navy-800"
              />
              {choice.label}
            </label>
          ))}
        </ChoiceGroup>
      );
    case "multiselect": {
      const chosen = Array.isArray(answer) ? answer : [];
      return (
        <ChoiceGroup {...frame}>
          {choicesOf(item).map((choice) => (
            <label key={choice.value} className="flex items-start gap-2.5 text-sm text-ink">
              <input
                type="checkbox"
                name={name}
                value={choice.value}
                defaultChecked={chosen.includes(choice.value)}
                onChange={() => onEdit(item.uuid)}
                className="mt-0.5 h-4 w-4 accent-navy-800"
              />
              {choice.label}
            </label>
          ))}
        </ChoiceGroup>
      );
    }
    case "checkbox": {
      const termsSlug = stringOption(item, "termsPageSlug");
      return (
        <div>
          <label className="flex items-start gap-2.5 text-sm text-ink">
            <input
              {...common}
              type="checkbox"
              value="true"
              defaultChecked={isTicked(answer)}
              onChange={() => onEdit(item.uuid)}
              className="mt-0.5 h-4 w-4 shrink-0 accent-navy-800"
            />
            <span>
              {item.label}
              {item.required && (
                <span aria-hidden="true" className="text-danger-700">
                  {" "}
                  *
                </span>
              )}
            </span>
          </label>
          {termsSlug && (
            <p className="ml-6.5 mt-1 text-sm">
              <a href={localizePath(`/${termsSlug}`, locale)} target="_blank" rel="noopener" className="font-medium text-navy-800 underline underline-offset-2">
                {t("booking.termsLink")}
              </a>
            </p>
          )}
          {item.help && (
            <p id={`${id}-hint`} className="ml-6.5 mt-1 text-xs text-ink-soft">
              {item.help}
            </p>
          )}
          {error && (
            <p id={`${id}-error`} className="ml-6.5 mt-1 text-sm font-medium text-danger-700">
              {error}
            </p>
          )}
        </div>
      );
    }
    case "sma": {
      const [choice] = choicesOf(item);
      const description = stringOption(item, "description");
      return (
        <section aria-labelledby={`${id}-title`} className="rounded-xl ring-1 ring-navy-900/15 px-4 py-3">
          <h2 id={`${id}-title`} className="text-sm font-semibold text-navy-900">
            {item.label}
          </h2>
          {description && (
            <p id={`${id}-hint`} className="mt-1 text-sm text-ink-soft">
              {description}
            </p>
          )}
          <label className="mt-2 flex items-start gap-2.5 text-sm text-ink">
            <input
              {...common}
              type="checkbox"
              value={choice?.value ?? "requested"}
              defaultChecked={Boolean(answer)}
              onChange={() => onEdit(item.uuid)}
              aria-describedby={describedBy(id, error, description)}
              className="mt-0.5 h-4 w-4 shrink-0 accent-navy-800"
            />
            <span>{choice?.label ?? item.label}</span>
          </label>
          {error && (
            <p id={`${id}-error`} className="mt-1 text-sm font-medium text-danger-700">
              {error}
            </p>
          )}
        </section>
      );
    }
    default:
      return null;
  }
}

/** Browser autofill for the address fields: nobody types their address twice. */
function autoCompleteOf(name: string): string | undefined {
  const field = name.replace(/^(main|billing)\./, "");
  const section = name.startsWith("billing.") ? "billing " : "";
  const tokens: Record<string, string> = {
    forename: "given-name",
    surname: "family-name",
    name: "name",
    company: "organization",
    street: "address-line1",
    address_line_2: "address-line2",
    postcode: "postal-code",
    city: "address-level2",
    email: "email",
    fax: "fax tel",
  };
  const token = tokens[field];
  return token ? `${section}${token}` : undefined;
}
