import { describe, expect, it } from "vitest";
import { siteSettingsSchema } from "../../core/contracts/site";
import { staffPageInputSchema } from "../../core/contracts/pages";
import { formatIban, isValidIban, normalizeIban } from "../../core/domain/iban";
import { isReservedPageSlug, pageSlugOf } from "../../core/domain/page-slugs";
import { areWidgetFrameSources, normalizeWidgetFrameSources } from "../../core/domain/widget-origins";

describe("IBAN checksum", () => {
  it("takes valid IBANs with or without spaces, in any case", () => {
    expect(isValidIban("DE89 3704 0044 0532 0130 00")).toBe(true);
    expect(isValidIban("gb82west12345698765432")).toBe(true);
    expect(normalizeIban(" de89 3704 0044 0532 0130 00 ")).toBe("DE89370400440532013000");
    expect(formatIban("DE89370400440532013000")).toBe("DE89 3704 0044 0532 0130 00");
  });
  it("refuses a typo, a swapped pair, a wrong shape", () => {
    expect(isValidIban("DE89 3704 0044 0532 0130 01")).toBe(false);
    expect(isValidIban("DE89 3704 0044 0532 0103 00")).toBe(false);
    expect(isValidIban("DE89")).toBe(false);
    expect(isValidIban("89DE370400440532013000")).toBe(false);
  });
});

describe("widget partner origins", () => {
  it("takes * and origins separated by spaces or lines, stored on one line", () => {
    expect(areWidgetFrameSources("https://golf.example\nhttps://*.partner.example:8443")).toBe(true);
    expect(areWidgetFrameSources("")).toBe(true);
    expect(normalizeWidgetFrameSources(" https://a.example \n\n https://b.example ")).toBe("https://a.example https://b.example");
  });
  it("refuses anything that could break or widen the header", () => {
    for (const bad of ["javascript:alert(1)", "https://a.example/path", "'self'; script-src *", "https://a.example;", "data:"])
      expect(areWidgetFrameSources(bad), bad).toBe(false);
  });
});

describe("page slugs", () => {
  it("are made from the name when left empty; a route's own path is reserved", () => {
    expect(pageSlugOf("", "Gutscheine & Geschenke")).toBe("gutscheine-geschenke");
    expect(pageSlugOf(" my-page ", "Other")).toBe("my-page");
    expect(isReservedPageSlug("events")).toBe(true);
    expect(isReservedPageSlug("gift-vouchers")).toBe(false);
  });
  it("the contract refuses a slug with capitals, spaces or a reserved name", () => {
    const page = (slug: string) => ({
      show_on_mobile: false,
      translations: { en: { name: "A", slug, content: "<p>a</p>" }, de: { name: "B", slug: "", content: "<p>b</p>" } },
    });
    expect(staffPageInputSchema.safeParse(page("Gift Vouchers")).success).toBe(false);
    expect(staffPageInputSchema.safeParse(page("login")).success).toBe(false);
    expect(staffPageInputSchema.safeParse(page("gift-vouchers")).success).toBe(true);
  });
});

describe("site settings contract", () => {
  it("reads the form's text numbers and empty optional fields; refuses out-of-range money rules", () => {
    const base = {
      company: "C",
      street: "S",
      zip: "1",
      city: "M",
      country: "de",
      phone: "+49",
      fax: "",
      email: "A@B.example",
      website: "https://x.example",
      registry_court: "R",
      managing_director: "M",
      vat_id: "",
      support_email: "s@b.example",
      support_hours: { en: "h", de: "h" },
      travel_operator_notice: { en: "n", de: "n" },
      leisure_withdrawal_notice: { en: "w", de: "w" },
      deposit_percent: "25",
      balance_due_days_before_event: "30",
      hold_minutes: "30",
      bank_transfer_due_days: "14",
      upload_retention_days: "90",
      answer_retention_days: "365",
      vat_treatment: "margin_scheme",
      bank_name: "",
      iban: "",
      bic: "",
      widget_frame_ancestors: "",
    };
    const parsed = siteSettingsSchema.parse(base);
    expect(parsed).toMatchObject({ country: "DE", email: "a@b.example", fax: null, iban: null, deposit_percent: 25, widget_frame_ancestors: "" });
    expect(siteSettingsSchema.safeParse({ ...base, deposit_percent: "101" }).success).toBe(false);
    expect(siteSettingsSchema.safeParse({ ...base, hold_minutes: "" }).success).toBe(false);
    expect(siteSettingsSchema.safeParse({ ...base, deposit_percent: "2.5" }).success).toBe(false);
    // The withdrawal notice is a legal text (issue 30): every language must say it.
    expect(siteSettingsSchema.safeParse({ ...base, leisure_withdrawal_notice: { en: "w", de: " " } }).success).toBe(false);
  });
});
