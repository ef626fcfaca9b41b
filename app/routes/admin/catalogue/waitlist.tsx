import { Link } from "react-router";
import { useTranslation } from "../../../utils/use-translation";
import { translatorFor } from "../../../../core/i18n/i18n";
import { AdminTable } from "../../../components/admin/admin-table";
import { ConfirmAction } from "../../../components/admin/confirm-action";
import { FormMessage } from "../../../components/field";
import { useLocalizedHref } from "../../../utils/locale";
import { pageMeta } from "../../../utils/meta";
import type { Route } from "./+types/waitlist";
import { AdminListCard } from "../../../components/admin/admin-page-parts";

export { loader, action } from "./waitlist.server";
export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? pageMeta(loaderData.locale, translatorFor(loaderData.locale)("admin.waitlist.title", { event: loaderData.event.title })) : [];

type Entry = Route.ComponentProps["loaderData"]["entries"][number];

const statusStyles: Record<Entry["status"], string> = {
  waiting: "bg-navy-100 text-navy-900",
  offered: "bg-gold-100 text-navy-900",
  accepted: "bg-success-50 text-success-700",
  expired: "bg-navy-50 text-ink-soft",
  cancelled: "bg-danger-50 text-danger-700",
};

function EntryActions({ entry }: { entry: Entry }) {
  const { t } = useTranslation();
  const fields = (intent: string) => ({ intent, entry: entry.uuid });
  return (
    <div className="flex flex-wrap gap-2">
      {entry.status === "waiting" && (
        <ConfirmAction
          label={t("admin.waitlist.offer")}
          title={t("admin.waitlist.offer")}
          confirmLabel={t("admin.waitlist.offerConfirm")}
          fields={fields("offer")}
        >
          <p>{t("admin.waitlist.offerText", { name: entry.name, count: entry.party_size })}</p>
        </ConfirmAction>
      )}
      {(entry.status === "waiting" || entry.status === "offered") && (
        <ConfirmAction
          label={t("admin.waitlist.remove")}
          title={t("admin.waitlist.remove")}
          confirmLabel={t("admin.waitlist.remove")}
          fields={fields("remove")}
          tone="danger"
        >
          <p>{t(entry.status === "offered" ? "admin.waitlist.removeOfferedText" : "admin.waitlist.removeText", { name: entry.name })}</p>
        </ConfirmAction>
      )}
    </div>
  );
}

/** An event's waitlist: who waits in which order, open offers and what became of them; offers by hand and removals, each confirmed. */
export default function AdminWaitlistPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const { event, entries } = loaderData;
  return (
    <div className="space-y-6">
      <div>
        <Link to={href("/admin")} className="text-sm font-semibold text-navy-700 underline underline-offset-4">
          {t("admin.waitlist.back")}
        </Link>
        <h1 id="page-title" className="mt-2 font-display text-3xl font-bold text-navy-900">
          {t("admin.waitlist.title", { event: event.title })}
        </h1>
        <p className="mt-1 text-ink-soft" data-testid="waitlist-places">
          {event.dates} · {t("admin.waitlist.places", { free: event.free, capacity: event.capacity })}
        </p>
      </div>
      {actionData?.message && <FormMessage tone={actionData.failed ? "error" : "success"}>{actionData.message}</FormMessage>}
      <AdminListCard
        headingId="entries-title"
        heading={<>{t("admin.waitlist.entries", { count: entries.length })}</>}
        emptyText={entries.length === 0 ? t("admin.waitlist.empty") : null}
      >
        <AdminTable
          labelledBy="entries-title"
          minWidth="48rem"
          headers={[
            t("admin.waitlist.position"),
            t("admin.waitlist.who"),
            t("admin.waitlist.party"),
            t("admin.waitlist.status"),
            t("admin.waitlist.signedUp"),
            <span key="actions" className="sr-only">
              {t("admin.waitlist.actions")}
            </span>,
          ]}
        >
          {entries.map((entry) => (
            <tr key={entry.uuid}>
              <td className="px-5 py-3 tabular-nums sm:px-6">{entry.position ?? "–"}</td>
              <th scope="row" className="px-3 py-3 font-normal">
                <span className="block font-semibold text-navy-900">{entry.name}</span>
                <span className="block break-words text-ink-soft">{entry.email}</span>
              </th>
              <td className="px-3 py-3 tabular-nums">{entry.party_size}</td>
              <td className="px-3 py-3">
                <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusStyles[entry.status]}`}>
                  {t(`admin.waitlist.statuses.${entry.status}`)}
                </span>
                {entry.offeredUntil && <span className="mt-1 block text-xs text-ink-soft">{t("admin.waitlist.until", { time: entry.offeredUntil })}</span>}
              </td>
              <td className="px-3 py-3 text-ink-soft">{entry.signedUp}</td>
              <td className="px-3 py-3">
                <EntryActions entry={entry} />
              </td>
            </tr>
          ))}
        </AdminTable>
      </AdminListCard>
    </div>
  );
}
