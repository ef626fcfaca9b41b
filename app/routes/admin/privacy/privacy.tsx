import { Form, useLocation } from "react-router";
import { translatorFor } from "../../../../core/i18n/i18n";
import { AdminTable } from "../../../components/admin/admin-table";
import { ConfirmAction } from "../../../components/admin/confirm-action";
import { buttonClasses } from "../../../components/button";
import { Field, FormMessage } from "../../../components/field";
import { useLocalizedHref } from "../../../utils/locale";
import { pageMeta } from "../../../utils/meta";
import { useTranslation } from "../../../utils/use-translation";
import type { FoundView } from "./privacy.server";
import type { Route } from "./+types/privacy";

export { loader, action } from "./privacy.server";
export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? pageMeta(loaderData.locale, translatorFor(loaderData.locale)("admin.privacy.title")) : [];

const card = "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10 sm:p-6";

/** The copy as a download: a plain form post (no router fetch), so the browser saves the file. */
function DownloadCopy({ email, format, label }: { email: string; format: "json" | "pdf"; label: string }) {
  const href = useLocalizedHref();
  return (
    <form method="post" action={href("/admin/privacy/export")}>
      <input type="hidden" name="email" value={email} />
      <input type="hidden" name="format" value={format} />
      <button type="submit" className={buttonClasses("ghost", "sm")}>
        {label}
      </button>
    </form>
  );
}

function Found({ found, erase }: { found: FoundView; erase: { errors: Record<string, string>; values: Record<string, string>; answerId: string } | null }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const eraseField = (name: "confirm_email" | "note") => ({
    id: `erase-${name}`,
    name,
    errorId: `erase-${name}-error`,
    errors: erase?.errors[name] ? [erase.errors[name]] : undefined,
    initialValue: erase?.values[name] ?? "",
  });
  return (
    <section aria-labelledby="held-title" className={`${card} space-y-5`}>
      <h2 id="held-title" className="font-display text-xl font-bold text-navy-900">
        {t("admin.privacy.heldFor", { email: found.email })}
      </h2>
      {found.nothing ? (
        <p className="text-sm text-ink-soft">{t("admin.privacy.nothing")}</p>
      ) : (
        <>
          <dl className="grid gap-3 text-sm sm:grid-cols-3">
            <div>
              <dt className="font-semibold text-navy-900">{t("admin.privacy.account")}</dt>
              <dd className="text-ink">{found.account}</dd>
            </div>
            <div>
              <dt className="font-semibold text-navy-900">{t("admin.privacy.waitlist")}</dt>
              <dd className="text-ink">{found.waitlistEntries}</dd>
            </div>
            <div>
              <dt className="font-semibold text-navy-900">{t("admin.privacy.emails")}</dt>
              <dd className="text-ink">{found.emails}</dd>
            </div>
          </dl>
          <div>
            <h3 id="held-bookings" className="text-sm font-semibold text-navy-900">
              {t("admin.privacy.bookings")}
            </h3>
            {found.bookings.length === 0 ? (
              <p className="mt-1 text-sm text-ink-soft">{t("admin.privacy.noInvoice")}</p>
            ) : (
              <AdminTable
                labelledBy="held-bookings"
                minWidth="36rem"
                headers={[t("admin.privacy.code"), t("admin.privacy.event"), t("admin.privacy.status"), t("admin.privacy.invoice")]}
              >
                {found.bookings.map((booking) => (
                  <tr key={booking.key}>
                    <th scope="row" className="px-5 py-2.5 font-mono font-semibold text-navy-900 sm:px-6">
                      {booking.code}
                    </th>
                    <td className="px-3 py-2.5">{booking.event}</td>
                    <td className="px-3 py-2.5">{booking.status}</td>
                    <td className="px-3 py-2.5">{booking.invoice}</td>
                  </tr>
                ))}
              </AdminTable>
            )}
          </div>
          <div className="flex flex-wrap items-center gap-3 border-t border-navy-900/10 pt-4">
            <span className="text-sm font-semibold text-navy-900">{t("admin.privacy.copy")}</span>
            <DownloadCopy email={found.email} format="json" label={t("admin.privacy.downloadJson")} />
            <DownloadCopy email={found.email} format="pdf" label={t("admin.privacy.downloadPdf")} />
            <span className="grow" />
            <ConfirmAction
              key={erase?.answerId ?? "erase"}
              defaultOpen={erase !== null}
              action={pathname}
              label={t("admin.privacy.erase")}
              title={t("admin.privacy.eraseTitle", { email: found.email })}
              confirmLabel={t("admin.privacy.eraseConfirm")}
              fields={{ intent: "erase", email: found.email }}
              tone="danger"
            >
              <p>{t("admin.privacy.eraseText")}</p>
              <Field field={eraseField("confirm_email")} label={t("admin.privacy.confirmEmail")} type="email" autoComplete="off" required />
              <Field field={eraseField("note")} label={t("admin.privacy.note")} maxLength={500} autoComplete="off" />
            </ConfirmAction>
          </div>
        </>
      )}
    </section>
  );
}

/** `/admin/privacy` (+ /de): a data-subject request by e-mail address: what is held, a copy, the erasure (issue 30; admins only). */
export default function AdminPrivacy({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const errors = actionData?.errors ?? {};
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl font-semibold text-navy-900">{t("admin.privacy.title")}</h1>
        <p className="mt-1 max-w-3xl text-sm text-ink-soft">{t("admin.privacy.intro")}</p>
      </div>
      {actionData?.message && <FormMessage tone={actionData.failed ? "error" : "success"}>{actionData.message}</FormMessage>}
      <Form method="post" noValidate className={`${card} flex flex-wrap items-end gap-3`}>
        <input type="hidden" name="intent" value="find" />
        <Field
          className="min-w-64 grow"
          field={{
            id: "privacy-email",
            name: "email",
            errorId: "privacy-email-error",
            errors: errors.email ? [errors.email] : undefined,
            initialValue: actionData?.email ?? "",
          }}
          label={t("admin.privacy.email")}
          type="email"
          autoComplete="off"
          required
        />
        <button type="submit" className={buttonClasses("primary", "md")}>
          {t("admin.privacy.find")}
        </button>
      </Form>
      {actionData?.found && <Found found={actionData.found} erase={actionData.erase} />}
    </div>
  );
}
