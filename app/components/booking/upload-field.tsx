import { useRef, useState } from "react";
import { useTranslation } from "../../utils/use-translation";
import type { PublicFormItem } from "../../../core/contracts/forms";
import type { UploadView } from "../../../core/contracts/uploads";
import { useLocale } from "../../utils/locale";
import { describedBy, ErrorText, Hint, RequiredMark } from "./item-frame";

export type UploadedFile = UploadView;

type UploadState = { phase: "idle" } | { phase: "uploading"; name: string } | { phase: "failed"; message: string };

/**
 * A file or video for the booking. It goes straight to `uploadUrl`: `POST api/booking/{uuid}/upload`
 * on the booking pages (the booking cookie proves whose it is), `POST api/booking/manage/{token}/upload`
 * after checkout (the link does); the server checks type, size and video length on the bytes and
 * records it as the item's answer.
 */
export function UploadField({
  item,
  uploadUrl,
  current,
  error,
  onUploaded,
}: {
  item: PublicFormItem;
  /** Null in the staff preview (decision 039): nothing may be stored, so the field takes no file. */
  uploadUrl: string | null;
  current: UploadedFile | undefined;
  error?: string | undefined;
  onUploaded: (uuid: string) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [file, setFile] = useState<UploadedFile | undefined>(current);
  const [state, setState] = useState<UploadState>({ phase: "idle" });
  const input = useRef<HTMLInputElement>(null);
  const id = `item-${item.uuid}`;
  const accept = Array.isArray(item.options.accept) ? (item.options.accept as string[]).join(",") : undefined;
  const shownError = state.phase === "failed" ? state.message : error;
  // Which file is already uploaded is part of the input's state, so it is announced with the hint and error.
  const inputDescribedBy = [describedBy(id, shownError, item.help), file ? `${id}-uploaded` : null].filter(Boolean).join(" ") || undefined;

  /** A refused file must not stay listed in the chooser as if it were taken: empty it so that another can be picked. */
  function refuse(message: string) {
    if (input.current) input.current.value = "";
    setState({ phase: "failed", message });
  }

  async function upload(chosen: File) {
    if (!uploadUrl) return;
    setState({ phase: "uploading", name: chosen.name });
    const body = new FormData();
    body.append("item_uuid", item.uuid);
    body.append("file", chosen);
    try {
      const response = await fetch(uploadUrl, {
        method: "POST",
        body,
        credentials: "same-origin",
        headers: { "Accept-Language": locale },
      });
      const answer = (await response.json().catch(() => null)) as { data?: UploadedFile; message?: string; errors?: Record<string, string[]> } | null;
      if (!response.ok || !answer?.data) {
        refuse(answer?.errors?.[item.uuid]?.[0] ?? answer?.message ?? t("booking.upload.failed"));
        return;
      }
      setFile(answer.data);
      setState({ phase: "idle" });
      onUploaded(item.uuid);
    } catch {
      refuse(t("booking.upload.failed"));
    }
  }

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-navy-900">
        {item.label}
        <RequiredMark required={item.required} />
      </label>
      <Hint id={id} help={item.help} />
      {file && (
        <p id={`${id}-uploaded`} className="mt-2 rounded-lg bg-success-50 px-3 py-2 text-sm text-success-700" data-testid="uploaded-file">
          {t("booking.upload.uploaded", { name: file.name })}
          {file.duration_seconds !== null && ` · ${t("booking.upload.seconds", { count: Math.round(file.duration_seconds) })}`}
        </p>
      )}
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={inputDescribedBy}
        disabled={state.phase === "uploading" || !uploadUrl}
        onChange={(event) => {
          const chosen = event.currentTarget.files?.[0];
          if (chosen) void upload(chosen);
        }}
        className="mt-2 block w-full text-sm text-ink disabled:cursor-not-allowed disabled:opacity-60 file:mr-3 file:rounded-full file:border-0 file:bg-navy-800 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-white hover:file:bg-navy-700"
      />
      <p role="status" className="mt-1 text-sm text-ink-soft">
        {state.phase === "uploading" ? t("booking.upload.uploading", { name: state.name }) : uploadUrl ? "" : t("bookingPreview.uploadDisabled")}
      </p>
      {/* A refusal comes after the file was chosen, while nothing else changes: announce it. */}
      <div aria-live="assertive" aria-atomic="true">
        <ErrorText id={id} error={shownError} />
      </div>
    </div>
  );
}
