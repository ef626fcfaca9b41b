import { describe, expect, it } from "vitest";
import { z } from "zod";
import { baseItemOptions, choicesOption, optionsOf } from "../../core/forms/kinds/kind-module";
import { dateBoundsOf, isCompletableLater, isRealDate, maximumChoicePriceCents, offeredChoices } from "../../core/forms/kinds/plain-options";

/**
 * The booking page reads these without zod before its check loads (decision 052): they must give
 * what the kinds' zod schemas give, for good and for malformed options alike.
 */
describe("zod-free option readings", () => {
  const choiceSamples: unknown[] = [
    undefined,
    null,
    "lunch",
    {},
    [],
    [{ value: "a", label: "A" }],
    [{ value: "a", label: { en: "A", de: "A" } }, { value: 2, label: "B" }, null, "c", ["d"]],
    [{ value: "a" }, { label: "no value" }, { value: "b", label: undefined }, { value: "c", label: null }],
    [
      { value: "p0", label: "P", price_cents: 0 },
      { value: "p1", label: "P", price_cents: 4500 },
      { value: "p2", label: "P", price_cents: -1 },
      { value: "p3", label: "P", price_cents: 1.5 },
      { value: "p4", label: "P", price_cents: "4500" },
      { value: "p5", label: "P", price_cents: null },
      { value: "p6", label: "P", price_cents: Number.NaN },
      { value: "p7", label: "P", price_cents: Number.POSITIVE_INFINITY },
      { value: "p8", label: "P", price_cents: maximumChoicePriceCents },
      { value: "p9", label: "P", price_cents: maximumChoicePriceCents + 1 },
      { value: "p10", label: "P", price_cents: 100, extra: true },
    ],
  ];
  it.each(choiceSamples.map((sample) => [JSON.stringify(sample) ?? "undefined", sample]))("offeredChoices(%s) is choicesOption.parse", (_name, sample) => {
    expect(offeredChoices(sample)).toEqual(choicesOption.parse(sample));
  });

  // The zod reading dateBoundsOf replaced (core/forms/kinds/date.ts before decision 052).
  const bound = z
    .union([z.literal("today"), z.string().refine(isRealDate)])
    .optional()
    .catch(undefined);
  const zodDateOptions = z.looseObject({ min: bound, max: bound });
  const boundSamples: unknown[] = [undefined, null, "today", "Today", "2026-02-28", "2026-02-30", "2026-2-3", 20260101, "", {}];
  it.each(boundSamples.flatMap((min) => boundSamples.map((max) => [JSON.stringify({ min, max }), min, max])))(
    "dateBoundsOf(%s) is the zod reading",
    (_name, min, max) => {
      const item = { options: { min, max } as Record<string, unknown> };
      const { min: zodMin, max: zodMax } = optionsOf(zodDateOptions, item);
      const resolve = (value: string | undefined) => (value === "today" ? "2026-11-24" : (value ?? null));
      expect(dateBoundsOf(item, "2026-11-24")).toEqual({ min: resolve(zodMin), max: resolve(zodMax) });
    },
  );

  it.each([undefined, null, true, false, "true", 1, {}])("isCompletableLater with completableLater %s is the zod reading", (value) => {
    const item = { options: { completableLater: value } as Record<string, unknown> };
    expect(isCompletableLater(item)).toBe(optionsOf(baseItemOptions, item).completableLater === true);
  });
});
