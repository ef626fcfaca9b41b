import { data } from "react-router";
import { staffAuditQuerySchema, type StaffAuditEntry } from "../../../../core/contracts/staff-audit";
import { formatDateTime } from "../../../../core/domain/dates";
import { can } from "../../../../core/domain/permissions";
import { staffAuditKinds } from "../../../../core/domain/staff-audit-entry";
import { issueMessage } from "../../../../core/i18n/field-errors";
import { translatorFor } from "../../../../core/i18n/i18n";
import { localizePath, type Locale } from "../../../../core/i18n/locales";
import { forbidden } from "../../../utils/http-errors.server";
import { openStaffDesk } from "../../../utils/staff-desk.server";
import type { Route } from "./+types/audit";

/** The filter's parameters in the address (the paging comes on top). */
export const auditFilterParams = ["person", "kind", "from", "to"] as const;

/** One entry as the table and the phone list show it, formatted here so server and browser render the same text. */
function entryView(entry: StaffAuditEntry, locale: Locale) {
  const t = translatorFor(locale);
  return {
    id: entry.id,
    at: entry.at,
    when: formatDateTime(entry.at, locale),
    who: entry.actor_email || t("admin.audit.system"),
    kind: entry.kind ? t(`admin.audit.kinds.${entry.kind}`) : "",
    what: entry.what,
    text: entry.text,
  };
}
export type AuditEntryView = ReturnType<typeof entryView>;

/** The address with the page replaced (null: the first page). */
function pageHref(pathname: string, params: URLSearchParams, page: number | null): string {
  const next = new URLSearchParams(params);
  if (page === null) next.delete("page");
  else next.set("page", String(page));
  const search = next.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/**
 * `/admin/audit` (+ /de): the staff audit log (issue 31, decision 078), admins only: others of the
 * staff get the 403 page. The filters are a GET form (person, kind, from, to) in the address, so the
 * page works without scripts and the export link carries the same filter. A wrong filter shows the
 * form with what was wrong (400) and no list.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { web, actor, locale } = await openStaffDesk(url, context);
  if (!can(actor, "staff.audit.read", null)) forbidden();
  const t = translatorFor(locale);
  const params = url.searchParams;
  const input = Object.fromEntries([...auditFilterParams, "page"].flatMap((key) => (params.get(key) ? [[key, params.get(key)]] : [])));
  const form = Object.fromEntries(auditFilterParams.map((key) => [key, params.get(key) ?? ""])) as Record<(typeof auditFilterParams)[number], string>;
  const kinds = staffAuditKinds.map((kind) => ({ value: kind, label: t(`admin.audit.kinds.${kind}`) }));
  const parsed = staffAuditQuerySchema.safeParse(input);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => {
      const field = issue.path[0] === "person" || issue.path[0] === "kind" || issue.path[0] === "from" ? issue.path[0] : "to";
      return `${t(`admin.audit.filter.${field}`)}: ${issueMessage(issue, locale)}`;
    });
    return data({ locale, form, kinds, people: [], errors, list: null, clearHref: url.pathname }, { status: 400 });
  }
  const result = await web.services.staffAudit.list(actor, { query: parsed.data, locale });
  const { page, per_page: perPage, total } = result.meta;
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const filter = new URLSearchParams(auditFilterParams.flatMap((key) => (params.get(key) ? [[key, params.get(key) ?? ""]] : [])));
  const search = filter.toString();
  return {
    locale,
    form,
    kinds,
    people: result.people.map((person) => ({ value: person.id, label: person.email })),
    errors: [] as string[],
    clearHref: url.pathname,
    list: {
      entries: result.data.map((entry) => entryView(entry, locale)),
      found: t("admin.audit.count", { count: total }),
      page,
      pageCount,
      previousHref: page > 1 ? pageHref(url.pathname, params, page - 1 > 1 ? page - 1 : null) : null,
      nextHref: page < pageCount ? pageHref(url.pathname, params, page + 1) : null,
      exportHref: `${localizePath("/admin/audit/export.csv", locale)}${search ? `?${search}` : ""}`,
    },
  };
}
