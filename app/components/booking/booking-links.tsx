import { useTranslation } from "../../utils/use-translation";

/**
 * The way back to a booking from the pages after booking and paying (issue 32): its own page (the
 * link the e-mails carry) and its calendar file, for a guest who closes the tab before the mail comes.
 */
export function BookingLinks({ links }: { links: { page: string; calendar: string } | null }) {
  const { t } = useTranslation();
  if (!links) return null;
  return (
    <div className="rounded-xl bg-navy-50 px-5 py-4 text-sm">
      <p className="text-ink">{t("bookingSuccess.ownPageNote")}</p>
      <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
        <li>
          <a href={links.page} className="font-semibold text-navy-800 underline underline-offset-2">
            {t("bookingSuccess.ownPage")}
          </a>
        </li>
        <li>
          <a href={links.calendar} download className="font-semibold text-navy-800 underline underline-offset-2">
            {t("bookingSuccess.calendar")}
          </a>
        </li>
      </ul>
    </div>
  );
}
