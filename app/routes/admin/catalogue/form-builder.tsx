import { useEffect, useState } from "react";
import { useTranslation } from "../../../utils/use-translation";
import { Link, useFetcher } from "react-router";
import type { FieldErrors } from "../../../../core/contracts/errors";
import { findItem } from "../../../../core/forms/form-definition-edits";
import { translatorFor } from "../../../../core/i18n/i18n";
import { buttonClasses } from "../../../components/button";
import { ErrorSummary, LeaveGuard, VersionsPanel } from "../../../components/admin/form-builder/builder-panels";
import { smallButton } from "../../../components/admin/form-builder/controls";
import { ItemEditor } from "../../../components/admin/form-builder/item-editor";
import { AddItem, ItemList } from "../../../components/admin/form-builder/item-list";
import { PageHeader, PageList } from "../../../components/admin/form-builder/page-list";
import { useFormBuilder, useTextIn } from "../../../components/admin/form-builder/use-form-builder";
import { FormMessage } from "../../../components/field";
import { useLocalizedHref } from "../../../utils/locale";
import { pageMeta } from "../../../utils/meta";
import type { FormBuilderAnswer } from "./form-builder.server";
import type { Route } from "./+types/form-builder";

export { loader, action } from "./form-builder.server";
export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? pageMeta(loaderData.locale, translatorFor(loaderData.locale)("admin.formBuilder.title")) : [];

/**
 * The form builder (decision 038): the whole definition is edited here in memory, with undo, and sent
 * at once to be saved (and published); the server's rules judge it and name what to fix.
 */
export default function AdminFormBuilderPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const textIn = useTextIn();
  const { form, event, locale } = loaderData;
  const builder = useFormBuilder(form.draft);
  const fetcher = useFetcher<FormBuilderAnswer>();
  const [refusal, setRefusal] = useState<{ message: string; errors: FieldErrors } | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || fetcher.state !== "idle") return;
    if (answer.ok) {
      builder.saved(answer.form.draft);
      setRefusal(null);
      setSaved(answer.message);
    } else {
      setRefusal({ message: answer.message, errors: answer.errors });
      setSaved(null);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer of the action
  }, [fetcher.data, fetcher.state]);

  // The sticky toolbar must not hide the focused control (WCAG 2.2 focus not obscured): scroll targets keep clear of it.
  useEffect(() => {
    const root = document.documentElement;
    const before = root.style.scrollPaddingTop;
    root.style.scrollPaddingTop = "8rem";
    return () => {
      root.style.scrollPaddingTop = before;
    };
  }, []);

  const submit = (intent: "save" | "publish") => {
    setSaved(null);
    void fetcher.submit({ intent, definition: JSON.stringify(builder.definition) }, { method: "post" });
  };
  const errors = refusal?.errors ?? {};
  const errorsOf = (key: string) => errors[key];
  const hasErrors = (uuid: string) => Object.keys(errors).some((key) => key.startsWith(`items.${uuid}.`) || key.startsWith(`pages.${uuid}.`));
  const pageHasErrors = (uuid: string) =>
    hasErrors(uuid) || (builder.definition.pages.find((page) => page.uuid === uuid)?.items.some((item) => hasErrors(item.uuid)) ?? false);
  const editing = builder.editing ? findItem(builder.definition, builder.editing) : null;
  const announcement = builder.announcement
    ? builder.announcement.undone
      ? t("admin.formBuilder.undone", { change: t(builder.announcement.change) })
      : t(builder.announcement.change)
    : "";
  const versionsForm = fetcher.data?.ok ? fetcher.data.form : form;

  return (
    <div className="space-y-6">
      <div>
        <Link to={href(`/admin/events/${event.uuid}`)} className="text-sm font-semibold text-navy-700 underline underline-offset-4">
          {t("admin.formBuilder.back")}
        </Link>
        <h1 id="page-title" className="mt-2 font-display text-3xl font-bold text-navy-900">
          {t("admin.formBuilder.title")}
        </h1>
        <p className="mt-1 text-ink-soft">{event.title}</p>
      </div>

      <LeaveGuard dirty={builder.dirty} />

      <div className="sticky top-2 z-10 flex flex-wrap items-center gap-2 rounded-2xl bg-white/95 p-2 sm:p-3 shadow-sm ring-1 ring-navy-900/10 backdrop-blur">
        <button type="button" className={buttonClasses("secondary", "sm")} disabled={busy} onClick={() => submit("save")}>
          {t("admin.formBuilder.save")}
        </button>
        <button type="button" className={buttonClasses("primary", "sm")} disabled={busy} onClick={() => submit("publish")}>
          {t("admin.formBuilder.publish")}
        </button>
        <button type="button" className={smallButton} disabled={!builder.canUndo} onClick={builder.undo}>
          {t("admin.formBuilder.undo")}
        </button>
        <a
          href={href(`/booking/${form.uuid}?preview=1`)}
          target="_blank"
          rel="noopener"
          className="text-sm font-semibold text-navy-700 underline underline-offset-4"
        >
          {t("admin.formBuilder.preview")}
        </a>
        <p role="status" className="w-full text-sm text-ink-soft sm:ml-auto sm:w-auto" data-testid="builder-status">
          {announcement}
          {builder.dirty && !busy ? ` ${t("admin.formBuilder.unsavedShort")}` : ""}
        </p>
      </div>

      {refusal && <ErrorSummary message={refusal.message} errors={refusal.errors} builder={builder} />}
      {saved && <FormMessage tone="success">{saved}</FormMessage>}

      {/* Phone: pages, items, versions stacked; desktop: pages above versions beside the items. */}
      <div className="grid gap-6 lg:grid-cols-[minmax(16rem,20rem)_1fr] lg:grid-rows-[auto_1fr] lg:items-start">
        <section aria-labelledby="pages-title" className="space-y-3">
          <h2 id="pages-title" className="font-display text-xl font-semibold text-navy-900">
            {t("admin.formBuilder.pages")}
          </h2>
          <PageList builder={builder} hasErrors={pageHasErrors} />
          <button type="button" className={smallButton} onClick={builder.addPage}>
            {t("admin.formBuilder.addPage")}
          </button>
        </section>

        <section aria-labelledby="page-items-title" className="min-w-0 space-y-4 lg:row-span-2">
          <h2 id="page-items-title" className="font-display text-xl font-semibold text-navy-900">
            {t("admin.formBuilder.pageNumber", {
              number: builder.pageIndex + 1,
              title: (builder.page && textIn(builder.page.title)) || t("admin.formBuilder.untitled"),
            })}
          </h2>
          <PageHeader builder={builder} errorsOf={errorsOf} />
          <p className="text-sm text-ink-soft" id="reorder-hint">
            {t("admin.formBuilder.reorderHint")}
          </p>
          <ItemList builder={builder} hasErrors={hasErrors} />
          <AddItem builder={builder} />
          {editing && <ItemEditor key={editing.item.uuid} builder={builder} item={editing.item} offer={event} errorsOf={errorsOf} />}
        </section>
        <VersionsPanel form={versionsForm} dirty={builder.dirty} locale={locale} />
      </div>
    </div>
  );
}
