import type { ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";
import { translatorFor } from "../../../../core/i18n/i18n";
import { Pagination } from "../../../components/admin/pagination";
import { Button } from "../../../components/button";
import { FormMessage } from "../../../components/field";
import { pageMeta } from "../../../utils/meta";
import { useTranslation } from "../../../utils/use-translation";
import type { AuditEntryView } from "./audit.server";
import type { Route } from "./+types/audit";

export { loader } from "./audit.server";

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? [...pageMeta(loaderData.locale, translatorFor(loaderData.locale)("admin.audit.title")), { name: "robots", content: "noindex" }] : [];

type LoaderData = Route.ComponentProps["loaderData"];

const control =
  "mt-1 block w-full rounded-lg border border-navy-900/20 bg-white px-3 py-2 text-sm text-ink shadow-sm outline-none focus:border-navy-700 focus:ring-2 focus:ring-navy-700/20";
const textLink = "font-semibold text-navy-800 underline underline-offset-4 hover:text-navy-700";

function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-navy-900">
        {label}
      </label>
      {children}
    </div>
  );
}

/** Person, kind and days as one GET form: the filter lives in the address (reload, link, export), no script needed. */
function AuditFilters({ form, kinds, people, clearHref }: Pick<LoaderData, "form" | "kinds" | "people" | "clearHref">) {
  const { t } = useTranslation();
  const { search } = useLocation();
  return (
    <Form key={search} method="get" role="search" aria-label={t("admin.audit.filter.legend")} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-navy-900/10 sm:p-5">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Labelled id="audit-person" label={t("admin.audit.filter.person")}>
          <select id="audit-person" name="person" defaultValue={form.person} className={control}>
            <option value="">{t("admin.audit.filter.everyone")}</option>
            {people.map((person) => (
              <option key={person.value} value={person.value}>
                {person.label}
              </option>
            ))}
          </select>
        </Labelled>
        <Labelled id="audit-kind" label={t("admin.audit.filter.kind")}>
          <select id="audit-kind" name="kind" defaultValue={form.kind} className={control}>
            <option value="">{t("admin.audit.filter.allKinds")}</option>
            {kinds.map((kind) => (
              <option key={kind.value} value={kind.value}>
                {kind.label}
              </option>
            ))}
          </select>
        </Labelled>
        <Labelled id="audit-from" label={t("admin.audit.filter.from")}>
          <input id="audit-from" name="from" type="date" defaultValue={form.from} className={control} />
        </Labelled>
        <Labelled id="audit-to" label={t("admin.audit.filter.to")}>
          <input id="audit-to" name="to" type="date" defaultValue={form.to} className={control} />
        </Labelled>
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <Button type="submit">{t("admin.audit.filter.apply")}</Button>
        <Link to={clearHref} className={`text-sm ${textLink}`}>
          {t("admin.audit.filter.reset")}
        </Link>
      </div>
    </Form>
  );
}

/** Wide screens: a table, newest first. */
function AuditTable({ entries, caption }: { entries: AuditEntryView[]; caption: string }) {
  const { t } = useTranslation();
  const head = "whitespace-nowrap px-4 py-3 font-semibold";
  return (
    <div className="hidden overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-navy-900/10 md:block">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-navy-50 text-xs uppercase tracking-wide text-navy-900">
          <tr>
            {(["when", "who", "what", "details"] as const).map((column) => (
              <th key={column} scope="col" className={head}>
                {t(`admin.audit.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-navy-900/10">
          {entries.map((entry) => (
            <tr key={entry.id} className="align-top">
              <td className="whitespace-nowrap px-4 py-3 tabular-nums">
                <time dateTime={entry.at}>{entry.when}</time>
              </td>
              <td className="px-4 py-3 text-navy-900">{entry.who}</td>
              <td className="px-4 py-3">
                <span className="block font-semibold text-navy-900">{entry.what}</span>
                {entry.kind && <span className="block text-ink-soft">{entry.kind}</span>}
              </td>
              <td className="px-4 py-3 text-ink-soft [overflow-wrap:anywhere]">{entry.text}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones: one card per entry, the same facts in reading order. */
function AuditCards({ entries, label }: { entries: AuditEntryView[]; label: string }) {
  return (
    <ul aria-label={label} className="space-y-3 md:hidden">
      {entries.map((entry) => (
        <li key={entry.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-navy-900/10">
          <p className="font-semibold text-navy-900">{entry.what}</p>
          <p className="text-sm text-ink-soft">
            <time dateTime={entry.at}>{entry.when}</time>
            {entry.kind && ` · ${entry.kind}`}
          </p>
          <p className="mt-1 text-sm text-ink [overflow-wrap:anywhere]">{entry.who}</p>
          {entry.text && <p className="mt-1 text-sm text-ink-soft [overflow-wrap:anywhere]">{entry.text}</p>}
        </li>
      ))}
    </ul>
  );
}

/** `/admin/audit` (+ /de): who in the office changed what, newest first, filtered and exportable (issue 31; admins only). */
export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { list, errors } = loaderData;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl font-semibold text-navy-900">{t("admin.audit.title")}</h1>
        <p className="mt-1 text-sm text-ink-soft">{t("admin.audit.intro")}</p>
      </div>
      <AuditFilters form={loaderData.form} kinds={loaderData.kinds} people={loaderData.people} clearHref={loaderData.clearHref} />
      {errors.length > 0 && (
        <FormMessage tone="error">
          <ul className="list-disc pl-5">
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </FormMessage>
      )}
      {list && (
        <section aria-labelledby="audit-found" className="space-y-4">
          <div className="flex flex-wrap items-baseline justify-between gap-3">
            <h2 id="audit-found" className="text-base font-semibold text-navy-900">
              {list.found}
            </h2>
            <a href={list.exportHref} download className={`text-sm ${textLink}`}>
              {t("admin.audit.export")}
            </a>
          </div>
          {list.entries.length === 0 ? (
            <p className="rounded-2xl bg-white p-6 text-center text-sm text-ink-soft shadow-sm ring-1 ring-navy-900/10">{t("admin.audit.empty")}</p>
          ) : (
            <>
              <AuditTable entries={list.entries} caption={list.found} />
              <AuditCards entries={list.entries} label={list.found} />
            </>
          )}
          {list.pageCount > 1 && <Pagination page={list.page} pageCount={list.pageCount} previousHref={list.previousHref} nextHref={list.nextHref} />}
        </section>
      )}
    </div>
  );
}
