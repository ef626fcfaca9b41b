import { describe, expect, it } from "vitest";
import type { PublicFormItem } from "../../core/contracts/forms";
import {
  adjustUsed,
  bookingPriceLines,
  canTake,
  companionItemOptions,
  companionProblems,
  copyDay1ToDay2,
  parseResourceChoices,
  vehicleChoiceProblem,
  vehicleItemOptions,
} from "../../core/domain/booking-choices";
import { hiddenItemUuids, validatePage } from "../../core/domain/form-validation";
import { priceBooking } from "../../core/domain/pricing";
import { answersFromFormData, companionsFromFormData } from "../../app/utils/booking-form-data";

const perDay = vehicleItemOptions("vehicles_per_day", {
  days: [1, 2],
  vehicleKeys: ["street_gt", "race_car", "own_car"],
  instructor: true,
  addons: ["pit_box", "technical_support"],
  copyDay1ToDay2: true,
});

describe("vehicle choices", () => {
  it("parse day:key answers and refuse anything the item does not offer", () => {
    expect(parseResourceChoices(perDay, ["1:street_gt", "2:instructor"])).toEqual([
      { day: 1, key: "street_gt", kind: "vehicle" },
      { day: 2, key: "instructor", kind: "instructor" },
    ]);
    expect(parseResourceChoices(perDay, undefined)).toEqual([]);
    expect(parseResourceChoices(perDay, ["3:street_gt"])).toBeNull();
    expect(parseResourceChoices(perDay, ["1:helicopter"])).toBeNull();
    expect(parseResourceChoices(perDay, ["1:street_gt", "1:street_gt"])).toBeNull();
    expect(parseResourceChoices(perDay, "1:street_gt")).toBeNull();
    expect(parseResourceChoices(vehicleItemOptions("vehicles", { vehicleKeys: ["own_car"] }), ["1:own_car"])).toEqual([
      { day: 1, key: "own_car", kind: "vehicle" },
    ]);
  });

  it("allow one vehicle per day, extras only with a vehicle, and a vehicle every day when required", () => {
    expect(vehicleChoiceProblem(perDay, ["1:street_gt", "1:pit_box", "2:own_car"], true)).toBeNull();
    expect(vehicleChoiceProblem(perDay, ["1:street_gt", "1:race_car"], false)).toBe("validation.oneVehiclePerDay");
    expect(vehicleChoiceProblem(perDay, ["1:instructor"], false)).toBe("validation.vehicleFirst");
    expect(vehicleChoiceProblem(perDay, ["1:street_gt"], true)).toBe("validation.vehicleEachDay");
    expect(vehicleChoiceProblem(perDay, [], false)).toBeNull();
    expect(vehicleChoiceProblem(perDay, [42], false)).toBe("validation.choice");
  });

  it("move the used counter by one, never below 0 nor above the stock", () => {
    expect(adjustUsed(2, 6, 1)).toBe(3);
    expect(adjustUsed(0, 6, -1)).toBe(0);
    expect(adjustUsed(6, 6, 1)).toBe(6);
    expect(adjustUsed(9, null, 1)).toBe(10);
    expect(canTake(5, 6)).toBe(true);
    expect(canTake(6, 6)).toBe(false);
    expect(canTake(1000, null)).toBe(true);
  });

  it("copy day 1 to day 2 where day 2 has stock, and name what was left out", () => {
    const choices = parseResourceChoices(perDay, ["1:race_car", "1:instructor", "2:street_gt"]) ?? [];
    const copied = copyDay1ToDay2(choices, (key) => (key === "instructor" ? 0 : 3));
    expect(copied.choices.filter((choice) => choice.day === 2).map((choice) => choice.key)).toEqual(["race_car"]);
    expect(copied.skipped).toEqual(["instructor"]);
    // Without a car on day 2 nothing that belongs to it is copied.
    const noCar = copyDay1ToDay2(choices, (key) => (key === "race_car" ? 0 : 5));
    expect(noCar.choices.filter((choice) => choice.day === 2)).toEqual([]);
    expect(noCar.skipped.sort()).toEqual(["instructor", "race_car"]);
  });
});

