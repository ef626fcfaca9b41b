/**
 * The staff preview of the booking page (`/booking/{form}?preview=1`, decision 039): the form's
 * draft, rendered by the real page, with nothing written. Asked for by anyone else (or by a staff
 * session without the second factor) it is not a preview at all: `booking.server.ts` goes on as
 * without `?preview`. What was entered travels with each post as one hidden field.
 */
import { randomUUID } from "node:crypto";
import { data } from "react-router";
import { emptyPreviewState, parsePreviewState, previewStateField, type PreviewState } from "../../../core/contracts/booking-preview";
import { bookingPageLists } from "../../utils/booking-view";
import type { FieldErrors } from "../../../core/contracts/errors";
import type { PublicForm } from "../../../core/contracts/forms";
import { companionItemOptions } from "../../../core/domain/booking-choices";
import { can, type Actor } from "../../../core/domain/permissions";
import { countryOptions } from "../../../core/i18n/countries";
import { translatorFor } from "../../../core/i18n/i18n";
import { AppError } from "../../../server/errors";
import { actorOfSession } from "../../../server/http/web-session-actor";
import type { WebContext } from "../../../server/load-context";
import { pageLocale } from "../../utils/auth.server";
import { answersFromFormData, companionsFromFormData } from "../../utils/booking-form-data";
import { orNotFound } from "../../utils/http-errors.server";

/** A preview answer is never stored anywhere: not by the browser, a proxy or the page micro-cache. */
const noStore = { "Cache-Control": "no-store" };

/** Where the preview stands: the page shown, or its end ("this is where the customer would submit"). */
export type PreviewStep = { pageNumber: number; ended: boolean; state: PreviewState };

/** `?preview` as the API reads it: present and not "0" or "false". */
function previewAsked(url: URL): boolean {
  const value = url.searchParams.get("preview");
  return value !== null && value !== "0" && value !== "false";
}

/** The actor of a preview: staff with the second factor (`form.preview`), else null (no preview). */
async function previewer(url: URL, formUuid: string | null, context: WebContext): Promise<Actor | null> {
  if (!formUuid || !previewAsked(url)) return null;
  const actor = actorOfSession(await context.session());
  return can(actor, "form.preview", null) ? actor : null;
}

/** The preview page's data, or null when this request is not a preview. */
export async function previewLoader(url: URL, formUuid: string | null, context: WebContext) {
  const actor = await previewer(url, formUuid, context);
  if (!actor || !formUuid) return null;
  const locale = pageLocale(url);
  const form = await orNotFound(context.services.getPublicForm(locale, formUuid, true, actor));
  // Whether customers can open the form at all (its event published, a version published): the banner says so.
  const published = await context.services.getPublicForm(locale, formUuid, false).then(
    () => true,
    () => false,
  );
  const kinds = new Set(form.pages.flatMap((page) => page.items.map((item) => item.kind)));
  const reserved = kinds.has("vehicles") || kinds.has("vehicles_per_day") ? await context.services.getReservedVehicles(formUuid) : null;
  const asked = Number(url.searchParams.get("page"));
  const pageNumber = Number.isInteger(asked) && asked >= 1 && asked <= form.pages.length ? asked : 1;
  const previewStep: PreviewStep = { pageNumber, ended: false, state: emptyPreviewState };
  return data(
    {
      locale,
      form,
      published,
      // The whole form's lists at once: the preview moves between pages without loading again.
      countryNames: kinds.has("country_select") || kinds.has("nationality_select") ? countryOptions(locale) : [],
      ...bookingPageLists(form, reserved, locale),
      previewStep,
    },
    { headers: noStore },
  );
}

export type PreviewActionData = {
  previewStep: PreviewStep;
  message: string | null;
  errors: FieldErrors;
  participantErrors: Record<string, FieldErrors>;
  pageErrors: string[];
};

