import { priceKinds, resourceKinds, type StaffEvent } from "../../core/contracts/staff-catalogue";
import { locales, type Locale } from "../../core/i18n/locales";

/**
 * The event edit page's form (decision 034) as plain HTML fields, so it posts without scripts:
 * `title.en`, `title.de` …, `prices.0.kind`, `resources.2.stock`. The field names are the API's error
 * paths, so an answer's field errors land next to their fields. Blank price and resource rows are left out.
 */
export const translatedFields = ["title", "teaser", "location", "image_alt", "description"] as const;
export type TranslatedField = (typeof translatedFields)[number];
/** Blank rows the page offers below the existing prices and resources. */
export const spareRows = 2;

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};
const number = (form: FormData, name: string): number | string => {
  const value = text(form, name).trim();
  return value === "" ? "" : Number(value.replace(",", "."));
};
const localized = (form: FormData, field: string) =>
  Object.fromEntries(locales.map((locale) => [locale, text(form, `${field}.${locale}`)])) as Record<Locale, string>;
/** `2030-05-20T18:00` from a datetime-local field, as an instant in the operator's zone offset given by the page. */
const instant = (form: FormData, name: string) => {
  const value = text(form, name).trim();
  if (!value) return null;
  const offset = text(form, "utc_offset") || "+00:00";
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00${offset}` : value;
};
const rowIndexes = (form: FormData, prefix: string) =>
  [...new Set([...form.keys()].flatMap((key) => (key.startsWith(`${prefix}.`) ? [Number(key.split(".")[1])] : [])))]
    .filter(Number.isInteger)
    .sort((a, b) => a - b);

/** The posted form as the API's event input (unvalidated: the contract's schema checks it next). */
export function eventInputFromForm(form: FormData): Record<string, unknown> {
  const prices = rowIndexes(form, "prices")
    .filter((index) => text(form, `prices.${index}.key`).trim() !== "")
    .map((index) => ({
      kind: text(form, `prices.${index}.kind`),
      key: text(form, `prices.${index}.key`),
      label: localized(form, `prices.${index}.label`),
      amount_cents: Math.round(Number(number(form, `prices.${index}.amount`)) * 100),
      vat_rate_basis_points: Math.round(Number(number(form, `prices.${index}.vat`)) * 100),
      per_day: form.get(`prices.${index}.per_day`) === "on",
    }));
  const resources = rowIndexes(form, "resources")
    .filter((index) => text(form, `resources.${index}.key`).trim() !== "")
    .map((index) => ({
      day: number(form, `resources.${index}.day`),
      kind: text(form, `resources.${index}.kind`),
      key: text(form, `resources.${index}.key`),
      stock: text(form, `resources.${index}.stock`).trim() === "" ? null : number(form, `resources.${index}.stock`),
    }));
  return {
    category_id: number(form, "category_id"),
    ...Object.fromEntries(translatedFields.map((field) => [field, localized(form, field)])),
    image_url: text(form, "image_url"),
    slugs: localized(form, "slugs"),
    starts_on: text(form, "starts_on"),
    ends_on: text(form, "ends_on"),
    bookable_from: instant(form, "bookable_from"),
    registration_deadline: instant(form, "registration_deadline"),
    capacity: number(form, "capacity"),
    min_participants: number(form, "min_participants"),
    prices,
    resources,
  };
}

export type EventFormValues = {
  category_id: string;
  texts: Record<TranslatedField | "slugs", Record<Locale, string>>;
  image_url: string;
  starts_on: string;
  ends_on: string;
  bookable_from: string;
  registration_deadline: string;
  capacity: string;
  min_participants: string;
  prices: { kind: string; key: string; label: Record<Locale, string>; amount: string; vat: string; per_day: boolean }[];
  resources: { day: string; kind: string; key: string; stock: string; used: number }[];
};

const blankTexts = () => Object.fromEntries(locales.map((locale) => [locale, ""])) as Record<Locale, string>;
/** `2030-05-20T16:00:00.000Z` → `2030-05-20T18:00` in the page's offset, for a datetime-local field. */
const localInput = (iso: string | null, offsetMinutes: number) => (iso ? new Date(Date.parse(iso) + offsetMinutes * 60_000).toISOString().slice(0, 16) : "");

/** The form's starting values: the event's, or blank for a new one; plus spare price and resource rows. */
export function eventFormValues(event: StaffEvent | null, offsetMinutes: number): EventFormValues {
  const prices = (event?.prices ?? []).map((price) => ({
    kind: price.kind,
    key: price.key,
    label: price.label as Record<Locale, string>,
    amount: (price.amount_cents / 100).toFixed(2),
    vat: (price.vat_rate_basis_points / 100).toString(),
    per_day: price.per_day,
  }));
  const resources = (event?.resources ?? []).map((resource) => ({
    day: String(resource.day),
    kind: resource.kind,
    key: resource.key,
    stock: resource.stock === null ? "" : String(resource.stock),
    used: resource.used,
  }));
  for (let spare = 0; spare < spareRows; spare += 1) {
    prices.push({ kind: prices.length === 0 ? "participant" : "addon", key: "", label: blankTexts(), amount: "", vat: "19", per_day: false });
    resources.push({ day: "1", kind: resourceKinds[0], key: "", stock: "", used: 0 });
  }
  const texts = Object.fromEntries(
    [...translatedFields, "slugs" as const].map((field) => [field, event ? (event[field] as Record<Locale, string>) : blankTexts()]),
  ) as EventFormValues["texts"];
  return {
    category_id: event ? String(event.category_id) : "",
    texts,
    image_url: event?.image_url ?? "",
    starts_on: event?.starts_on ?? "",
    ends_on: event?.ends_on ?? "",
    bookable_from: localInput(event?.bookable_from ?? null, offsetMinutes),
    registration_deadline: localInput(event?.registration_deadline ?? null, offsetMinutes),
    capacity: event ? String(event.capacity) : "",
    min_participants: event ? String(event.min_participants) : "1",
    prices,
    resources,
  };
}

export { priceKinds, resourceKinds };
