import type { WaiverPerson } from "../../../core/contracts/waivers";
import type { Locale } from "../../../core/i18n/locales";
import { buttonClasses } from "../button";
import { useTranslation } from "../../utils/use-translation";
import { WaiverStateLabel } from "./waiver-state-label";

/**
 * The manage page's waivers (decision 080): each person with their state; whoever must still sign has
 * a button to their own sign page (the link can be passed on to that person), whoever signed a PDF.
 */
export function ManageWaiversSection({ people, locale }: { people: readonly WaiverPerson[]; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="waivers-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10 sm:p-6">
      <h2 id="waivers-title" className="font-display text-xl font-semibold text-navy-900">
        {t("manage.waivers.heading")}
      </h2>
      <p className="mt-2 text-sm text-ink-soft">{t("manage.waivers.intro")}</p>
      <ul className="mt-3 divide-y divide-navy-900/10">
        {people.map((person) => (
          <li key={person.participant_id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
            <div>
              <p className="font-semibold text-navy-900">{person.name}</p>
              <p className="text-sm text-ink-soft">{t(`waiver.personTypes.${person.person_type}`)}</p>
            </div>
            <div className="flex flex-wrap items-center gap-3">
              <WaiverStateLabel waiver={person.waiver} locale={locale} />
              {person.waiver.state === "missing" && person.sign_path && (
                <a href={person.sign_path} className={buttonClasses("primary")} aria-label={t("manage.waivers.sign", { name: person.name })}>
                  {t("manage.waivers.signShort")}
                </a>
              )}
              {person.waiver.state === "signed" && person.sign_path && (
                <a href={`${person.sign_path}/pdf`} download className="text-sm font-semibold text-navy-700 underline underline-offset-4">
                  {t("manage.waivers.download", { name: person.name })}
                </a>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