function answer(step: PreviewStep, found?: { message: string; errors: FieldErrors; participantErrors: Record<string, FieldErrors>; pageUuid: string }) {
  return data<PreviewActionData>(
    {
      previewStep: step,
      message: found?.message ?? null,
      errors: found?.errors ?? {},
      participantErrors: found?.participantErrors ?? {},
      pageErrors: found ? [found.pageUuid] : [],
    },
    { status: found ? 400 : 200, headers: noStore },
  );
}

/**
 * A post of the preview: "next" checks the page as a real save does (the same page schema, the same
 * errors) and moves on, or at the last page to the end; "back", a step and the companions' buttons
 * keep what was entered without judging it. Nothing is written: the answer carries the new state.
 */
export async function previewAction(request: Request, url: URL, formUuid: string | null, context: WebContext) {
  const actor = await previewer(url, formUuid, context);
  if (!actor || !formUuid) return null;
  const locale = pageLocale(url);
  const posted = await request.formData();
  const state = parsePreviewState(posted.get(previewStateField));
  const intent = String(posted.get("intent") ?? "next");
  const form = await orNotFound(context.services.getPublicForm(locale, formUuid, true, actor));
  const page = form.pages.find((candidate) => candidate.uuid === posted.get("page_uuid"));
  const goto = /^goto:(\d{1,3})$/.exec(intent);
  const target = (number: number) => Math.min(Math.max(number, 1), form.pages.length);
  // The end screen has no page of its own: it only goes back to one.
  if (!page) return answer({ pageNumber: target(goto ? Number(goto[1]) : form.pages.length), ended: false, state });

  const hasCompanions = page.items.some((item) => item.kind === "companion");
  let checked;
  try {
    checked = await context.services.bookings.checkPreviewPage(actor, {
      formId: formUuid,
      pageId: page.uuid,
      state,
      answers: answersFromFormData(page.items, posted),
      companions: hasCompanions ? companionsFromFormData(posted) : undefined,
      locale,
    });
  } catch (error) {
    if (!AppError.is(error)) throw error;
    const response = error.toResponse(locale);
    return answer(
      { pageNumber: page.number, ended: false, state },
      { message: response.message, errors: response.errors ?? {}, participantErrors: {}, pageUuid: page.uuid },
    );
  }
  const next = checked.state;
  if (goto) return answer({ pageNumber: target(Number(goto[1])), ended: false, state: next });
  if (intent === "back") return answer({ pageNumber: target(page.number - 1), ended: false, state: next });
  if (intent === "add-companion" || intent.startsWith("remove-companion:")) {
    return answer({ pageNumber: page.number, ended: false, state: withCompanionChange(form, page.uuid, next, intent) });
  }
  const invalid = Object.keys(checked.errors).length > 0 || Object.keys(checked.participantErrors).length > 0;
  if (invalid) {
    const message = translatorFor(locale)("bookingPreview.pageInvalid");
    return answer(
      { pageNumber: page.number, ended: false, state: next },
      { message, errors: checked.errors, participantErrors: checked.participantErrors, pageUuid: page.uuid },
    );
  }
  const last = page.number === form.pages.length;
  return answer({ pageNumber: last ? page.number : page.number + 1, ended: last, state: next });
}

/** "Add companion" (a blank one, up to the form's maximum) and "Remove", on the preview's own list. */
function withCompanionChange(form: PublicForm, pageUuid: string, state: PreviewState, intent: string): PreviewState {
  if (intent.startsWith("remove-companion:")) {
    const removed = intent.slice("remove-companion:".length);
    return { ...state, companions: state.companions.filter((companion) => companion.uuid !== removed) };
  }
  const item = form.pages.find((page) => page.uuid === pageUuid)?.items.find((candidate) => candidate.kind === "companion");
  if (!item) return state;
  const options = companionItemOptions(item.options);
  if (state.companions.length >= options.maxCompanions) return state;
  return { ...state, companions: [...state.companions, { uuid: randomUUID(), type: options.types[0] ?? null }] };
}
