import type { i18n as I18n, TFunction } from "i18next";
import { useContext } from "react";
import { getI18n, I18nContext } from "react-i18next";

export type Translation = { t: TFunction<"common", undefined>; i18n: I18n };

const translations = new WeakMap<I18n, Translation>();

function translationOf(i18n: I18n): Translation {
  let translation = translations.get(i18n);
  if (!translation) {
    translation = { t: i18n.t.bind(i18n), i18n };
    translations.set(i18n, translation);
  }
  return translation;
}

/**
 * The page texts' `t` in a component: what react-i18next's `useTranslation()` gives for the
 * instance of `<I18nextProvider>` (app/root.tsx), without its per-component work. That hook copies
 * the i18next instance, builds a fixed `t` and checks the namespaces in every component on every
 * server render, a tenth of an uncached page (decision 054). Here each locale's instance is ready
 * before it is provided and never changes language (core/i18n/i18n.ts `i18nFor`: one per locale; a
 * new locale is a new instance, so a new context value), so one `t` per instance does.
 */
export function useTranslation(): Translation {
  const i18n = useContext(I18nContext)?.i18n ?? (getI18n() as I18n | undefined);
  if (!i18n) throw new Error("useTranslation: no i18next instance (render inside <I18nextProvider>).");
  return translationOf(i18n);
}
