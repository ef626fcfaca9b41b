import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../../utils/use-translation";
import { Form, Link, useNavigation } from "react-router";
import type { EmailTextField } from "../../../../core/contracts/staff-email-texts";
import { translatorFor } from "../../../../core/i18n/i18n";
import { localizePath, locales } from "../../../../core/i18n/locales";
import { ConfirmAction } from "../../../components/admin/confirm-action";
import { buttonClasses } from "../../../components/button";
import { FormMessage } from "../../../components/field";
import { pageMeta } from "../../../utils/meta";
import type { Route } from "./+types/email-text";

export { loader, action } from "./email-text.server";
export const meta: Route.MetaFunction = ({ data: loaderData }) => {
  if (!loaderData) return [];
  const t = translatorFor(loaderData.locale);
  const title = t("admin.emailTexts.editTitle", {
    template: t(`admin.emailTexts.templates.${loaderData.detail.template}.name`),
    language: t(`admin.emailTexts.languages.${loaderData.detail.locale}`),
  });
  return [...pageMeta(loaderData.locale, title), { name: "robots", content: "noindex" }];
};

type TextControl = HTMLInputElement | HTMLTextAreaElement;

const inputClasses = (invalid: boolean) =>
  `mt-1.5 block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-ink shadow-sm outline-none focus:border-navy-700 focus:ring-2 focus:ring-navy-700/20 ${
    invalid ? "border-danger-700" : "border-navy-900/20"
  }`;

/** One editable text: the field (empty: the default), its rule, its default(s) and its error, all tied to it. */
function EmailTextInput({
  field,
  value,
  error,
  register,
  onFocus,
  onEdit,
}: {
  field: EmailTextField;
  value: string;
  error: string | undefined;
  register: (element: TextControl | null) => void;
  onFocus: () => void;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const id = `email-text-${field.name}`;
  const defaults = [...new Set(field.defaults)];
  const describedBy = [error ? `${id}-error` : null, `${id}-rule`, `${id}-default`].filter(Boolean).join(" ");
  const common = {
    id,
    name: field.name,
    defaultValue: value,
    maxLength: field.max_length,
    spellCheck: true,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    onFocus,
    onInput: onEdit,
    className: inputClasses(Boolean(error)),
  } as const;
  return (
    <div className="rounded-xl border border-navy-900/10 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <label htmlFor={id} className="block text-sm font-semibold text-navy-900">
          {t(`admin.emailTexts.fields.${field.name}`)}
        </label>
        {field.override !== null && (
          <span className="text-xs text-ink-soft">
            {field.updated_by ? t("admin.emailTexts.changedBy", { email: field.updated_by }) : t("admin.emailTexts.changed")}
          </span>
        )}
      </div>
      {field.multiline ? <textarea {...common} ref={register} rows={4} /> : <input {...common} ref={register} type="text" />}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-danger-700">
          {error}
        </p>
      )}
      <p id={`${id}-rule`} className="mt-1.5 text-xs text-ink-soft">
        {t(field.multiline ? "admin.emailTexts.multiLine" : "admin.emailTexts.oneLine", { max: field.max_length })}
      </p>
      <div id={`${id}-default`} className="mt-2 rounded-lg bg-navy-50 px-3 py-2 text-sm text-ink">
        <span className="font-semibold text-navy-900">{defaults.length > 1 ? t("admin.emailTexts.defaultsVary") : t("admin.emailTexts.default")}</span>{" "}
        {defaults.length > 1 ? (
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {defaults.map((text) => (
              <li key={text} className="break-words whitespace-pre-line">
                {text}
              </li>
            ))}
          </ul>
        ) : (
          <span className="break-words whitespace-pre-line">{defaults[0]}</span>
        )}
      </div>
    </div>
  );
}

