import type { PriceLine, PriceLineKind } from "./pricing";

/**
 * The structured answers of a booking form (PRODUCT.md "Vehicles and per-day resources",
 * "Companions"): what they may contain, and the price lines they add. Pure, shared by the server
 * (authoritative at submission) and the browser (live price summary and stock counters).
 */

// ── Vehicles and per-day resources ─────────────────────────────────────────────────────────────

export type ResourceKind = "vehicle" | "instructor" | "pit_box" | "technical_support";
/** One choice of a vehicles item: a resource key on an event day. */
export type ResourceChoice = { day: number; key: string; kind: ResourceKind };

export type VehicleItemOptions = { days: number[]; vehicleKeys: string[]; instructor: boolean; addons: string[]; copyDay1ToDay2: boolean };

const addonKinds = new Set<string>(["pit_box", "technical_support"]);

export function vehicleItemOptions(kind: "vehicles" | "vehicles_per_day", options: Record<string, unknown>): VehicleItemOptions {
  const strings = (value: unknown) => (Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === "string") : []);
  const days = Array.isArray(options.days) ? options.days.filter((day): day is number => Number.isInteger(day) && day >= 1) : [];
  return {
    days: kind === "vehicles" || days.length === 0 ? [1] : days,
    vehicleKeys: strings(options.vehicleKeys),
    instructor: options.instructor === true,
    addons: strings(options.addons).filter((key) => addonKinds.has(key)),
    copyDay1ToDay2: options.copyDay1ToDay2 === true,
  };
}

/** The answer's wire form: `"2:street_gt"` is a rental street GT on day 2. */
export const choiceValue = (day: number, key: string) => `${day}:${key}`;

export function kindOfResourceKey(options: VehicleItemOptions, key: string): ResourceKind | null {
  if (options.vehicleKeys.includes(key)) return "vehicle";
  if (options.instructor && key === "instructor") return "instructor";
  if (options.addons.includes(key)) return key as ResourceKind;
  return null;
}

/** The choices an answer holds; null when it holds anything the item does not offer. */
export function parseResourceChoices(options: VehicleItemOptions, value: unknown): ResourceChoice[] | null {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return null;
  const choices: ResourceChoice[] = [];
  const seen = new Set<string>();
  for (const entry of value) {
    if (typeof entry !== "string") return null;
    const match = /^(\d{1,2}):([a-z_]{1,40})$/.exec(entry);
    if (!match) return null;
    const day = Number(match[1]);
    const key = match[2] ?? "";
    const kind = kindOfResourceKey(options, key);
    if (!options.days.includes(day) || !kind || seen.has(entry)) return null;
    seen.add(entry);
    choices.push({ day, key, kind });
  }
  return choices;
}

export type VehicleChoiceProblem = "validation.choice" | "validation.oneVehiclePerDay" | "validation.vehicleFirst" | "validation.vehicleEachDay";

/**
 * One vehicle per day at most; an instructor or add-on only on a day with a vehicle (they come with
 * the car); a required item needs a vehicle on every day.
 */
export function vehicleChoiceProblem(options: VehicleItemOptions, value: unknown, required: boolean): VehicleChoiceProblem | null {
  const choices = parseResourceChoices(options, value);
  if (!choices) return "validation.choice";
  for (const day of options.days) {
    const ofDay = choices.filter((choice) => choice.day === day);
    const vehicles = ofDay.filter((choice) => choice.kind === "vehicle").length;
    if (vehicles > 1) return "validation.oneVehiclePerDay";
    if (vehicles === 0 && ofDay.length > 0) return "validation.vehicleFirst";
    if (vehicles === 0 && required) return "validation.vehicleEachDay";
  }
  return null;
}

/**
 * The browser's "used" counter of one resource while the visitor picks: up by one on add, down by
 * one on remove, never below 0 and never above the stock (spec §4). Unlimited stock is null.
 */
export function adjustUsed(used: number, stock: number | null, delta: 1 | -1): number {
  const next = used + delta;
  if (next < 0) return 0;
  if (stock !== null && next > stock) return stock;
  return next;
}

/** Whether one more of a resource can be taken: the counter is below the stock. */
export function canTake(used: number, stock: number | null): boolean {
  return stock === null || used < stock;
}

/**
 * Day 2 gets day 1's choices where day 2 still has them in stock; what could not be copied is
 * listed so the visitor is told. `availableOnDay2(key)` answers with the free count (null: unlimited).
 */
