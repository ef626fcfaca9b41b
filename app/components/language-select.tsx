import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "../utils/use-translation";
import { Form, useSubmit } from "react-router";
import { localeNames, locales, type Locale } from "../../core/i18n/locales";
import { useAlternates } from "../utils/alternates";

/**
 * The footer's language dropdown. Choosing a language saves it in the `i18n_redirected` cookie and
 * opens the current page in that language. Works without JavaScript through its submit button.
 */
export function LanguageSelect({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const alternates = useAlternates();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const selectId = useId();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  return (
    // data-auto-submit and data-no-script: the same behaviour on a page without hydration, by its inline script (decision 056).
    <Form method="post" action="/locale" ref={formRef} className="flex items-center gap-2" reloadDocument={!hydrated} replace data-auto-submit="">
      <label htmlFor={selectId} className="text-sm font-medium text-navy-100">
        {t("footer.language")}
      </label>
      <select
        id={selectId}
        name="locale"
        defaultValue={locale}
        key={locale}
        // The page in the other language replaces this one in the history: Back then goes where it went before (issue 32).
        onChange={() => formRef.current && submit(formRef.current, { replace: true })}
        className="rounded-md border border-white/30 bg-navy-900 px-3 py-1.5 text-sm text-white"
      >
        {locales.map((option) => (
          <option key={option} value={option} lang={option}>
            {localeNames[option]}
          </option>
        ))}
      </select>
      {locales.map((option) => (
        <input key={option} type="hidden" name={`redirect_${option}`} value={alternates[option]} />
      ))}
      {!hydrated && (
        <button type="submit" data-no-script="" className="rounded-md bg-white/10 px-3 py-1.5 text-sm font-semibold text-white hover:bg-white/20">
          {t("footer.changeLanguage")}
        </button>
      )}
    </Form>
  );
}
