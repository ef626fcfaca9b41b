import { useTranslation } from "../../../utils/use-translation";
import { Choices, FilterForm, filterControl, Labelled } from "../../../components/admin/filter-form";
import { BookingsSelection } from "../../../components/admin/bookings-selection";
import { translatorFor } from "../../../../core/i18n/i18n";
import { BookingsTable } from "../../../components/admin/bookings-table";
import { Pagination } from "../../../components/admin/pagination";
import { FormMessage } from "../../../components/field";
import { pageMeta } from "../../../utils/meta";
import type { Route } from "./+types/bookings";

export { action, loader } from "./bookings.server";

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? [...pageMeta(loaderData.locale, translatorFor(loaderData.locale)("admin.bookings.metaTitle")), { name: "robots", content: "noindex" }] : [];

type LoaderData = Route.ComponentProps["loaderData"];

/** Search, event, status, payment, dates and order of the list (a GET form: the address holds them). */
function BookingFilters({ form, choices, clearHref }: Pick<LoaderData, "form" | "choices" | "clearHref">) {
  const { t } = useTranslation();
  const set = [form.status.length > 0, form.paymentOption, form.paymentState, form.from, form.to, form.sort && form.sort !== "submitted_desc"].filter(
    Boolean,
  ).length;
  const more = (
    <>
      <fieldset className="sm:col-span-2 lg:col-span-4">
        <legend className="text-sm font-semibold text-navy-900">{t("admin.bookings.status")}</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-2">
          {choices.statuses.map((status) => (
            <label key={status.value} className="inline-flex items-center gap-2 text-sm text-ink">
              <input
                type="checkbox"
                name="status"
                value={status.value}
                defaultChecked={form.status.includes(status.value)}
                className="h-4 w-4 accent-navy-800"
              />
              {status.label}
            </label>
          ))}
        </div>
      </fieldset>
      <Labelled id="bookings-payment-option" label={t("admin.bookings.paymentOption")}>
        <Choices
          id="bookings-payment-option"
          name="payment"
          value={form.paymentOption}
          blank={t("admin.bookings.anyPaymentOption")}
          options={choices.paymentOptions}
        />
      </Labelled>
      <Labelled id="bookings-payment-state" label={t("admin.bookings.paymentState")}>
        <Choices
          id="bookings-payment-state"
          name="payment"
          value={form.paymentState}
          blank={t("admin.bookings.anyPaymentState")}
          options={choices.paymentStates}
        />
      </Labelled>
      <Labelled id="bookings-from" label={t("admin.bookings.from")}>
        <input id="bookings-from" name="from" type="date" defaultValue={form.from} className={filterControl} />
      </Labelled>
      <Labelled id="bookings-to" label={t("admin.bookings.to")}>
        <input id="bookings-to" name="to" type="date" defaultValue={form.to} className={filterControl} />
      </Labelled>
      <Labelled id="bookings-sort" label={t("admin.bookings.sort")}>
        <Choices id="bookings-sort" name="sort" value={form.sort || "submitted_desc"} options={choices.sorts} />
      </Labelled>
    </>
  );
  return (
    <FilterForm
      label={t("admin.bookings.filtersLabel")}
      apply={t("admin.bookings.apply")}
      clear={t("admin.bookings.clear")}
      clearHref={clearHref}
      more={{ summary: set > 0 ? t("admin.bookings.moreFiltersSet", { count: set }) : t("admin.bookings.moreFilters"), open: set > 0, children: more }}
    >
      <div className="sm:col-span-2">
        <label htmlFor="bookings-q" className="block text-sm font-semibold text-navy-900">
          {t("admin.bookings.searchLabel")}
        </label>
        <input id="bookings-q" name="q" type="search" defaultValue={form.q} aria-describedby="bookings-q-hint" className={filterControl} />
        <p id="bookings-q-hint" className="mt-1 text-xs text-ink-soft">
          {t("admin.bookings.searchHint")}
        </p>
      </div>
      <Labelled id="bookings-event" label={t("admin.bookings.event")} className="sm:col-span-2">
        <Choices id="bookings-event" name="event" value={form.event} blank={t("admin.bookings.allEvents")} options={choices.events} />
      </Labelled>
    </FilterForm>
  );
}

/** `/admin/bookings` (+ /de): search, filter, sort and page through the submitted bookings (decision 028). */
export default function AdminBookings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { list, errors } = loaderData;
  return (
    <div className="space-y-6">
      <h1 className="font-display text-3xl font-semibold text-navy-900">{t("admin.bookings.title")}</h1>
      <BookingFilters form={loaderData.form} choices={loaderData.choices} clearHref={loaderData.clearHref} />
      {errors.length > 0 && (
        <FormMessage tone="error">
          <p>{t("admin.bookings.invalid")}</p>
          <ul className="mt-1 list-disc pl-5">
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </FormMessage>
      )}
      {list && (
        <section aria-labelledby="bookings-found" className="space-y-4">
          <h2 id="bookings-found" className="text-base font-semibold text-navy-900" aria-live="polite">
            {t("admin.bookings.found", { count: list.total })}
          </h2>
          {list.rows.length === 0 ? (
            <div className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-navy-900/10">
              <p className="font-display text-xl font-semibold text-navy-900">{t("admin.bookings.emptyTitle")}</p>
              <p className="mt-2 text-sm text-ink-soft">{t("admin.bookings.emptyText")}</p>
            </div>
          ) : (
            <BookingsSelection
              rows={list.rows}
              action={loaderData.selection.action}
              exportAction={loaderData.selection.exportAction}
              defaultDialect={loaderData.selection.defaultDialect}
              answer={actionData}
            >
              <BookingsTable rows={list.rows} sorts={list.sorts} caption={t("admin.bookings.caption", { page: list.page, pages: list.pageCount })} />
            </BookingsSelection>
          )}
          {list.pageCount > 1 && <Pagination page={list.page} pageCount={list.pageCount} previousHref={list.previousHref} nextHref={list.nextHref} />}
        </section>
      )}
    </div>
  );
}