export default function AdminEmailTextPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { detail, locale } = loaderData;
  const busy = useNavigation().state !== "idle";
  const templateName = t(`admin.emailTexts.templates.${detail.template}.name`);
  const languageName = t(`admin.emailTexts.languages.${detail.locale}`);
  const title = t("admin.emailTexts.editTitle", { template: templateName, language: languageName });

  // The placeholder buttons insert into the text field last focused, at its cursor (the browser keeps
  // a field's selection after it loses the focus). Until the page is JavaScript's they are plain text.
  const controls = useRef(new Map<string, TextControl>());
  const lastFocused = useRef<string>(detail.fields[0]?.name ?? "subject");
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  const [announcement, setAnnouncement] = useState("");
  const [errors, setErrors] = useState<Record<string, string[]>>(actionData?.errors ?? {});
  useEffect(() => setErrors(actionData?.errors ?? {}), [actionData]);
  const clearError = (name: string) =>
    setErrors((current) => {
      if (!(name in current)) return current;
      const rest = { ...current };
      delete rest[name];
      return rest;
    });

  const previewHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (actionData?.intent === "preview" && actionData.preview) previewHeading.current?.focus();
  }, [actionData]);

  function insert(placeholder: string) {
    const name = lastFocused.current;
    const control = controls.current.get(name);
    if (!control) return;
    const text = `{${placeholder}}`;
    const start = control.selectionStart ?? control.value.length;
    const end = control.selectionEnd ?? start;
    control.setRangeText(text, start, end, "end");
    control.focus();
    clearError(name);
    setAnnouncement(t("admin.emailTexts.inserted", { placeholder: text, field: t(`admin.emailTexts.fields.${name as EmailTextField["name"]}`) }));
  }

  const values = actionData?.values ?? null;
  const preview = actionData?.intent === "preview" ? actionData.preview : null;
  const changed = detail.fields.some((field) => field.override !== null);
  const bookingCodeError = errors.booking_code?.[0];

  return (
    <div className="space-y-6">
      <div className="space-y-3">
        <Link to={localizePath("/admin/email-texts", locale)} className="text-sm font-semibold text-navy-700 underline underline-offset-4 hover:text-navy-900">
          ← {t("admin.emailTexts.back")}
        </Link>
        <h1 id="page-title" className="font-display text-3xl font-bold text-navy-900">
          {title}
        </h1>
        <p className="max-w-3xl text-ink-soft">{t(`admin.emailTexts.templates.${detail.template}.when`)}</p>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <nav aria-label={t("admin.emailTexts.languageSwitch")}>
            <ul className="flex gap-2">
              {locales.map((each) => (
                <li key={each}>
                  <Link
                    to={localizePath(`/admin/email-texts/${detail.template}/${each}`, locale)}
                    aria-current={each === detail.locale ? "page" : undefined}
                    className={`inline-flex rounded-full px-3.5 py-1.5 text-sm font-semibold ring-1 ${
                      each === detail.locale ? "bg-navy-900 text-white ring-navy-900" : "bg-white text-navy-900 ring-navy-900/20 hover:bg-navy-50"
                    }`}
                  >
                    {t(`admin.emailTexts.languages.${each}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {changed && (
            <ConfirmAction
              label={t("admin.emailTexts.reset")}
              title={t("admin.emailTexts.resetTitle")}
              confirmLabel={t("admin.emailTexts.reset")}
              fields={{ intent: "reset" }}
              tone="danger"
            >
              <p>{t("admin.emailTexts.resetText", { template: templateName, language: languageName })}</p>
            </ConfirmAction>
          )}
        </div>
      </div>

      <div aria-live="polite">{actionData?.message && <FormMessage tone={actionData.failed ? "error" : "success"}>{actionData.message}</FormMessage>}</div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
        <Form method="post" id="email-text-form" className="space-y-6" noValidate>
          <section aria-labelledby="email-text-fields" className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10 sm:p-6">
            <div>
              <h2 id="email-text-fields" className="font-display text-xl font-semibold text-navy-900">
                {t("admin.emailTexts.fieldsHeading")}
              </h2>
              <p className="mt-1 text-sm text-ink-soft">{t("admin.emailTexts.emptyMeansDefault")}</p>
            </div>
            {detail.fields.map((field) => (
              <EmailTextInput
                // A save or reset changes the stored text: the field starts again from it.
                key={`${field.name}-${field.updated_at ?? "default"}`}
                field={field}
                value={values?.[field.name] ?? field.override ?? ""}
                error={errors[field.name]?.[0]}
                register={(element) => {
                  if (element) controls.current.set(field.name, element);
                  else controls.current.delete(field.name);
                }}
                onFocus={() => {
                  lastFocused.current = field.name;
                }}
                onEdit={() => clearError(field.name)}
              />
            ))}
            <button type="submit" name="intent" value="save" className={buttonClasses("primary", "md")} disabled={busy}>
              {t("admin.emailTexts.save")}
            </button>
          </section>

          <section aria-labelledby="email-text-preview" className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10 sm:p-6">
            <div>
              <h2 id="email-text-preview" className="font-display text-xl font-semibold text-navy-900">
                {t("admin.emailTexts.previewHeading")}
              </h2>
              <p className="mt-1 text-sm text-ink-soft">{t("admin.emailTexts.previewIntro")}</p>
            </div>
            <div className="flex flex-wrap items-end gap-3">
              <div className="min-w-0 flex-1 basis-56">
                <label htmlFor="email-text-booking-code" className="block text-sm font-semibold text-navy-900">
                  {t("admin.emailTexts.bookingCode")}
                </label>
                <input
                  id="email-text-booking-code"
                  name="booking_code"
                  type="text"
                  autoComplete="off"
                  spellCheck={false}
                  defaultValue={actionData?.bookingCode ?? ""}
                  maxLength={40}
                  aria-invalid={bookingCodeError ? true : undefined}
                  aria-describedby={[bookingCodeError ? "email-text-booking-code-error" : null, "email-text-booking-code-hint"].filter(Boolean).join(" ")}
                  onInput={() => clearError("booking_code")}
                  onKeyDown={(event) => {
                    // Enter here means "preview", not the form's first button (save).
                    if (event.key !== "Enter") return;
                    event.preventDefault();
                    const form = event.currentTarget.form;
                    const button = form?.querySelector<HTMLButtonElement>('button[value="preview"]');
                    if (form && button) form.requestSubmit(button);
                  }}
                  className={inputClasses(Boolean(bookingCodeError))}
                />
              </div>
              <button type="submit" name="intent" value="preview" className={buttonClasses("ghost", "md")} disabled={busy}>
                {t("admin.emailTexts.preview")}
              </button>
            </div>
            {bookingCodeError && (
              <p id="email-text-booking-code-error" className="text-sm font-medium text-danger-700">
                {bookingCodeError}
              </p>
            )}
            <p id="email-text-booking-code-hint" className="text-xs text-ink-soft">
              {t("admin.emailTexts.bookingCodeHint")}
            </p>
            {preview && (
              <div className="space-y-4 border-t border-navy-900/10 pt-4">
                <h3 ref={previewHeading} tabIndex={-1} className="font-display text-lg font-semibold text-navy-900 outline-none">
                  {preview.booking_code ? t("admin.emailTexts.previewOf", { code: preview.booking_code }) : t("admin.emailTexts.previewSample")}
                </h3>
                <dl>
                  <dt className="text-sm font-semibold text-navy-900">{t("admin.emailTexts.previewSubject")}</dt>
                  <dd data-testid="preview-subject" className="mt-1 break-words rounded-lg bg-navy-50 px-3 py-2 text-ink">
                    {preview.subject}
                  </dd>
                </dl>
                <div>
                  <h4 className="text-sm font-semibold text-navy-900">{t("admin.emailTexts.previewHtml")}</h4>
                  {/* No rights at all (sandbox=""): the mail's HTML can neither run script nor reach this page. */}
                  <iframe
                    sandbox=""
                    srcDoc={preview.html}
                    title={t("admin.emailTexts.previewFrame", { template: templateName })}
                    className="mt-2 h-[36rem] w-full rounded-lg border border-navy-900/15 bg-white"
                  />
                </div>
                <div>
                  <h4 className="text-sm font-semibold text-navy-900">{t("admin.emailTexts.previewText")}</h4>
                  <pre className="mt-2 whitespace-pre-wrap break-words rounded-lg bg-navy-50 p-3 font-sans text-sm text-ink">{preview.text}</pre>
                </div>
              </div>
            )}
          </section>
        </Form>

        <aside aria-labelledby="email-text-placeholders" className="relative rounded-2xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10 lg:sticky lg:top-4">
          <h2 id="email-text-placeholders" className="font-display text-xl font-semibold text-navy-900">
            {t("admin.emailTexts.placeholders")}
          </h2>
          <p id="email-text-placeholders-hint" className="mt-1 text-sm text-ink-soft">
            {scripted ? t("admin.emailTexts.placeholdersHint") : t("admin.emailTexts.placeholdersNoScript")}
          </p>
          <ul className="mt-3 flex flex-wrap gap-2">
            {detail.placeholders.map((placeholder) => (
              <li key={placeholder}>
                {scripted ? (
                  <button
                    type="button"
                    aria-describedby="email-text-placeholders-hint"
                    onClick={() => insert(placeholder)}
                    className="rounded-full border border-navy-900/20 bg-white px-3 py-1 font-mono text-sm text-navy-900 hover:bg-navy-50"
                  >
                    {`{${placeholder}}`}
                  </button>
                ) : (
                  <code className="inline-block rounded-full bg-navy-50 px-3 py-1 text-sm text-navy-900 select-all">{`{${placeholder}}`}</code>
                )}
              </li>
            ))}
          </ul>
          <p role="status" className="sr-only">
            {announcement}
          </p>
        </aside>
      </div>
    </div>
  );
}
