import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { centsOfAmount, MoneyControl } from "../../app/components/admin/form-builder/controls";

/** The form builder's price field (a choice's `price_cents`, decision 038): typed text to whole cents. */
describe("an amount typed into the builder's price field", () => {
  it.each([
    ["25", 2500],
    ["2", 200],
    ["25.5", 2550],
    ["25,50", 2550],
    [" 0.05 ", 5],
    ["99999.99", 9_999_999],
  ])("%j is %i cents", (text, cents) => {
    expect(centsOfAmount(text)).toBe(cents);
  });

  it("is nothing when emptied, and no amount for anything else (the price kept stays)", () => {
    expect(centsOfAmount("  ")).toBeUndefined();
    for (const text of ["-5", "2.", "2.005", "1e3", "abc", "100000", "25.5.0"]) expect(centsOfAmount(text), text).toBeNull();
  });

  it("shows the kept price with two decimals when it is not being edited", () => {
    const html = renderToString(<MoneyControl id="price" label="Price" cents={2550} onCents={() => undefined} />);
    expect(html).toContain('value="25.50"');
    expect(html).toContain('inputMode="decimal"');
    expect(renderToString(<MoneyControl id="price" label="Price" cents={undefined} onCents={() => undefined} />)).toContain('value=""');
  });
});
