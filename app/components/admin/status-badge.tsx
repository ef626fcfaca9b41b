import { useTranslation } from "../../utils/use-translation";
import type { BookingStatus } from "../../../core/domain/booking-status";

/** Each status's colours (text on its own light ground, contrast AA); "needs the desk" in gold, done in green, over in grey/red. */
const tones: Record<BookingStatus, string> = {
  draft: "bg-navy-50 text-ink-soft ring-navy-900/15",
  submitted: "bg-gold-100 text-gold-600 ring-gold-600/25",
  awaiting_payment: "bg-gold-100 text-gold-600 ring-gold-600/25",
  in_review: "bg-gold-100 text-gold-600 ring-gold-600/25",
  confirmed: "bg-navy-100 text-navy-900 ring-navy-900/20",
  paid: "bg-success-50 text-success-700 ring-success-700/25",
  rejected: "bg-danger-50 text-danger-700 ring-danger-700/25",
  cancelled: "bg-danger-50 text-danger-700 ring-danger-700/25",
  expired: "bg-navy-50 text-ink-soft ring-navy-900/15",
};

/** A booking's status as a small localized badge (the word carries the meaning; the colour only helps). */
export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${tones[status]}`}>
      {t(`admin.bookings.statuses.${status}`)}
    </span>
  );
}
