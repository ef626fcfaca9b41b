import { Choices, FilterForm, filterControl, Labelled } from "../../../components/admin/filter-form";
import { translatorFor } from "../../../../core/i18n/i18n";
import { Pagination } from "../../../components/admin/pagination";
import { FormMessage } from "../../../components/field";
import { Link } from "react-router";
import { pageMeta } from "../../../utils/meta";
import { useTranslation } from "../../../utils/use-translation";
import type { InvoiceRowView } from "./invoices.server";
import type { Route } from "./+types/invoices";

export { loader } from "./invoices.server";

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? [...pageMeta(loaderData.locale, translatorFor(loaderData.locale)("admin.invoices.metaTitle")), { name: "robots", content: "noindex" }] : [];

type LoaderData = Route.ComponentProps["loaderData"];

const textLink = "font-semibold text-navy-800 underline underline-offset-4 hover:text-navy-700";

/** Period, event and status as one GET form: the filters live in the address (reload, link, export). */
function InvoiceFilters({ form, choices, clearHref }: Pick<LoaderData, "form" | "choices" | "clearHref">) {
  const { t } = useTranslation();
  return (
    <FilterForm label={t("admin.invoices.filtersLabel")} apply={t("admin.invoices.apply")} clear={t("admin.invoices.clear")} clearHref={clearHref}>
      <Labelled id="invoices-from" label={t("admin.invoices.from")}>
        <input id="invoices-from" name="from" type="date" defaultValue={form.from} className={filterControl} />
      </Labelled>
      <Labelled id="invoices-to" label={t("admin.invoices.to")}>
        <input id="invoices-to" name="to" type="date" defaultValue={form.to} className={filterControl} />
      </Labelled>
      <Labelled id="invoices-event" label={t("admin.invoices.event")}>
        <Choices id="invoices-event" name="event" value={form.event} blank={t("admin.invoices.allEvents")} options={choices.events} />
      </Labelled>
      <Labelled id="invoices-status" label={t("admin.invoices.status")}>
        <Choices id="invoices-status" name="status" value={form.status} options={choices.statuses} />
      </Labelled>
    </FilterForm>
  );
}

function DocumentLinks({ row }: { row: InvoiceRowView }) {
  const { t } = useTranslation();
  return (
    <a href={row.pdfHref} download aria-label={t("admin.invoices.pdfNamed", { name: row.title })} className={textLink}>
      {t("admin.invoices.pdf")}
    </a>
  );
}

