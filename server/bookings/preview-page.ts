import type { CompanionInput } from "../../core/contracts/bookings";
import type { PreviewState } from "../../core/contracts/booking-preview";
import type { FieldErrors } from "../../core/contracts/errors";
import type { PublicForm } from "../../core/contracts/forms";
import { companionItemOptions, companionProblems } from "../../core/domain/booking-choices";
import { operatorToday } from "../../core/domain/dates";
import { itemErrorTexts, validatePage } from "../../core/domain/form-validation";
import type { Actor } from "../../core/domain/permissions";
import { translatorFor } from "../../core/i18n/i18n";
import type { Locale } from "../../core/i18n/locales";
import { authorize } from "../auth/authorize";
import { getPublicForm } from "../catalog/forms";
import { AppError } from "../errors";
import type { Deps } from "../deps/deps";

/** Files are not uploaded in a preview (nothing is stored), so their items cannot be answered there. */
const uploadKinds = new Set<string>(["upload", "file"]);

export type PreviewPageCheck = {
  form: PublicForm;
  /** The state with this page's answers and companions taken in (also when some are invalid, as a real save keeps them). */
  state: PreviewState;
  errors: FieldErrors;
  participantErrors: Record<string, FieldErrors>;
};

/**
 * One page of the booking form's preview (decision 039), checked as `updateDraftPage` checks a real
 * save: the page schema of the kind registry and the companions' rules, errors in the page's
 * language. It reads the form's draft (the builder's working copy, also of an unpublished event) and
 * writes nothing: no booking, participant, upload, hold, counter, job or e-mail. Staff only
 * (`form.preview`), asked before anything is read.
 */
export async function checkPreviewPage(
  deps: Pick<Deps, "db" | "now">,
  actor: Actor,
  input: { formId: string; pageId: string; state: PreviewState; answers: PreviewState["answers"]; companions?: CompanionInput[] | undefined; locale: Locale },
): Promise<PreviewPageCheck> {
  authorize(actor, "form.preview", null);
  const now = deps.now();
  const form = await getPublicForm(deps.db, input.locale, input.formId, { preview: true, now });
  const page = form.pages.find((candidate) => candidate.uuid === input.pageId);
  if (!page) throw new AppError("NOT_FOUND", "pageNotFound");
  const t = translatorFor(input.locale);
  const known = new Set(page.items.map((item) => item.uuid));
  const unknown = Object.keys(input.answers).filter((key) => !known.has(key));
  if (unknown.length) {
    throw new AppError("VALIDATION_FAILED", "invalidRequest", { fieldErrors: Object.fromEntries(unknown.map((key) => [key, [t("validation.unknownField")]])) });
  }
  const answers = { ...input.state.answers, ...input.answers };
  const today = operatorToday(now);
  const judged = page.items.filter((item) => !uploadKinds.has(item.kind));
  const itemErrors = validatePage(judged, answers, today);
  const errors: FieldErrors = itemErrorTexts(judged, itemErrors, (key, values) => t(key, values));

  const companionItem = page.items.find((item) => item.kind === "companion");
  let companions = input.state.companions;
  const participantErrors: Record<string, FieldErrors> = {};
  if (companionItem && input.companions) {
    const options = companionItemOptions(companionItem.options);
    companions = input.companions.slice(0, options.maxCompanions);
    if (input.companions.length > options.maxCompanions) errors[companionItem.uuid] = [t("validation.maxCompanions"), ...(errors[companionItem.uuid] ?? [])];
    for (const companion of companions) {
      const problems = companionProblems(options, { ...emptyCompanion, ...companion }, today);
      if (Object.keys(problems).length)
        participantErrors[companion.uuid] = Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, [t(key)]]));
    }
  }
  return { form, state: { answers, companions }, errors, participantErrors };
}

const emptyCompanion = { type: null, salutation: null, forename: null, surname: null, date_of_birth: null };
