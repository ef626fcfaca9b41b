import { priceKinds, resourceKinds, type StaffEvent } from "../../core/contracts/staff-catalogue";
import { companionTypes, priceKindOfResource, type ResourceKind } from "../../core/domain/booking-choices";
import { mainParticipantPrice, type PriceKind, type PricedItem } from "../../core/domain/price-list-rules";
import { locales, type Locale } from "../../core/i18n/locales";
import { defaultCancellationSchedule } from "../../core/domain/cancellation-schedule";
import { scheduleFormValues, scheduleFromForm, type ScheduleFormValues } from "./cancellation-schedule-form";

/**
 * The event edit page's form (decision 034) as plain HTML fields, so it posts without scripts:
 * `title.en`, `title.de` …, `prices.0.kind`, `resources.2.stock`. The field names are the API's error
 * paths, so an answer's field errors land next to their fields. Blank price and resource rows are left out.
 * The price list's row 0 is the main participant's, fixed (`prices.0.kind`/`key` are hidden fields); every
 * other row picks what it prices from a list (`prices.3.item` = `vehicle:street_gt`): no typed keys (issue 28).
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

/** A picked price row's value: `companion:co_driver`, `vehicle:street_gt`. */
export const priceItemValue = (item: PricedItem) => `${item.kind}:${item.key}`;

/** What a price row prices: its picked item, or (the main participant's row) its hidden kind and key. */
function pricedItemOf(form: FormData, index: number): { kind: string; key: string } {
  const item = text(form, `prices.${index}.item`);
  if (!item) return { kind: text(form, `prices.${index}.kind`), key: text(form, `prices.${index}.key`) };
  const colon = item.indexOf(":");
  return colon < 0 ? { kind: item, key: "" } : { kind: item.slice(0, colon), key: item.slice(colon + 1) };
}

/** The resource rows' kinds and keys as the form holds them now (the price list's pick list follows them). */
export function postedResources(form: FormData): { kind: string; key: string }[] {
  return rowIndexes(form, "resources").map((index) => ({ kind: text(form, `resources.${index}.kind`), key: text(form, `resources.${index}.key`) }));
}

/** The posted form as the API's event input (unvalidated: the contract's schema checks it next). */
export function eventInputFromForm(form: FormData): Record<string, unknown> {
  const prices = rowIndexes(form, "prices")
    .map((index) => ({ index, ...pricedItemOf(form, index) }))
    .filter((row) => row.key.trim() !== "")
    .map(({ index, kind, key }) => ({
      kind,
      key,
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
    cancellation_schedule: scheduleFromForm(form),
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
  /** Row 0, always there: what the main participant pays. */
  participant: { label: Record<Locale, string>; amount: string; vat: string };
  /** Rows 1…: each picks what it prices (`item`, empty on a spare row). */
  prices: { item: string; label: Record<Locale, string>; amount: string; vat: string; per_day: boolean }[];
  resources: { day: string; kind: string; key: string; stock: string; used: number }[];
  /** What a customer's own cancellation costs (issue 30). */
  cancellation: ScheduleFormValues;
};

const blankTexts = () => Object.fromEntries(locales.map((locale) => [locale, ""])) as Record<Locale, string>;
/** `2030-05-20T16:00:00.000Z` → `2030-05-20T18:00` in the page's offset, for a datetime-local field. */
const localInput = (iso: string | null, offsetMinutes: number) => (iso ? new Date(Date.parse(iso) + offsetMinutes * 60_000).toISOString().slice(0, 16) : "");

const isMainParticipant = (price: { kind: string; key: string }) => price.kind === mainParticipantPrice.kind && price.key === mainParticipantPrice.key;

/**
 * The form's starting values: the event's, or blank for a new one; plus spare price and resource rows.
 * The main participant's row is the event's `participant` row, else a participant row stored under another
 * key (saved, it becomes `participant`), else blank.
 */
export function eventFormValues(event: StaffEvent | null, offsetMinutes: number): EventFormValues {
  const stored = event?.prices ?? [];
  const main = stored.find(isMainParticipant) ?? stored.find((price) => price.kind === mainParticipantPrice.kind);
  const participant = {
    label: (main?.label as Record<Locale, string> | undefined) ?? blankTexts(),
    amount: main ? (main.amount_cents / 100).toFixed(2) : "",
    vat: main ? (main.vat_rate_basis_points / 100).toString() : "19",
  };
  const prices = stored
    .filter((price) => price.kind !== mainParticipantPrice.kind)
    .map((price) => ({
      item: priceItemValue(price),
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
    prices.push({ item: "", label: blankTexts(), amount: "", vat: "19", per_day: false });
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
    participant,
    prices,
    resources,
    cancellation: scheduleFormValues(event?.cancellation_schedule ?? defaultCancellationSchedule),
  };
}

/**
 * What a price row may pick: every companion type, then each resource of the event days (as the page's
 * resource rows name them: with scripts, also the ones just typed), then what a stored row prices that
 * neither list has (a price without its resource), so a row is never shown as something else.
 */
export function priceItemChoices(resources: readonly { kind: string; key: string }[], rows: readonly { item: string }[]): { companions: PricedItem[]; resources: PricedItem[] } {
  const companions = companionTypes.map((type): PricedItem => ({ kind: "companion", key: type }));
  const listed: PricedItem[] = [];
  const add = (item: PricedItem) => {
    if (!listed.some((known) => known.kind === item.kind && known.key === item.key)) listed.push(item);
  };
  for (const resource of resources) {
    const key = resource.key.trim();
    if (key && /^[a-z0-9_]+$/.test(key) && (resourceKinds as readonly string[]).includes(resource.kind))
      add({ kind: priceKindOfResource[resource.kind as ResourceKind], key });
  }
  for (const row of rows) {
    const colon = row.item.indexOf(":");
    const kind = row.item.slice(0, colon) as PriceKind;
    const key = row.item.slice(colon + 1);
    if (colon < 0 || !(priceKinds as readonly string[]).includes(kind) || kind === "participant") continue;
    if (kind === "companion" && companions.some((companion) => companion.key === key)) continue;
    add({ kind, key });
  }
  return { companions, resources: listed };
}

export { priceKinds, resourceKinds };
