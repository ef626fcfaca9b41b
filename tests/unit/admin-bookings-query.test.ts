import { describe, expect, it } from "vitest";
import { staffBookingsQuerySchema } from "../../core/contracts/staff-bookings";
import { bookingsQueryInput, columnSort, hrefWith } from "../../app/utils/admin-bookings-query";

describe("the bookings list's address", () => {
  it("reads a submitted GET form: empty fields are unset, repeated ones a list", () => {
    const params = new URLSearchParams("q=+MB-1+&event=&status=confirmed&status=paid&payment=invoice&payment=&from=&to=2026-05-01&sort=code_asc&page=2");
    const input = bookingsQueryInput(params);
    expect(input).toEqual({
      q: "MB-1",
      event: undefined,
      status: ["confirmed", "paid"],
      payment: ["invoice"],
      from: undefined,
      to: "2026-05-01",
      sort: "code_asc",
      page: "2",
    });
    const query = staffBookingsQuerySchema.parse(input);
    expect(query).toMatchObject({ q: "MB-1", status: ["confirmed", "paid"], payment: ["invoice"], sort: "code_asc", page: 2 });
  });

  it("an empty address is the newest bookings' first page", () => {
    expect(staffBookingsQuerySchema.parse(bookingsQueryInput(new URLSearchParams()))).toEqual({ sort: "submitted_desc", page: 1 });
  });

  it.each([
    ["code", "submitted_desc", "none", "code_asc"],
    ["code", "code_asc", "ascending", "code_desc"],
    ["code", "code_desc", "descending", "code_asc"],
    ["submitted", "submitted_desc", "descending", "submitted_asc"],
    ["submitted", "code_asc", "none", "submitted_desc"],
    ["participant", "name_asc", "ascending", "name_desc"],
    ["money", "submitted_desc", "none", "total_desc"],
    ["money", "total_desc", "descending", "total_asc"],
  ] as const)("header %s while sorted %s: aria-sort %s, link to %s", (column, current, ariaSort, next) => {
    expect(columnSort(column, current)).toEqual({ ariaSort, next });
  });

  it("a link keeps the other parameters, repeated ones too, and drops the removed", () => {
    const params = new URLSearchParams("q=hof&status=confirmed&status=paid&page=3");
    expect(hrefWith("/admin/bookings", params, { sort: "code_asc", page: null })).toBe("/admin/bookings?q=hof&status=confirmed&status=paid&sort=code_asc");
    expect(hrefWith("/de/admin/bookings", new URLSearchParams("page=2"), { page: null })).toBe("/de/admin/bookings");
  });
});
