import type { PaymentStatus } from "./booking-state-machine";
import type { BookingStatus } from "./booking-status";
import type { IsoDate } from "./dates";
import type { Cents } from "./money";

/**
 * One account per booking (decision 067): every figure a screen, an e-mail, a payment or an export
 * shows of a booking's money is derived here from the booking's price and its ledger (payments that
 * brought money in, refunds that gave some back), and from nothing else. Pure: the server reads the
 * rows (server/bookings/booking-account.ts), the pages only show what this answers.
 */

/** How money arrived: through the card provider, or recorded by staff (a transfer on the statement, cash, other). */
export const paymentMethods = ["card", "bank_transfer", "cash", "other"] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** Money is given back through the provider that took it (card), or paid out by the operator and recorded. */
export type RefundChannel = "provider" | "recorded";
export const refundChannelOf = (method: PaymentMethod): RefundChannel => (method === "card" ? "provider" : "recorded");

export type AccountPayment = {
  id: string;
  method: PaymentMethod;
  status: PaymentStatus;
  amountCents: Cents;
  receivedOn: IsoDate | null;
  /** Its money arrived but could not be kept (a second payment): held only to be given back, never paying toward the price. */
  keptForRefund?: boolean;
};
export type AccountRefund = { paymentId: string; amountCents: Cents; channel: RefundChannel; on: IsoDate };

export type AccountInput = {
  status: BookingStatus;
  /** The booking's price: the sum of its price lines by its form version. */
  totalCents: Cents;
  /** The part of the total asked for first (the whole total when there is no split). */
  depositCents: Cents;
  /** When the deposit is due: the booking day (card), the transfer's due date (invoice); null while not yet asked for (a request in review). */
  depositDueOn: IsoDate | null;
  /** When the rest is due; null when nothing remains after the deposit. */
  remainderDueOn: IsoDate | null;
  /** What the operator keeps of a cancelled booking (the cancellation fee); null when it was not cancelled. */
  cancellationFeeCents: Cents | null;
  /** Price reductions staff granted on a standing booking (money given back as goodwill): it owes that much less. */
  creditedCents: Cents;
  payments: readonly AccountPayment[];
  refunds: readonly AccountRefund[];
};

export type DueKind = "deposit" | "balance" | "full";

/** One instalment of what is owed: its amount, what has been paid toward it, and when it falls due. */
export type AccountDue = {
  kind: DueKind;
  amountCents: Cents;
  paidCents: Cents;
  outstandingCents: Cents;
  dueOn: IsoDate | null;
  /** Its date has come: from that day on it is "due now". */
  fallenDue: boolean;
};

export const accountPaymentStates = ["unpaid", "partial", "paid", "overpaid", "nothing_due"] as const;
export type AccountPaymentState = (typeof accountPaymentStates)[number];

/** What a pay button asks for: everything fallen due, or (early) the next instalment. */
export type PayableAmount = { kind: DueKind; amountCents: Cents; early: boolean; dueOn: IsoDate | null };

export type RefundablePart = {
  paymentId: string;
  method: PaymentMethod;
  channel: RefundChannel;
  paidCents: Cents;
  refundedCents: Cents;
  refundableCents: Cents;
  /** A payment kept only to be given back: giving it back is no price reduction. */
  kept: boolean;
};

export type BookingAccount = {
  totalCents: Cents;
  /** What the booking owes: its total while it stands, the fee kept once cancelled, nothing once rejected or expired. */
  owedCents: Cents;
  /** Money received (every payment whose money arrived, also one kept only to be given back). */
  paidCents: Cents;
  refundedCents: Cents;
  netPaidCents: Cents;
  /** Still to pay: owed − net paid when positive. */
  outstandingCents: Cents;
  /** Paid beyond what is owed: to give back. */
  creditCents: Cents;
  dues: AccountDue[];
  dueNowCents: Cents;
  /** The first instalment not yet paid in full (fallen due or not). */
  nextDue: AccountDue | null;
  payable: PayableAmount | null;
  refundable: RefundablePart[];
  refundableCents: Cents;
  paymentState: AccountPaymentState;
};

/** Payment statuses in which its money arrived (refunds of it are counted separately). */
const moneyArrived: ReadonlySet<PaymentStatus> = new Set<PaymentStatus>(["succeeded", "refund_pending", "refunded"]);
export const moneyArrivedIn = (status: PaymentStatus): boolean => moneyArrived.has(status);

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