export function copyDay1ToDay2(choices: ResourceChoice[], availableOnDay2: (key: string) => number | null): { choices: ResourceChoice[]; skipped: string[] } {
  const day1 = choices.filter((choice) => choice.day === 1);
  const kept = choices.filter((choice) => choice.day !== 2);
  const skipped: string[] = [];
  const previousDay2 = new Set(choices.filter((choice) => choice.day === 2).map((choice) => choice.key));
  for (const choice of day1) {
    const free = availableOnDay2(choice.key);
    // A key already chosen for day 2 holds its unit; it can be kept without taking another one.
    if (free === null || free > 0 || previousDay2.has(choice.key)) kept.push({ ...choice, day: 2 });
    else skipped.push(choice.key);
  }
  // A copied instructor or add-on without the car it belongs to would be refused.
  const day2HasVehicle = kept.some((choice) => choice.day === 2 && choice.kind === "vehicle");
  if (!day2HasVehicle) {
    const orphans = kept.filter((choice) => choice.day === 2);
    for (const orphan of orphans) if (!skipped.includes(orphan.key)) skipped.push(orphan.key);
    return { choices: kept.filter((choice) => choice.day !== 2), skipped };
  }
  return { choices: kept, skipped };
}

// ── Companions ─────────────────────────────────────────────────────────────────────────────────

export const companionTypes = ["non_playing", "golf_playing", "driver", "co_driver"] as const;
export type CompanionType = (typeof companionTypes)[number];

export type CompanionItemOptions = { maxCompanions: number; types: CompanionType[] };

export function companionItemOptions(options: Record<string, unknown>): CompanionItemOptions {
  const types = Array.isArray(options.types)
    ? options.types.flatMap((entry): CompanionType[] => {
        const type = entry && typeof entry === "object" && "type" in entry ? entry.type : entry;
        return typeof type === "string" && (companionTypes as readonly string[]).includes(type) ? [type as CompanionType] : [];
      })
    : [];
  const max = typeof options.maxCompanions === "number" && Number.isInteger(options.maxCompanions) ? options.maxCompanions : 0;
  return { maxCompanions: Math.max(0, max), types };
}

export type CompanionAnswers = {
  type: string | null;
  salutation: string | null;
  forename: string | null;
  surname: string | null;
  date_of_birth: string | null;
};
export type CompanionField = keyof CompanionAnswers;
export type CompanionProblem = "validation.required" | "validation.choice" | "validation.atMost100Characters" | "validation.date" | "validation.dateRange";

/** Errors of one companion by field: a type the form offers, a name, and an optional birth date in the past. */
export function companionProblems(
  options: CompanionItemOptions,
  companion: CompanionAnswers,
  today: string,
): Partial<Record<CompanionField, CompanionProblem>> {
  const problems: Partial<Record<CompanionField, CompanionProblem>> = {};
  if (!companion.type) problems.type = "validation.required";
  else if (!(options.types as string[]).includes(companion.type)) problems.type = "validation.choice";
  if (companion.salutation && !["mr", "mrs", "divers"].includes(companion.salutation)) problems.salutation = "validation.choice";
  for (const field of ["forename", "surname"] as const) {
    const value = companion[field]?.trim() ?? "";
    if (!value) problems[field] = "validation.required";
    else if (value.length > 100) problems[field] = "validation.atMost100Characters";
  }
  const birth = companion.date_of_birth?.trim();
  if (birth) {
    const date = new Date(`${birth}T00:00:00Z`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(birth) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== birth)
      problems.date_of_birth = "validation.date";
    else if (birth > today) problems.date_of_birth = "validation.dateRange";
  }
  return problems;
}

// ── Price lines ────────────────────────────────────────────────────────────────────────────────

export type ListedPrice = { kind: PriceLineKind; key: string; amount_cents: number };

/** The price list kind of a per-day resource: pit boxes and technical support are add-ons. */
export const priceKindOfResource: Record<ResourceKind, "vehicle" | "instructor" | "addon"> = { vehicle: "vehicle", instructor: "instructor", pit_box: "addon", technical_support: "addon" };

/**
 * The price lines of a booking: the main participant, each companion by type, each per-day
 * resource, and the priced choices of its answers (`choicePriceLines` in choice-prices.ts, required
 * so that no caller forgets them). Amounts only ever come from the event's price list and the form.
 */
export function bookingPriceLines(
  prices: ListedPrice[],
  companions: string[],
  resources: (Pick<ResourceChoice, "key" | "kind"> & { quantity?: number })[],
  choiceLines: PriceLine[],
): PriceLine[] {
  const priceOf = (kind: PriceLineKind, key: string) => prices.find((price) => price.kind === kind && price.key === key)?.amount_cents ?? 0;
  const lines: PriceLine[] = [{ kind: "participant", key: "participant", unitCents: priceOf("participant", "participant"), quantity: 1 }];
  for (const type of companions) lines.push({ kind: "companion", key: type, unitCents: priceOf("companion", type), quantity: 1 });
  for (const resource of resources) {
    const kind = priceKindOfResource[resource.kind];
    lines.push({ kind, key: resource.key, unitCents: priceOf(kind, resource.key), quantity: resource.quantity ?? 1 });
  }
  return [...lines, ...choiceLines];
}
