import type { ReactNode } from "react";
import { useTranslation } from "../../../utils/use-translation";
import { Form, Link, useSearchParams } from "react-router";
import { translatorFor } from "../../../../core/i18n/i18n";
import { defaultLocale, localeNames, type Locale } from "../../../../core/i18n/locales";
import { ConfirmAction } from "../../../components/admin/confirm-action";
import { EventImageField } from "../../../components/admin/event-image-field";
import { EventPriceList } from "../../../components/admin/event-price-list";
import { CancellationScheduleFields } from "../../../components/admin/cancellation-schedule-fields";
import { Input, inputClass } from "../../../components/admin/labelled-input";
import { RichTextEditor } from "../../../components/admin/rich-text-editor";
import { FormMessage } from "../../../components/field";
import { useLocalizedHref } from "../../../utils/locale";
import { pageMeta } from "../../../utils/meta";
import { resourceKinds, translatedFields } from "../../../utils/staff-event-form";
import type { Route } from "./+types/event";

export { loader, action } from "./event.server";
export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? pageMeta(loaderData.locale, translatorFor(loaderData.locale)(loaderData.event ? "admin.events.edit" : "admin.events.new")) : [];

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10 sm:p-6">
      <h2 id={id} className="font-display text-xl font-semibold text-navy-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The event edit page: every field, English and German side by side; publish, archive and duplicate. */