function assertCents(name: string, value: number) {
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`${name} must be whole, non-negative cents (got ${value})`);
}

/**
 * What the booking owes in its state: a cancelled one its fee (at most what it cost), a rejected or
 * expired one nothing, a standing one its total less the reductions staff granted.
 */
export function owedBy(input: Pick<AccountInput, "status" | "totalCents" | "cancellationFeeCents" | "creditedCents">): Cents {
  if (input.status === "cancelled") return Math.min(input.cancellationFeeCents ?? 0, input.totalCents);
  if (input.status === "rejected" || input.status === "expired") return 0;
  return Math.max(0, input.totalCents - input.creditedCents);
}

/**
 * What a cancellation keeps as its fee (decision 067): what was not given back, but never more than
 * the booking cost while it stood (its total less the reductions granted). Money paid beyond that
 * stays as credit, to be given back, and is no fee the operator could invoice.
 */
export function cancellationFeeOf(
  booking: Pick<AccountInput, "totalCents" | "creditedCents">,
  account: Pick<BookingAccount, "netPaidCents">,
): Cents {
  return Math.max(0, Math.min(account.netPaidCents, booking.totalCents - booking.creditedCents));
}

/** The instalments of a standing booking: one when the deposit is everything, else deposit then balance. */
function instalments(input: AccountInput, owedCents: Cents): { kind: DueKind; amountCents: Cents; dueOn: IsoDate | null }[] {
  if (owedCents === 0) return [];
  if (input.status === "cancelled") return [{ kind: "full", amountCents: owedCents, dueOn: input.depositDueOn }];
  // A reduction comes off the balance first: the deposit stays what was asked for, up to what is owed.
  const deposit = Math.min(input.depositCents, owedCents);
  if (deposit >= owedCents || deposit === 0)
    return [{ kind: "full", amountCents: owedCents, dueOn: deposit === 0 ? (input.remainderDueOn ?? input.depositDueOn) : input.depositDueOn }];
  return [
    { kind: "deposit", amountCents: deposit, dueOn: input.depositDueOn },
    // The balance never falls due before the deposit does (a request verified late owes both at once).
    { kind: "balance", amountCents: owedCents - deposit, dueOn: laterOf(input.remainderDueOn, input.depositDueOn) },
  ];
}

function laterOf(a: IsoDate | null, b: IsoDate | null): IsoDate | null {
  if (a === null || b === null) return null;
  return a > b ? a : b;
}

/** The booking's account on `today` (the operator's calendar day). */
export function bookingAccount(input: AccountInput, today: IsoDate): BookingAccount {
  assertCents("total", input.totalCents);
  assertCents("deposit", input.depositCents);
  if (input.cancellationFeeCents !== null) assertCents("cancellation fee", input.cancellationFeeCents);
  assertCents("credited", input.creditedCents);
  const arrived = input.payments.filter((payment) => moneyArrived.has(payment.status));
  for (const payment of input.payments) assertCents(`payment ${payment.id}`, payment.amountCents);
  const refundable: RefundablePart[] = arrived.map((payment) => {
    const refundedCents = sum(input.refunds.filter((refund) => refund.paymentId === payment.id).map((refund) => refund.amountCents));
    if (refundedCents > payment.amountCents) throw new RangeError(`payment ${payment.id} is refunded beyond what it paid`);
    return {
      paymentId: payment.id,
      method: payment.method,
      channel: refundChannelOf(payment.method),
      paidCents: payment.amountCents,
      refundedCents,
      refundableCents: payment.amountCents - refundedCents,
      kept: payment.keptForRefund === true,
    };
  });
  for (const refund of input.refunds) {
    assertCents("refund", refund.amountCents);
    if (!arrived.some((payment) => payment.id === refund.paymentId)) throw new RangeError(`refund of payment ${refund.paymentId}, whose money never arrived`);
  }
  const paidCents = sum(arrived.map((payment) => payment.amountCents));
  const refundedCents = sum(input.refunds.map((refund) => refund.amountCents));
  const netPaidCents = paidCents - refundedCents;
  const owedCents = owedBy(input);

  let left = netPaidCents;
  const dues: AccountDue[] = instalments(input, owedCents).map((instalment) => {
    const paid = Math.min(left, instalment.amountCents);
    left -= paid;
    return {
      ...instalment,
      paidCents: paid,
      outstandingCents: instalment.amountCents - paid,
      fallenDue: instalment.dueOn !== null && today >= instalment.dueOn,
    };
  });
  const open = dues.filter((due) => due.outstandingCents > 0);
  const fallen = open.filter((due) => due.fallenDue);
  const dueNowCents = sum(fallen.map((due) => due.outstandingCents));
  const nextDue = open[0] ?? null;
  const outstandingCents = Math.max(0, owedCents - netPaidCents);
  return {
    totalCents: input.totalCents,
    owedCents,
    paidCents,
    refundedCents,
    netPaidCents,
    outstandingCents,
    creditCents: Math.max(0, netPaidCents - owedCents),
    dues,
    dueNowCents,
    nextDue,
    payable: payableOf(open, fallen, netPaidCents),
    refundable,
    refundableCents: sum(refundable.map((part) => part.refundableCents)),
    paymentState: stateOf(owedCents, netPaidCents),
  };
}

