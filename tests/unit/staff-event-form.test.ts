import { describe, expect, it } from "vitest";
import type { StaffEvent } from "../../core/contracts/staff-catalogue";
import { eventFormValues, eventInputFromForm, priceItemChoices } from "../../app/utils/staff-event-form";

/** The event edit page's price list as fields (issue 28): row 0 fixed to the main participant, the others picked from lists. */
describe("the event edit page's price list fields", () => {
  it("posts row 0 as the main participant's row and a picked row as its kind and key; a row picking nothing is left out", () => {
    const form = new FormData();
    form.set("prices.0.kind", "participant");
    form.set("prices.0.key", "participant");
    form.set("prices.0.amount", "1490");
    form.set("prices.1.item", "vehicle:race_car");
    form.set("prices.1.amount", "0");
    form.set("prices.2.item", "");
    form.set("prices.2.amount", "5");
    const input = eventInputFromForm(form);
    expect(input.prices).toMatchObject([
      { kind: "participant", key: "participant", amount_cents: 149_000 },
      { kind: "vehicle", key: "race_car", amount_cents: 0 },
    ]);
  });

  it("offers every companion type, each resource once under its price kind, and a stored row's item neither list has", () => {
    const choices = priceItemChoices(
      [
        { kind: "vehicle", key: "street_gt" },
        { kind: "vehicle", key: "street_gt" },
        { kind: "pit_box", key: "pit_box" },
        { kind: "vehicle", key: "Not A Key" },
        { kind: "vehicle", key: "" },
      ],
      [{ item: "companion:driver" }, { item: "instructor:instructor" }, { item: "" }],
    );
    expect(choices.companions.map((item) => item.key)).toEqual(["non_playing", "golf_playing", "driver", "co_driver"]);
    expect(choices.resources).toEqual([
      { kind: "vehicle", key: "street_gt" },
      { kind: "addon", key: "pit_box" },
      { kind: "instructor", key: "instructor" },
    ]);
  });

  it("shows a participant row stored under another key as the main participant's row (saved, it becomes `participant`)", () => {
    const price = (kind: "participant" | "companion", key: string, amount: number) => ({
      kind,
      key,
      label: { en: key, de: "" },
      amount_cents: amount,
      vat_rate_basis_points: 1900,
      per_day: false,
    });
    const event = { prices: [price("companion", "co_driver", 100), price("participant", "driver", 149_000)], resources: [] } as unknown as StaffEvent;
    const values = eventFormValues(event, 0);
    expect(values.participant.amount).toBe("1490.00");
    expect(values.prices.map((row) => row.item)).toEqual(["companion:co_driver", "", ""]);
  });
});
