import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "../../utils/use-translation";
import { useRevalidator } from "react-router";
import type { ResponsiveImage } from "../../../core/contracts/event-images";
import { localeNames, type Locale } from "../../../core/i18n/locales";
import { useLocale } from "../../utils/locale";

const inputClass = "mt-1 block w-full rounded-lg border border-navy-900/20 bg-white px-3 py-2 text-base font-normal text-ink";

type UploadState = { phase: "idle" } | { phase: "uploading"; name: string } | { phase: "done" } | { phase: "failed"; message: string };
type Errors = Record<string, string[] | undefined>;

/**
 * The event's image on its edit page (decision 040): the uploaded image, a file to upload in its
 * place, the picture's address for a site picture, and the alt text in every language. The file goes
 * to `POST api/staff/events/{uuid}/image` with the alt texts typed here (the session cookie proves who
 * sends it); the page then shows the new image. The address and the alt texts are saved with the form.
 */
export function EventImageField({
  eventId,
  image,
  imageUrl,
  alt,
  locales,
  errors,
}: {
  /** Null for a new event: an image is uploaded once it is saved. */
  eventId: string | null;
  image: ResponsiveImage | null;
  imageUrl: string;
  alt: Record<Locale, string>;
  locales: Locale[];
  errors: Errors;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const revalidator = useRevalidator();
  const fileInput = useRef<HTMLInputElement>(null);
  const [enhanced, setEnhanced] = useState(false);
  const [state, setState] = useState<UploadState>({ phase: "idle" });
  const [uploadErrors, setUploadErrors] = useState<Errors>({});
  useEffect(() => setEnhanced(true), []);
  const fileId = useId();
  const errorOf = (name: string) => uploadErrors[name]?.[0] ?? errors[name]?.[0];
  const fileError = state.phase === "failed" ? (uploadErrors.file?.[0] ?? state.message) : undefined;

  async function upload(form: HTMLFormElement | null) {
    const chosen = fileInput.current?.files?.[0];
    if (!eventId) return;
    if (!chosen) {
      setUploadErrors({ file: [t("api.imageFileMissing")] });
      setState({ phase: "failed", message: t("api.imageFileMissing") });
      return;
    }
    const body = new FormData();
    // The alt texts as typed, so an image never goes up without saying what it shows.
    for (const each of locales) {
      const field = form?.elements.namedItem(`image_alt.${each}`);
      if (field instanceof HTMLInputElement) body.append(`image_alt.${each}`, field.value);
    }
    body.append("file", chosen);
    setState({ phase: "uploading", name: chosen.name });
    setUploadErrors({});
    try {
      const response = await fetch(`/api/staff/events/${eventId}/image`, {
        method: "POST",
        body,
        credentials: "same-origin",
        headers: { "Accept-Language": locale },
      });
      const answer = (await response.json().catch(() => null)) as { message?: string; errors?: Errors } | null;
      if (!response.ok) {
        setUploadErrors(answer?.errors ?? {});
        setState({ phase: "failed", message: answer?.message ?? t("admin.events.imageFailed") });
        return;
      }
      if (fileInput.current) fileInput.current.value = "";
      setState({ phase: "done" });
      void revalidator.revalidate();
    } catch {
      setState({ phase: "failed", message: t("admin.events.imageFailed") });
    }
  }

  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-[minmax(0,16rem)_1fr] sm:items-start">
        <figure>
          <figcaption className="text-sm font-semibold text-navy-900">{t("admin.events.imageCurrent")}</figcaption>
          {image ? (
            <img
              src={image.files.find((file) => file.format === "jpeg")?.url ?? image.src}
              alt={alt[locale] || alt.en}
              width={480}
              height={300}
              className="mt-1 aspect-[16/10] w-full rounded-lg object-cover ring-1 ring-navy-900/10"
              data-testid="admin-event-image"
            />
          ) : (
            <p className="mt-1 text-sm text-ink-soft">{t("admin.events.imageNone")}</p>
          )}
        </figure>
        <div>
          <label htmlFor={fileId} className="block text-sm font-semibold text-navy-900">
            {t("admin.events.imageFile")}
          </label>
          <p id={`${fileId}-hint`} className="mt-1 text-sm text-ink-soft">
            {eventId ? (enhanced ? t("admin.events.imageHint") : t("admin.events.imageNeedsScript")) : t("admin.events.imageAfterSave")}
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <input
              ref={fileInput}
              id={fileId}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              disabled={!eventId || !enhanced || state.phase === "uploading"}
              aria-invalid={fileError ? true : undefined}
              aria-describedby={[`${fileId}-hint`, fileError ? `${fileId}-error` : null].filter(Boolean).join(" ")}
              className="block max-w-full text-sm text-ink file:mr-3 file:rounded-full file:border-0 file:bg-navy-800 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-white hover:file:bg-navy-700"
            />
            <button
              type="button"
              disabled={!eventId || !enhanced || state.phase === "uploading"}
              onClick={(click) => void upload(click.currentTarget.form)}
              className="rounded-full border border-navy-900/20 bg-white px-5 py-2 text-sm font-semibold text-navy-900 disabled:opacity-60"
            >
              {t("admin.events.imageUpload")}
            </button>
          </div>
          <p role="status" className="mt-1 text-sm text-ink-soft">
            {state.phase === "uploading"
              ? t("admin.events.imageUploading", { name: state.name })
              : state.phase === "done"
                ? t("admin.events.imageUploaded")
                : ""}
          </p>
          <div aria-live="assertive" aria-atomic="true">
            {fileError && (
              <p id={`${fileId}-error`} className="mt-1 text-sm text-danger-700">
                {fileError}
              </p>
            )}
          </div>
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {locales.map((each) => {
          const name = `image_alt.${each}`;
          const id = `field-image_alt-${each}`;
          const error = errorOf(name);
          return (
            <div key={each}>
              <label htmlFor={id} className="block text-sm font-semibold text-navy-900">
                {`${t("admin.events.fields.image_alt")} (${localeNames[each]})`}
              </label>
              <input
                id={id}
                name={name}
                lang={each}
                defaultValue={alt[each]}
                className={inputClass}
                aria-invalid={error ? true : undefined}
                aria-describedby={[`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(" ")}
              />
              <p id={`${id}-hint`} className="mt-1 text-xs text-ink-soft">
                {t("admin.events.imageAltHint")}
              </p>
              {error && (
                <p id={`${id}-error`} className="mt-1 text-sm text-danger-700">
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <div>
        <label htmlFor="field-image_url" className="block text-sm font-semibold text-navy-900">
          {t("admin.events.imageUrl")}
        </label>
        <input
          id="field-image_url"
          name="image_url"
          defaultValue={imageUrl}
          className={inputClass}
          aria-invalid={errors.image_url ? true : undefined}
          aria-describedby={["field-image_url-hint", errors.image_url ? "field-image_url-error" : null].filter(Boolean).join(" ")}
        />
        <p id="field-image_url-hint" className="mt-1 text-xs text-ink-soft">
          {t("admin.events.imageUrlHint")}
        </p>
        {errors.image_url?.[0] && (
          <p id="field-image_url-error" className="mt-1 text-sm text-danger-700">
            {errors.image_url[0]}
          </p>
        )}
      </div>
    </div>
  );
}
