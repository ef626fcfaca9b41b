import { Form } from "react-router";
import type { WaiverPerson } from "../../../core/contracts/waivers";
import type { Locale } from "../../../core/i18n/locales";
import { buttonClasses } from "../button";
import { FormMessage } from "../field";
import { useTranslation } from "../../utils/use-translation";
import { WaiverStateLabel } from "../waivers/waiver-state-label";

export type BookingWaiversView = {
  title: string | null;
  version: number | null;
  people: WaiverPerson[];
  /** Where the paper waiver form posts, and each signed person's PDF (`{base}/{participant}/pdf`). */
  base: string;
  /** After a paper waiver: whose it was (recorded), or that the name was missing (invalid). */
  flash: { kind: "recorded"; name: string } | { kind: "invalid" } | null;
};

/**
 * The booking detail's waivers (decision 080): each person's state, the signed waiver's PDF, and for
 * whoever is missing a form to record a waiver signed on paper (audited). Plain forms: no script needed.
 */
export function BookingWaiversCard({ waivers, locale }: { waivers: BookingWaiversView; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="waivers-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-navy-900/10 sm:p-5">
      <h2 id="waivers-title" className="font-display text-lg font-bold text-navy-900">
        {t("admin.waivers.booking.heading")}
      </h2>
      {waivers.title && waivers.version !== null && <p className="mt-1 text-sm text-ink-soft">{t("admin.waivers.booking.text", { title: waivers.title, version: waivers.version })}</p>}
      {waivers.flash && (
        <div className="mt-3">
          <FormMessage tone={waivers.flash.kind === "recorded" ? "success" : "error"}>
            {waivers.flash.kind === "recorded" ? t("admin.waivers.booking.recorded", { name: waivers.flash.name }) : t("admin.waivers.booking.invalid")}
          </FormMessage>
        </div>
      )}
      <ul className="mt-3 divide-y divide-navy-900/10">
        {waivers.people.map((person) => (
          <li key={person.participant_id} className="py-3" data-testid={`waiver-${person.participant_id}`}>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
              <div>
                <p className="font-semibold text-navy-900">{person.name}</p>
                <p className="text-sm text-ink-soft">{t(`waiver.personTypes.${person.person_type}`)}</p>
              </div>
              <div className="flex flex-wrap items-center gap-3">
                <WaiverStateLabel waiver={person.waiver} locale={locale} />
                {person.waiver.state === "signed" && (
                  <a href={`${waivers.base}/${person.participant_id}/pdf`} download className="text-sm font-semibold text-navy-700 underline underline-offset-4">
                    {t("admin.waivers.booking.downloadPdf", { name: person.name })}
                  </a>
                )}
              </div>
            </div>
            {person.waiver.state === "missing" && (
              <details className="mt-2">
                <summary className="cursor-pointer text-sm font-semibold text-navy-700 underline underline-offset-4">{t("admin.waivers.booking.recordFor", { name: person.name })}</summary>
                <Form method="post" action={`${waivers.base}/paper`} className="mt-3 grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
                  <input type="hidden" name="participant_id" value={person.participant_id} />
                  <div>
                    <label htmlFor={`paper-name-${person.participant_id}`} className="block text-sm font-semibold text-navy-900">
                      {t("admin.waivers.booking.fullName")}
                    </label>
                    <input
                      id={`paper-name-${person.participant_id}`}
                      name="full_name"
                      defaultValue={person.name}
                      required
                      maxLength={200}
                      className="mt-1.5 block w-full rounded-lg border border-navy-900/20 bg-white px-3 py-2 text-base text-ink"
                    />
                  </div>
                  <div>
                    <label htmlFor={`paper-dob-${person.participant_id}`} className="block text-sm font-semibold text-navy-900">
                      {t("admin.waivers.booking.dateOfBirth")}
                    </label>
                    <input id={`paper-dob-${person.participant_id}`} name="date_of_birth" type="date" className="mt-1.5 block w-full rounded-lg border border-navy-900/20 bg-white px-3 py-2 text-base text-ink" />
                  </div>
                  <button type="submit" className={buttonClasses("secondary")}>
                    {t("admin.waivers.booking.record")}
                  </button>
                </Form>
              </details>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
