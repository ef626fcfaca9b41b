import { describe, expect, it } from "vitest";
import { catalogueParts, cataloguePartsFor, pickCataloguePart } from "../../app/utils/catalogue-parts";
import en from "../../core/i18n/locales/en/common.json";

/**
 * The page texts in parts (decision 046): the booking page, which has a JavaScript budget, downloads
 * the site part only; the customer's own pages add their part; the back office gets every part.
 */
describe("the catalogue's parts", () => {
  it("hold every section of the catalogue exactly once", () => {
    const sections = catalogueParts.flatMap((part) => Object.keys(pickCataloguePart(en, part)));
    expect(sections.sort()).toEqual(Object.keys(en).sort());
  });

  it("give the booking page the site part only, the customer's own pages the service part too, the back office all", () => {
    expect(cataloguePartsFor("/booking/8e89f816-042d-4100-b96c-5b088371f82b")).toEqual(["site"]);
    expect(cataloguePartsFor("/de/events")).toEqual(["site"]);
    expect(cataloguePartsFor("/de/my-booking/abc")).toEqual(["site", "service"]);
    expect(cataloguePartsFor("/waiver/abc")).toEqual(["site", "service"]);
    expect(cataloguePartsFor("/dashboard")).toEqual(["site", "service"]);
    expect(cataloguePartsFor("/settings/delete-profile")).toEqual(["site", "service"]);
    expect(cataloguePartsFor("/de/admin/bookings")).toEqual(["site", "service", "admin"]);
    // A content page whose address merely starts like one of them is a site page.
    expect(cataloguePartsFor("/dashboards-we-love")).toEqual(["site"]);
  });

  it("keep the manage page's and the waiver's texts out of the booking page's part", () => {
    const site = Object.keys(pickCataloguePart(en, "site"));
    expect(site).toContain("booking");
    expect(site).not.toContain("manage");
    expect(site).not.toContain("waiver");
  });
});
