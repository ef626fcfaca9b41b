import { Link } from "react-router";
import { useTranslation } from "../utils/use-translation";
import type { PageSummary } from "../../core/contracts/pages";
import type { Site } from "../../core/contracts/site";
import { localizePath, type Locale } from "../../core/i18n/locales";
import { LanguageSelect } from "./language-select";

/** The imprint's slugs as the seed names it (server/db/factories/pages.ts), in every language. */
const imprintSlugs = new Set(["imprint", "impressum"]);

/** The imprint (German law, § 5 DDG) must be reachable from every page, phones included (decision 026). */
export function isImprint(page: Pick<PageSummary, "slug" | "translations">): boolean {
  return imprintSlugs.has(page.slug) || page.translations.some((translation) => imprintSlugs.has(translation.slug));
}

/** Spec §2: each page name followed by a period; hidden on small screens unless `show_on_mobile`, except the imprint. */
export function menuItemClass(page: Pick<PageSummary, "show_on_mobile" | "slug" | "translations">): string {
  return page.show_on_mobile || isImprint(page) ? "block" : "hidden md:block";
}

export function Footer({ site, pages, locale, year }: { site: Site; pages: PageSummary[]; locale: Locale; year: number }) {
  const { t } = useTranslation();
  return (
    <footer className="mt-auto bg-navy-950 text-navy-100">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3">
        <section aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="font-display text-lg font-semibold text-white">
            {t("footer.legalNotice")}
          </h2>
          <address className="mt-3 space-y-1 text-sm not-italic leading-relaxed">
            <p className="font-semibold text-white">{site.company}</p>
            <p>{site.street}</p>
            <p>
              {site.zip} {site.city}, {site.country}
            </p>
            <p>
              {t("footer.phone")}:{" "}
              <a className="underline-offset-2 hover:underline" href={`tel:${site.phone.replace(/[^+\d]/g, "")}`}>
                {site.phone}
              </a>
            </p>
            {site.fax && (
              <p>
                {t("footer.fax")}: {site.fax}
              </p>
            )}
            <p>
              {t("footer.email")}:{" "}
              <a className="underline-offset-2 hover:underline" href={`mailto:${site.email}`}>
                {site.email}
              </a>
            </p>
            <p>
              {t("footer.website")}:{" "}
              <a className="underline-offset-2 hover:underline" href={site.website}>
                {site.website.replace(/^https?:\/\//, "")}
              </a>
            </p>
            <p>
              {t("footer.registryCourt")}: {site.registry_court}
            </p>
            <p>
              {t("footer.managingDirector")}: {site.managing_director}
            </p>
          </address>
          {/* Where customers get help, and when: the site settings' support e-mail and hours (decision 035). */}
          <p className="mt-4 text-sm leading-relaxed" data-testid="footer-support">
            {t("footer.support")}:{" "}
            <a className="underline-offset-2 hover:underline" href={`mailto:${site.support_email}`}>
              {site.support_email}
            </a>
            <br />
            {t("footer.supportHours")}: {site.support_hours}
          </p>
        </section>
        <section aria-labelledby="footer-pages">
          <h2 id="footer-pages" className="font-display text-lg font-semibold text-white">
            {t("footer.contentPages")}
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {pages.map((page) => (
              <li key={page.uuid} className={menuItemClass(page)}>
                <Link to={localizePath(`/${page.slug}`, locale)} className="underline-offset-2 hover:text-white hover:underline">
                  {page.name}.
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-travel">
          <h2 id="footer-travel" className="font-display text-lg font-semibold text-white">
            {t("travelOperator")}
          </h2>
          <p className="mt-3 text-sm leading-relaxed">{site.travel_operator_notice}</p>
          <div className="mt-6">
            <LanguageSelect locale={locale} />
          </div>
        </section>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-6xl px-4 py-5 text-xs text-navy-100 sm:px-6">{t("footer.copyright", { year, company: site.company })}</p>
      </div>
    </footer>
  );
}