/** Wide screens: a real table that scrolls sideways inside its own focusable region when it must. */
function InvoicesTable({ rows, caption }: { rows: InvoiceRowView[]; caption: string }) {
  const { t } = useTranslation();
  const head = "whitespace-nowrap px-4 py-3 font-semibold";
  return (
    <div
      role="region"
      aria-label={t("admin.invoices.tableRegion")}
      tabIndex={0}
      className="hidden overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-navy-900/10 md:block"
    >
      <table className="w-full min-w-[56rem] border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-navy-50 text-xs uppercase tracking-wide text-navy-900">
          <tr>
            <th scope="col" className={head}>
              {t("admin.invoices.columns.number")}
            </th>
            <th scope="col" className={head}>
              {t("admin.invoices.columns.issuedOn")}
            </th>
            <th scope="col" className={head}>
              {t("admin.invoices.columns.booking")}
            </th>
            <th scope="col" className={head}>
              {t("admin.invoices.columns.customer")}
            </th>
            <th scope="col" className={head}>
              {t("admin.invoices.columns.event")}
            </th>
            <th scope="col" className={`${head} text-right`}>
              {t("admin.invoices.columns.gross")}
            </th>
            <th scope="col" className={head}>
              {t("admin.invoices.columns.vat")}
            </th>
            <th scope="col" className={head}>
              {t("admin.invoices.columns.pdf")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-navy-900/10">
          {rows.map((row) => (
            <tr key={row.uuid} className="align-top hover:bg-navy-50/60">
              <td className="px-4 py-3">
                <span className="block whitespace-nowrap font-mono font-semibold text-navy-900">{row.number}</span>
                <span className="block whitespace-nowrap text-ink-soft">{row.kind}</span>
                {row.note && <span className="block whitespace-nowrap text-ink-soft">{row.note}</span>}
              </td>
              <td className="whitespace-nowrap px-4 py-3">{row.issued}</td>
              <td className="px-4 py-3">
                <Link to={row.bookingHref} className={`whitespace-nowrap font-mono ${textLink}`}>
                  {row.bookingCode}
                </Link>
              </td>
              <td className="px-4 py-3">
                <span className="block text-navy-900">{row.customer}</span>
                {row.company && <span className="block text-ink-soft">{row.company}</span>}
              </td>
              <td className="px-4 py-3">{row.event}</td>
              <td className={`whitespace-nowrap px-4 py-3 text-right tabular-nums ${row.cancellation ? "text-ink-soft" : "font-semibold text-navy-900"}`}>
                {row.gross}
              </td>
              <td className="px-4 py-3 text-ink-soft">{row.vat}</td>
              <td className="px-4 py-3">
                <DocumentLinks row={row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones: one card per document, the same facts in reading order. */
function InvoicesCards({ rows, label }: { rows: InvoiceRowView[]; label: string }) {
  const { t } = useTranslation();
  return (
    <ul aria-label={label} className="space-y-3 md:hidden">
      {rows.map((row) => (
        <li key={row.uuid} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-navy-900/10">
          <div className="flex items-start justify-between gap-3">
            <div>
              <p className="font-mono font-semibold text-navy-900">{row.number}</p>
              <p className="text-sm text-ink-soft">
                {row.kind} · {row.issued}
              </p>
            </div>
            <p className={`whitespace-nowrap tabular-nums ${row.cancellation ? "text-ink-soft" : "font-semibold text-navy-900"}`}>{row.gross}</p>
          </div>
          {row.note && <p className="mt-1 text-sm text-ink-soft">{row.note}</p>}
          <p className="mt-2 text-sm text-ink">
            {row.customer}
            {row.company && ` · ${row.company}`}
          </p>
          <p className="text-sm text-ink-soft">{row.event}</p>
          <p className="text-sm text-ink-soft">
            {t("admin.invoices.columns.vat")}: {row.vat}
          </p>
          <p className="mt-2 flex flex-wrap gap-4 text-sm">
            <Link to={row.bookingHref} className={textLink}>
              {t("admin.invoices.bookingNamed", { code: row.bookingCode })}
            </Link>
            <DocumentLinks row={row} />
          </p>
        </li>
      ))}
    </ul>
  );
}

function Totals({ totals }: { totals: NonNullable<LoaderData["list"]>["totals"] }) {
  const { t } = useTranslation();
  const line = "flex items-baseline justify-between gap-4 py-1";
  return (
    <section aria-labelledby="invoices-totals" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-navy-900/10 sm:p-5">
      <h2 id="invoices-totals" className="text-base font-semibold text-navy-900">
        {t("admin.invoices.totals.heading")}
      </h2>
      <dl className="mt-2 divide-y divide-navy-900/10 text-sm">
        <div className={line}>
          <dt>{t("admin.invoices.totals.invoiced")}</dt>
          <dd className="tabular-nums">{totals.invoiced}</dd>
        </div>
        <div className={line}>
          <dt>{t("admin.invoices.totals.cancelled")}</dt>
          <dd className="tabular-nums">{totals.cancelled}</dd>
        </div>
        <div className={`${line} font-semibold text-navy-900`}>
          <dt>{t("admin.invoices.totals.net")}</dt>
          <dd className="tabular-nums">{totals.net}</dd>
        </div>
        {totals.vat.map((part) => (
          <div key={part.label} className={line}>
            <dt>
              {part.label} <span className="text-ink-soft">{part.of}</span>
            </dt>
            <dd className="tabular-nums">{part.amount}</dd>
          </div>
        ))}
        {totals.marginScheme && (
          <div className={line}>
            <dt>{t("admin.invoices.totals.marginScheme")}</dt>
            <dd className="tabular-nums">{totals.marginScheme}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}

/** `/admin/invoices` (+ /de): the accountant's invoice list with its totals and exports (issue 28, decision 069). */
export default function AdminInvoices({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { list, errors } = loaderData;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl font-semibold text-navy-900">{t("admin.invoices.title")}</h1>
        <p className="mt-1 text-sm text-ink-soft">{t("admin.invoices.intro")}</p>
      </div>
      <InvoiceFilters form={loaderData.form} choices={loaderData.choices} clearHref={loaderData.clearHref} />
      {errors.length > 0 && (
        <FormMessage tone="error">
          <p>{t("admin.invoices.invalid")}</p>
          <ul className="mt-1 list-disc pl-5">
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </FormMessage>
      )}
      {list && (
        <>
          <section aria-labelledby="invoices-found" className="space-y-4">
            <h2 id="invoices-found" className="text-base font-semibold text-navy-900" aria-live="polite">
              {list.found}
            </h2>
            {list.rows.length === 0 ? (
              <div className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-navy-900/10">
                <p className="font-display text-xl font-semibold text-navy-900">{t("admin.invoices.emptyTitle")}</p>
                <p className="mt-2 text-sm text-ink-soft">{t("admin.invoices.emptyText")}</p>
              </div>
            ) : (
              <>
                <InvoicesTable rows={list.rows} caption={t("admin.invoices.caption", { page: list.page, pages: list.pageCount })} />
                <InvoicesCards rows={list.rows} label={t("admin.invoices.caption", { page: list.page, pages: list.pageCount })} />
              </>
            )}
            {list.pageCount > 1 && <Pagination page={list.page} pageCount={list.pageCount} previousHref={list.previousHref} nextHref={list.nextHref} />}
          </section>
          <div className="grid gap-4 lg:grid-cols-2">
            <Totals totals={list.totals} />
            <section aria-labelledby="invoices-exports" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-navy-900/10 sm:p-5">
              <h2 id="invoices-exports" className="text-base font-semibold text-navy-900">
                {t("admin.invoices.exports.heading")}
              </h2>
              <p className="mt-1 text-sm text-ink-soft">{t("admin.invoices.exports.hint")}</p>
              <p className="mt-3 flex flex-wrap gap-4 text-sm">
                <a href={list.exports.csv} download className={textLink}>
                  {t("admin.invoices.exports.csv")}
                </a>
                {loaderData.datevConfigured && (
                  <a href={list.exports.datev} download className={textLink}>
                    {t("admin.invoices.exports.datev")}
                  </a>
                )}
              </p>
              {!loaderData.datevConfigured && <p className="mt-2 text-sm text-ink-soft">{t("admin.invoices.exports.datevMissing")}</p>}
            </section>
          </div>
        </>
      )}
    </div>
  );
}
