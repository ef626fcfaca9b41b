import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { invoiceCorrectionOf, invoicedCentsOf, shareOverRates, standingInvoicesOf, type IssuedInvoice } from "../../core/domain/invoice-corrections";

const invoice = (id: string, totalCents: number): IssuedInvoice => ({ id, kind: "invoice", totalCents, cancelsInvoiceId: null });
const cancellation = (id: string, of: IssuedInvoice): IssuedInvoice => ({ id, kind: "cancellation", totalCents: of.totalCents, cancelsInvoiceId: of.id });

/** Applies a correction the way server/invoices/correct-invoices.ts does. */
function applied(issued: IssuedInvoice[], owedCents: number, standingStillFits = true): IssuedInvoice[] {
  const correction = invoiceCorrectionOf(issued, { owedCents, standingStillFits });
  const next = [...issued];
  for (const id of correction.cancel) {
    const cancelled = next.find((candidate) => candidate.id === id);
    if (!cancelled) throw new Error(`no invoice ${id}`);
    next.push(cancellation(`c${next.length}`, cancelled));
  }
  if (correction.issue) next.push(invoice(`i${next.length}`, owedCents));
  return next;
}

describe("invoice corrections", () => {
  it("leaves a booking without an invoice alone: it is not binding yet", () => {
    expect(invoiceCorrectionOf([], { owedCents: 50_000, standingStillFits: false })).toEqual({ cancel: [], issue: false });
  });

  it("keeps a standing invoice that still says what is owed", () => {
    expect(invoiceCorrectionOf([invoice("a", 206_000)], { owedCents: 206_000, standingStillFits: true })).toEqual({ cancel: [], issue: false });
  });

  it("cancels the invoice and issues a new one when staff re-price the booking (€2,060.00 → €2,270.50)", () => {
    const first = invoice("a", 206_000);
    expect(invoiceCorrectionOf([first], { owedCents: 227_050, standingStillFits: false })).toEqual({ cancel: ["a"], issue: true });
    const after = applied([first], 227_050, false);
    expect(standingInvoicesOf(after).map((standing) => standing.totalCents)).toEqual([227_050]);
    expect(invoicedCentsOf(after)).toBe(227_050);
  });

  it("reissues when the amount is the same but the invoice would say something else (a changed address)", () => {
    expect(invoiceCorrectionOf([invoice("a", 1_000)], { owedCents: 1_000, standingStillFits: false })).toEqual({ cancel: ["a"], issue: true });
  });

  it("only cancels when nothing is owed any more (cancelled, everything refunded)", () => {
    expect(invoiceCorrectionOf([invoice("a", 1_000)], { owedCents: 0, standingStillFits: false })).toEqual({ cancel: ["a"], issue: false });
    const after = applied([invoice("a", 1_000)], 0, false);
    expect(invoicedCentsOf(after)).toBe(0);
    expect(invoiceCorrectionOf(after, { owedCents: 0, standingStillFits: false })).toEqual({ cancel: [], issue: false });
  });

  it("invoices a kept cancellation fee after the booking's invoice is cancelled", () => {
    const after = applied([invoice("a", 149_000)], 37_250, false);
    expect(after.map((row) => [row.kind, row.totalCents])).toEqual([
      ["invoice", 149_000],
      ["cancellation", 149_000],
      ["invoice", 37_250],
    ]);
  });

  it("property: after any sequence of changes, invoices less cancellation invoices are what is owed, each invoice cancelled at most once", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500_000 }),
        fc.array(fc.record({ owedCents: fc.integer({ min: 0, max: 500_000 }), fits: fc.boolean() }), { maxLength: 12 }),
        (firstCents, changes) => {
          let issued = [invoice("first", firstCents)];
          for (const change of changes) {
            issued = applied(issued, change.owedCents, change.fits);
            expect(invoicedCentsOf(issued)).toBe(change.owedCents);
            expect(standingInvoicesOf(issued).length).toBe(change.owedCents > 0 ? 1 : 0);
            const cancelledIds = issued.flatMap((row) => (row.cancelsInvoiceId ? [row.cancelsInvoiceId] : []));
            expect(new Set(cancelledIds).size).toBe(cancelledIds.length);
            for (const row of issued.filter((candidate) => candidate.kind === "cancellation")) {
              const original = issued.find((candidate) => candidate.id === row.cancelsInvoiceId);
              expect(original?.kind).toBe("invoice");
              expect(row.totalCents).toBe(original?.totalCents);
            }
          }
        },
      ),
    );
  });
});

describe("a reduction or a fee over several VAT rates (money review, finding 5)", () => {
  it("is shared in proportion to each rate's gross: €120 off €100 at 19 % and €50 at 7 %", () => {
    const lines = [
      { totalCents: 100_00, vatRateBasisPoints: 1900 },
      { totalCents: 50_00, vatRateBasisPoints: 700 },
    ];
    expect(shareOverRates(120_00, lines)).toEqual([
      { vatRateBasisPoints: 1900, amountCents: 80_00 },
      { vatRateBasisPoints: 700, amountCents: 40_00 },
    ]);
    expect(shareOverRates(1, lines)).toEqual([{ vatRateBasisPoints: 1900, amountCents: 1 }]);
    expect(shareOverRates(5_00, [{ totalCents: 0, vatRateBasisPoints: 700 }])).toEqual([{ vatRateBasisPoints: 700, amountCents: 5_00 }]);
  });

  it("property: the shares add up to the amount, none exceeds its rate's gross, so no rate goes negative", () => {
    const rate = fc.constantFrom(1900, 700, 0);
    fc.assert(
      fc.property(
        fc.array(fc.record({ totalCents: fc.integer({ min: 0, max: 1_000_000 }), vatRateBasisPoints: rate }), { minLength: 1, maxLength: 6 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (lines, fraction) => {
          const whole = lines.reduce((sum, line) => sum + line.totalCents, 0);
          const amount = Math.floor(whole * fraction);
          const shares = shareOverRates(amount, lines);
          expect(shares.reduce((sum, share) => sum + share.amountCents, 0)).toBe(amount);
          for (const share of shares) {
            expect(share.amountCents).toBeGreaterThan(0);
            const gross = lines.filter((line) => line.vatRateBasisPoints === share.vatRateBasisPoints).reduce((sum, line) => sum + line.totalCents, 0);
            if (whole > 0) expect(share.amountCents).toBeLessThanOrEqual(gross);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
