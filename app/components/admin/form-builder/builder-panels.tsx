import { useEffect } from "react";
import { useTranslation } from "../../../utils/use-translation";
import { useBlocker } from "react-router";
import type { FieldErrors } from "../../../../core/contracts/errors";
import type { StaffForm } from "../../../../core/contracts/form-definitions";
import { formatDateTime } from "../../../../core/domain/dates";
import { findItem } from "../../../../core/forms/form-definition-edits";
import type { Locale } from "../../../../core/i18n/locales";
import { buttonClasses } from "../../button";
import { useTextIn, type FormBuilder } from "./use-form-builder";

/**
 * The refused save's summary: the server's message, then each error with the page or item it names;
 * pressing one shows that page and opens that item's editor.
 */
export function ErrorSummary({ message, errors, builder }: { message: string; errors: FieldErrors; builder: FormBuilder }) {
  const { t } = useTranslation();
  const textIn = useTextIn();
  const entries = Object.entries(errors).map(([key, messages]) => {
    const [scope, uuid] = key.split(".");
    if (scope === "items" && uuid) {
      const found = findItem(builder.definition, uuid);
      const title = found ? textIn(found.item.label) || found.item.name : uuid;
      return { key, where: t("admin.formBuilder.errorAtItem", { item: title }), messages, open: found ? () => openItem(builder, found.page, uuid) : null };
    }
    if (scope === "pages" && uuid) {
      const index = builder.definition.pages.findIndex((page) => page.uuid === uuid);
      const title = builder.definition.pages[index]?.title.en || t("admin.formBuilder.untitled");
      return { key, where: t("admin.formBuilder.errorAtPage", { page: title }), messages, open: index >= 0 ? () => builder.selectPage(index) : null };
    }
    return { key, where: t("admin.formBuilder.errorAtForm"), messages, open: null };
  });
  return (
    <div role="alert" className="rounded-xl bg-danger-50 px-4 py-3 text-sm text-danger-700 ring-1 ring-inset ring-danger-700/20" data-testid="error-summary">
      <p className="font-semibold">{message}</p>
      {entries.length > 0 && (
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {entries.map((entry) => (
            <li key={entry.key}>
              {entry.open ? (
                <button type="button" className="font-semibold underline underline-offset-2" onClick={entry.open}>
                  {entry.where}
                </button>
              ) : (
                <span className="font-semibold">{entry.where}</span>
              )}
              : {entry.messages.join(" ")}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function openItem(builder: FormBuilder, page: number, uuid: string) {
  builder.selectPage(page);
  builder.edit(uuid);
  // The editor renders on the next paint; its first field takes the focus.
  requestAnimationFrame(() => document.getElementById(`item-${uuid}-name`)?.focus());
}

/** The published versions, newest first, and whether the draft differs from the latest. */
export function VersionsPanel({ form, dirty, locale }: { form: StaffForm; dirty: boolean; locale: Locale }) {
  const { t } = useTranslation();
  const latest = form.versions[0];
  return (
    <section aria-labelledby="versions-title" className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-navy-900/10 sm:p-5">
      <h2 id="versions-title" className="font-display text-lg font-semibold text-navy-900">
        {t("admin.formBuilder.versions")}
      </h2>
      <p className="text-sm text-ink-soft" data-testid="draft-state">
        {dirty
          ? t("admin.formBuilder.unsaved")
          : latest
            ? t(form.draft_differs ? "admin.formBuilder.draftDiffers" : "admin.formBuilder.draftSame", { number: latest.number })
            : t("admin.formBuilder.neverPublished")}
      </p>
      <ol className="divide-y divide-navy-900/10 text-sm" data-testid="versions">
        {form.versions.map((version) => (
          <li key={version.uuid} className="py-2">
            <span className="font-semibold text-navy-900">{t("admin.formBuilder.version", { number: version.number })}</span>
            <span className="block text-ink-soft">
              {t("admin.formBuilder.publishedAt", { at: formatDateTime(version.published_at, locale) })} ·{" "}
              {version.published_by ?? t("admin.formBuilder.publishedByMigration")}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Unsaved changes: the browser asks before the tab closes, and the page asks before leaving it. */
export function LeaveGuard({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  if (blocker.state !== "blocked") return null;
  return (
    <div role="alertdialog" aria-labelledby="leave-title" aria-modal="false" className="rounded-xl bg-gold-100 p-4 ring-1 ring-gold-500">
      <p id="leave-title" className="font-semibold text-navy-900">
        {t("admin.formBuilder.leaveTitle")}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={buttonClasses("secondary", "sm")} onClick={() => blocker.reset()} autoFocus>
          {t("admin.formBuilder.stay")}
        </button>
        <button type="button" className={buttonClasses("ghost", "sm")} onClick={() => blocker.proceed()}>
          {t("admin.formBuilder.leave")}
        </button>
      </div>
    </div>
  );
}
