import { describe, expect, it } from "vitest";
import {
  bookingEditable,
  changedAnswers,
  changedCompanionFields,
  describeChanges,
  sameAnswer,
  staffEditableItem,
  mergeDetailChanges,
} from "../../core/domain/booking-edits";

describe("booking edits by staff (decision 032)", () => {
  it("lets staff edit typed answers, not companions, vehicles, files, the SMA request or decisions made at submission", () => {
    expect(staffEditableItem({ kind: "input", name: "main.forename" })).toBe(true);
    expect(staffEditableItem({ kind: "date", name: "main.date_of_birth" })).toBe(true);
    for (const kind of ["companion", "vehicles", "vehicles_per_day", "upload", "file", "sma"] as const)
      expect(staffEditableItem({ kind, name: "x" })).toBe(false);
    for (const name of ["payment_option", "terms", "create_account"]) expect(staffEditableItem({ kind: "radio", name })).toBe(false);
  });

  it("refuses closed bookings only", () => {
    expect(["submitted", "awaiting_payment", "in_review", "confirmed", "paid"].every(bookingEditable)).toBe(true);
    expect(["draft", "cancelled", "expired", "rejected"].some(bookingEditable)).toBe(false);
  });

  it("treats blank answers alike and lists only the answers that change", () => {
    expect(sameAnswer(undefined, "")).toBe(true);
    expect(sameAnswer(null, [])).toBe(true);
    expect(sameAnswer(["a"], ["a"])).toBe(true);
    expect(sameAnswer("a", "b")).toBe(false);
    expect(changedAnswers({ a: "1", b: "x" }, { a: "1", b: "y", c: "" })).toEqual(["b"]);
  });

  it("lists a companion's changed fields, trimmed, blank as none", () => {
    expect(
      changedCompanionFields({ forename: "Jonas", surname: "Berg", date_of_birth: null }, { forename: " Jonathan ", surname: "Berg", date_of_birth: "" }),
    ).toEqual([{ field: "forename", from: "Jonas", to: "Jonathan" }]);
  });

  it("describes changes as one audit line", () => {
    expect(
      describeChanges([
        { label: "First name", from: "Jonas", to: "Jonathan" },
        { label: "Total price", from: "€1.00", to: "€2.00" },
      ]),
    ).toBe("First name: Jonas → Jonathan; Total price: €1.00 → €2.00");
  });
});

describe("mergeDetailChanges", () => {
  it("joins a field's changes, keeps separate additions, drops what was undone", () => {
    const merged = mergeDetailChanges(
      [
        { label: "Forename", from: "Jonas", to: "Jonatan" },
        { label: "Companion added", from: "—", to: "Greta" },
        { label: "Total price", from: "€100.00", to: "€200.00" },
      ],
      [
        { label: "Forename", from: "Jonatan", to: "Jonathan" },
        { label: "Companion added", from: "—", to: "Max" },
        { label: "Total price", from: "€200.00", to: "€100.00" },
      ],
    );
    expect(merged).toEqual([
      { label: "Forename", from: "Jonas", to: "Jonathan" },
      { label: "Companion added", from: "—", to: "Greta" },
      { label: "Companion added", from: "—", to: "Max" },
    ]);
  });
});