/** Everything fallen due at once; when nothing is, the next instalment early (paying early stays possible). */
function payableOf(open: AccountDue[], fallen: AccountDue[], netPaidCents: Cents): PayableAmount | null {
  const asked = fallen.length > 0 ? fallen : open.slice(0, 1);
  if (asked.length === 0) return null;
  const everything = asked.length === open.length;
  const kind: DueKind = everything && netPaidCents === 0 ? "full" : asked.every((due) => due.kind === "deposit") ? "deposit" : "balance";
  return { kind, amountCents: sum(asked.map((due) => due.outstandingCents)), early: fallen.length === 0, dueOn: asked[asked.length - 1]?.dueOn ?? null };
}

function stateOf(owedCents: Cents, netPaidCents: Cents): AccountPaymentState {
  if (netPaidCents > owedCents) return "overpaid";
  if (owedCents === 0) return "nothing_due";
  if (netPaidCents === 0) return "unpaid";
  return netPaidCents < owedCents ? "partial" : "paid";
}

/**
 * Splits a refund of `requestedCents` (all that is refundable when undefined) over the account's
 * payments, newest first (a balance before its deposit), never more than a payment's own rest.
 * `only` limits it to one payment (staff chose it on the cancel form).
 */
export function planAccountRefund(
  account: Pick<BookingAccount, "refundable">,
  requestedCents: Cents | undefined,
  order: readonly string[],
):
  | { ok: true; parts: { paymentId: string; amountCents: Cents }[] }
  | { ok: false; reason: "nothing_refundable" | "exceeds_refundable"; refundableCents: Cents } {
  const available = sum(account.refundable.map((part) => part.refundableCents));
  if (available === 0) return { ok: false, reason: "nothing_refundable", refundableCents: 0 };
  const wanted = requestedCents ?? available;
  if (!Number.isInteger(wanted) || wanted <= 0 || wanted > available) return { ok: false, reason: "exceeds_refundable", refundableCents: available };
  const rank = (id: string) => {
    const index = order.indexOf(id);
    return index === -1 ? order.length : index;
  };
  const parts: { paymentId: string; amountCents: Cents }[] = [];
  let left = wanted;
  for (const part of [...account.refundable].sort((a, b) => rank(a.paymentId) - rank(b.paymentId))) {
    if (left === 0) break;
    const amountCents = Math.min(part.refundableCents, left);
    if (amountCents > 0) parts.push({ paymentId: part.paymentId, amountCents });
    left -= amountCents;
  }
  return { ok: true, parts };
}

/**
 * How much of a refund on a standing booking lowers what it owes: the part beyond what may go back
 * without changing the price — the rest of payments kept only to be given back (a second payment) and
 * money paid beyond what is owed besides them. More than that is a reduction the operator grants
 * (e.g. goodwill). A cancelled, rejected or expired booking's refunds change no price.
 */
export function reductionOfRefund(
  account: Pick<BookingAccount, "netPaidCents" | "owedCents" | "refundable">,
  status: BookingStatus,
  refundCents: Cents,
): Cents {
  if (status === "cancelled" || status === "rejected" || status === "expired") return 0;
  const keptCents = sum(account.refundable.filter((part) => part.kept).map((part) => part.refundableCents));
  const overpaidCents = Math.max(0, account.netPaidCents - keptCents - account.owedCents);
  return Math.max(0, refundCents - keptCents - overpaidCents);
}
