import { html } from "./html";
import type { FormItemKindRenderer } from "./kind-renderer";

/** Rich text from the editor: shown like `html`. */
export const wysiwyg = { Render: html.Render, readAnswer: null } satisfies FormItemKindRenderer;
