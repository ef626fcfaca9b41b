import { UploadField } from "../upload-field";
import type { FormItemKindRenderer } from "./kind-renderer";

/** Sent from the browser to its own endpoint, which records the answer; the page post carries none. */
export const file = {
  Render: ({ item, error, page }) => (
    <UploadField
      item={item}
      bookingUuid={page.booking.uuid}
      current={page.uploads.find((upload) => upload.uuid === page.booking.answers[item.uuid])}
      error={error}
      onUploaded={page.onEdit}
    />
  ),
  readAnswer: null,
} satisfies FormItemKindRenderer;
