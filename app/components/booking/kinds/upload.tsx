import { UploadField } from "../upload-field";
import type { FormItemKindRenderer } from "./kind-renderer";

/** Sent from the browser to its own endpoint, which records the answer; the page post carries none. */
export const upload = {
  Render: ({ item, error, page }) => (
    <UploadField
      item={item}
      uploadUrl={page.preview ? null : (page.uploadUrl ?? `/api/booking/${page.booking.uuid}/upload`)}
      current={page.uploads.find((upload) => upload.uuid === page.booking.answers[item.uuid])}
      error={error}
      onUploaded={page.onEdit}
    />
  ),
  readAnswer: null,
  savesItself: true,
} satisfies FormItemKindRenderer;