export default function AdminEventPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const [search] = useSearchParams();
  const { event, values, categories, utcOffset } = loaderData;
  const errors = actionData && "errors" in actionData ? (actionData.errors ?? {}) : {};
  const error = (name: string) => errors[name]?.[0];
  const pageLocales = loaderData.locales as Locale[];
  const notice = search.get("saved") ? t("admin.events.saved") : search.get("duplicated") ? t("admin.events.duplicated") : null;
  return (
    <div className="space-y-6">
      <div>
        <Link to={href("/admin/events")} className="text-sm font-semibold text-navy-700 underline underline-offset-4">
          {t("admin.events.back")}
        </Link>
        <h1 id="page-title" className="mt-2 font-display text-3xl font-bold text-navy-900">
          {event ? (
            <>
              {t("admin.events.edit")}: {values.texts.title[loaderData.locale] || <span lang={defaultLocale}>{values.texts.title[defaultLocale]}</span>}
            </>
          ) : (
            t("admin.events.new")
          )}
        </h1>
        {event && (
          <p className="mt-1 text-ink-soft" data-testid="event-state">
            {t(event.archived ? "admin.events.archived" : event.published ? "admin.events.published" : "admin.events.unpublished")} ·{" "}
            {event.missing.length === 0 ? t("admin.events.complete") : t("admin.events.missingList", { fields: event.missing.join(", ") })}
          </p>
        )}
        {event && (
          <p className="mt-2 flex flex-wrap gap-x-5 gap-y-1">
            {event.form_uuid && (
              <Link to={href(`/admin/forms/${event.form_uuid}`)} className="text-sm font-semibold text-navy-700 underline underline-offset-4">
                {t("admin.events.editForm")}
              </Link>
            )}
            <Link to={href(`/admin/events/${event.uuid}/messages`)} className="text-sm font-semibold text-navy-700 underline underline-offset-4">
              {t("admin.eventMessages.link")}
            </Link>
            <Link to={href(`/admin/events/${event.uuid}/waiver`)} className="text-sm font-semibold text-navy-700 underline underline-offset-4">
              {t("admin.waivers.eventWaiver.link")}
            </Link>
          </p>
        )}
      </div>
      {actionData?.message && <FormMessage tone={actionData.failed ? "error" : "success"}>{actionData.message}</FormMessage>}
      {!actionData && notice && <FormMessage tone="success">{notice}</FormMessage>}
      {/* Keyed by the event: after a duplicate the page shows another event, and its fields must start from its values. */}
      <Form key={event?.uuid ?? "new"} method="post" className="space-y-6" noValidate>
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="utc_offset" value={utcOffset} />
        <Section id="basics-title" title={t("admin.events.basics")}>
          <div className="grid gap-4 sm:grid-cols-2">
            <Input name="category_id" label={t("admin.events.category")} error={error("category_id")}>
              <select id="field-category_id" name="category_id" defaultValue={values.category_id} className={inputClass}>
                <option value="">–</option>
                {categories.map((category) => (
                  <option key={category.id} value={category.id} lang={category.fallback ? "en" : undefined}>
                    {category.name}
                  </option>
                ))}
              </select>
            </Input>
            <Input name="starts_on" type="date" label={t("admin.events.startsOn")} defaultValue={values.starts_on} error={error("starts_on")} />
            <Input name="ends_on" type="date" label={t("admin.events.endsOn")} defaultValue={values.ends_on} error={error("ends_on")} />
            <Input
              name="bookable_from"
              type="datetime-local"
              label={t("admin.events.bookableFrom")}
              defaultValue={values.bookable_from}
              error={error("bookable_from")}
            />
            <Input
              name="registration_deadline"
              type="datetime-local"
              label={t("admin.events.deadline")}
              defaultValue={values.registration_deadline}
              error={error("registration_deadline")}
            />
            <Input name="capacity" type="number" min={1} label={t("admin.events.capacity")} defaultValue={values.capacity} error={error("capacity")} />
            <Input
              name="min_participants"
              type="number"
              min={1}
              label={t("admin.events.minParticipants")}
              defaultValue={values.min_participants}
              error={error("min_participants")}
            />
          </div>
        </Section>
        <Section id="image-title" title={t("admin.events.image")}>
          <EventImageField
            eventId={event?.uuid ?? null}
            image={event?.image ?? null}
            imageUrl={values.image_url}
            alt={values.texts.image_alt}
            locales={pageLocales}
            errors={errors}
          />
        </Section>
        <Section id="texts-title" title={t("admin.events.texts")}>
          {/* The alt texts are edited beside the image, above. */}
          {[...translatedFields.filter((field) => field !== "image_alt"), "slugs" as const].map((field) => (
            <fieldset key={field} className="grid gap-4 sm:grid-cols-2">
              <legend className="sr-only">{t(`admin.events.fields.${field}`)}</legend>
              {pageLocales.map((locale) => {
                const name = `${field}.${locale}`;
                const label = `${t(`admin.events.fields.${field}`)} (${localeNames[locale]})`;
                const missing = event?.missing.includes(name);
                return field === "description" ? (
                  // Tiptap once scripts run, an HTML textarea before (decision 035); sanitized on save and on serve.
                  <RichTextEditor
                    key={name}
                    id={`field-${field}-${locale}`}
                    name={name}
                    label={label}
                    initialHtml={values.texts[field][locale]}
                    error={error(name)}
                    errorId={`field-${field}-${locale}-error`}
                    hint={t("admin.events.descriptionHint")}
                    lang={locale}
                  />
                ) : (
                  <Input
                    key={name}
                    name={name}
                    label={label}
                    lang={locale}
                    defaultValue={values.texts[field][locale]}
                    error={error(name)}
                    className={`${inputClass} ${missing ? "border-gold-500" : ""}`}
                  />
                );
              })}
            </fieldset>
          ))}
        </Section>
        <Section id="resources-title" title={t("admin.events.resources")}>
          <p className="text-sm text-ink-soft">{t("admin.events.resourcesHint")}</p>
          {values.resources.map((resource, index) => (
            <fieldset key={index} className="grid gap-3 border-t border-navy-900/10 pt-4 sm:grid-cols-5">
              <legend className="sr-only">{t("admin.events.resourceRow", { number: index + 1 })}</legend>
              <Input
                name={`resources.${index}.day`}
                type="number"
                min={1}
                label={t("admin.events.day")}
                defaultValue={resource.day}
                error={error(`resources.${index}.day`)}
              />
              <Input name={`resources.${index}.kind`} label={t("admin.events.kind")}>
                <select id={`field-resources-${index}-kind`} name={`resources.${index}.kind`} defaultValue={resource.kind} className={inputClass}>
                  {resourceKinds.map((kind) => (
                    <option key={kind} value={kind}>
                      {t(`admin.events.resourceKinds.${kind}`)}
                    </option>
                  ))}
                </select>
              </Input>
              <Input name={`resources.${index}.key`} label={t("admin.events.key")} defaultValue={resource.key} error={error(`resources.${index}.key`)} />
              <Input
                name={`resources.${index}.stock`}
                type="number"
                min={0}
                label={t("admin.events.stock")}
                defaultValue={resource.stock}
                error={error(`resources.${index}.stock`)}
              />
              <p className="self-end pb-2 text-sm text-ink-soft">{t("admin.events.used", { count: resource.used })}</p>
            </fieldset>
          ))}
          {error("resources") && <p className="text-sm text-danger-700">{error("resources")}</p>}
        </Section>
        <Section id="prices-title" title={t("admin.events.prices")}>
          <EventPriceList values={values} locales={pageLocales} error={error} />
        </Section>
        <Section id="cancellation-title" title={t("admin.events.cancellation")}>
          <CancellationScheduleFields values={values.cancellation} error={error} />
        </Section>
        <button type="submit" className="rounded-full bg-navy-900 px-6 py-3 font-semibold text-white hover:bg-navy-700">
          {t("admin.events.save")}
        </button>
      </Form>
      {event && !event.form_uuid && (
        <Section id="booking-form-title" title={t("admin.events.bookingForm")}>
          <Form method="post" className="space-y-3">
            <p className="text-ink-soft">{t("admin.events.bookingFormText")}</p>
            <input type="hidden" name="intent" value="create_form" />
            <button type="submit" className="rounded-full bg-navy-900 px-5 py-2.5 text-sm font-semibold text-white hover:bg-navy-700">
              {t("admin.events.createForm")}
            </button>
          </Form>
        </Section>
      )}
      {event && (
        <Section id="actions-title" title={t("admin.events.actions")}>
          <div className="flex flex-wrap gap-2">
            {!event.archived && !event.published && (
              <ConfirmAction
                label={t("admin.events.publish")}
                title={t("admin.events.publish")}
                confirmLabel={t("admin.events.publish")}
                fields={{ intent: "publish" }}
              >
                <p>{t("admin.events.publishText")}</p>
              </ConfirmAction>
            )}
            {event.published && (
              <ConfirmAction
                label={t("admin.events.unpublish")}
                title={t("admin.events.unpublish")}
                confirmLabel={t("admin.events.unpublish")}
                fields={{ intent: "unpublish" }}
              >
                <p>{t("admin.events.unpublishText")}</p>
              </ConfirmAction>
            )}
            {event.image && (
              <ConfirmAction
                label={t("admin.events.imageRemove")}
                title={t("admin.events.imageRemove")}
                confirmLabel={t("admin.events.imageRemove")}
                fields={{ intent: "remove-image" }}
              >
                <p>{t("admin.events.imageRemoveText")}</p>
              </ConfirmAction>
            )}
            {event.archived ? (
              <ConfirmAction
                label={t("admin.events.restore")}
                title={t("admin.events.restore")}
                confirmLabel={t("admin.events.restore")}
                fields={{ intent: "restore" }}
              >
                <p>{t("admin.events.restoreText")}</p>
              </ConfirmAction>
            ) : (
              <ConfirmAction
                label={t("admin.events.archive")}
                title={t("admin.events.archive")}
                confirmLabel={t("admin.events.archive")}
                fields={{ intent: "archive" }}
                tone="danger"
              >
                <p>{t("admin.events.archiveText")}</p>
              </ConfirmAction>
            )}
          </div>
          <Form key={event.uuid} method="post" className="grid gap-3 border-t border-navy-900/10 pt-4 sm:grid-cols-3" aria-labelledby="duplicate-title">
            <h3 id="duplicate-title" className="font-semibold text-navy-900 sm:col-span-3">
              {t("admin.events.duplicate")}
            </h3>
            <input type="hidden" name="intent" value="duplicate" />
            <Input name="copy_starts_on" type="date" label={t("admin.events.startsOn")} error={error("copy_starts_on")} />
            <Input name="copy_ends_on" type="date" label={t("admin.events.endsOn")} error={error("copy_ends_on")} />
            <label className="inline-flex items-center gap-2 text-sm text-ink sm:col-span-3">
              <input type="checkbox" name="copy_same_dates_confirmed" value="1" className="h-4 w-4 accent-navy-800" />
              {t("admin.events.sameDatesConfirmed")}
            </label>
            <button type="submit" className="self-end rounded-full border border-navy-900/20 bg-white px-5 py-2.5 text-sm font-semibold text-navy-900">
              {t("admin.events.duplicateSubmit")}
            </button>
          </Form>
        </Section>
      )}
    </div>
  );
}
