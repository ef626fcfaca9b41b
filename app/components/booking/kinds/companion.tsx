import { CompanionEditor } from "../companion-editor";
import type { FormItemKindRenderer } from "./kind-renderer";

/** The companions: their fields are read by `companionsFromFormData`, not as the item's answer. */
export const companion = {
  Render: ({ item, error, page }) => (
    <CompanionEditor
      item={item}
      companions={page.booking.companions}
      error={error}
      participantErrors={page.participantErrors}
      prices={page.prices}
      today={page.today}
      onEdit={page.onParticipantEdit}
    />
  ),
  readAnswer: null,
} satisfies FormItemKindRenderer;