describe("companions", () => {
  const options = companionItemOptions({ maxCompanions: 3, types: [{ type: "golf_playing" }, { type: "non_playing" }, { type: "spaceship" }] });
  it("read the allowed types and the maximum from the item", () => {
    expect(options).toEqual({ maxCompanions: 3, types: ["golf_playing", "non_playing"] });
    expect(companionItemOptions({}).maxCompanions).toBe(0);
  });
  it("need an offered type and a name; a birth date must be real and past", () => {
    const valid = { type: "golf_playing", salutation: "mrs", forename: "Lea", surname: "Hofmann", date_of_birth: "1990-02-28" };
    expect(companionProblems(options, valid, "2026-11-22")).toEqual({});
    expect(companionProblems(options, { ...valid, type: "driver", forename: " ", date_of_birth: "2027-01-01" }, "2026-11-22")).toEqual({
      type: "validation.choice",
      forename: "validation.required",
      date_of_birth: "validation.dateRange",
    });
    expect(companionProblems(options, { ...valid, type: null, date_of_birth: "1990-02-30" }, "2026-11-22")).toEqual({
      type: "validation.required",
      date_of_birth: "validation.date",
    });
  });
});

describe("price lines", () => {
  const prices = [
    { kind: "participant" as const, key: "participant", amount_cents: 149000 },
    { kind: "companion" as const, key: "co_driver", amount_cents: 39000 },
    { kind: "vehicle" as const, key: "street_gt", amount_cents: 69000 },
    { kind: "instructor" as const, key: "instructor", amount_cents: 35000 },
    { kind: "addon" as const, key: "pit_box", amount_cents: 25000 },
  ];
  it("price each person and each per-day resource from the list only", () => {
    const resources = parseResourceChoices(perDay, ["1:street_gt", "1:instructor", "2:street_gt", "2:pit_box"]) ?? [];
    const price = priceBooking(
      bookingPriceLines(prices, ["co_driver"], resources, []),
      { depositPercent: 25, balanceDueDaysBeforeEvent: 30 },
      {
        today: "2026-11-22",
        startsOn: "2027-01-06",
      },
    );
    expect(price).toMatchObject({ eventPriceCents: 149000, companionTotalCents: 39000, addonsTotalCents: 198000, totalCents: 386000, depositCents: 96500 });
  });
});

const item = (uuid: string, kind: PublicFormItem["kind"], extra: Partial<PublicFormItem> = {}): PublicFormItem => ({
  uuid,
  parent_uuid: null,
  kind,
  name: uuid,
  label: uuid,
  help: null,
  required: false,
  options: {},
  ...extra,
});
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

describe("the booking page's form post", () => {
  it("reads each item's answer: unticked boxes are false, lists may be empty, uploads and companions come elsewhere", () => {
    const items = [
      item(uuid(1), "input"),
      item(uuid(2), "checkbox"),
      item(uuid(3), "multiselect"),
      item(uuid(4), "vehicles_per_day", { options: { days: [1, 2], vehicleKeys: ["street_gt"], instructor: true } }),
      item(uuid(5), "upload"),
      item(uuid(6), "headline"),
      item(uuid(7), "sma"),
    ];
    const form = new FormData();
    form.append(`a.${uuid(1)}`, "Max");
    form.append(`a.${uuid(3)}`, "hatha");
    form.append(`a.${uuid(3)}`, "yin");
    form.append(`a.${uuid(4)}.vehicle.1`, "1:street_gt");
    form.append(`a.${uuid(4)}.vehicle.2`, "");
    form.append(`a.${uuid(4)}`, "1:instructor");
    expect(answersFromFormData(items, form)).toEqual({
      [uuid(1)]: "Max",
      [uuid(2)]: false,
      [uuid(3)]: ["hatha", "yin"],
      [uuid(4)]: ["1:street_gt", "1:instructor"],
      [uuid(7)]: null,
    });
  });

  it("reads the companions in their order and drops malformed uuids and values", () => {
    const form = new FormData();
    form.append("companion_uuid", uuid(9));
    form.append("companion_uuid", "not-a-uuid");
    form.append(`c.${uuid(9)}.type`, "co_driver");
    form.append(`c.${uuid(9)}.salutation`, "sir");
    form.append(`c.${uuid(9)}.forename`, "Erika");
    expect(companionsFromFormData(form)).toEqual([
      { uuid: uuid(9), type: "co_driver", salutation: null, forename: "Erika", surname: null, date_of_birth: null },
    ]);
  });

  it("skips the billing address unless its box is ticked", () => {
    const separate = item(uuid(20), "checkbox", { name: "billing.separate" });
    const group = item(uuid(21), "group", { options: { visibleWhen: "billing.separate" } });
    const street = item(uuid(22), "input", { parent_uuid: uuid(21), required: true });
    const items = [separate, group, street];
    expect([...hiddenItemUuids(items, {})].sort()).toEqual([uuid(21), uuid(22)]);
    expect(validatePage(items, {}, "2026-11-22")).toEqual({});
    expect(validatePage(items, { [uuid(20)]: true }, "2026-11-22")).toEqual({ [uuid(22)]: ["validation.required"] });
  });
});
