import { useState, type FormEvent } from "react";
import { useTranslation } from "../utils/use-translation";
import type { TFunction } from "i18next";
import { passwordProblemMessages } from "../../core/contracts/auth";
import { minimumPasswordLength, passwordRules, type PasswordProblem } from "../../core/domain/password-policy";
import { Field, type FieldState } from "./field";

type RuleState = "unknown" | "met" | "unmet";
type ShownRule = { key: PasswordProblem | "mismatch"; state: RuleState };

/** What the visitor typed, read from the form: the e-mail address may be a field of the same form (registration). */
type Typed = { password: string; confirmation: string; email: string | undefined };

/**
 * A new password and its confirmation with the list of the password's rules, each shown met or not
 * as the visitor types (registration, reset and settings). Without scripts, or after the server's
 * answer, a rule the server named is shown unmet. A polite live region says how many rules are met,
 * so a screen reader hears the change without the whole list being read at every key.
 */
export function NewPasswordFields({
  password,
  confirmation,
  labels = "new",
  email,
}: {
  password: FieldState;
  confirmation: FieldState;
  labels?: "new" | "plain";
  /** The account's address when the form has no e-mail field (settings). */
  email?: string;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState<Typed | null>(null);
  const rulesId = `${password.id}-rules`;
  const read = (event: FormEvent<HTMLInputElement>) => {
    const form = event.currentTarget.form;
    const value = (name: string) => {
      const element = form?.elements.namedItem(name);
      return element instanceof HTMLInputElement ? element.value : "";
    };
    const emailField = form?.elements.namedItem("email");
    setTyped({
      password: value(password.name),
      confirmation: value(confirmation.name),
      email: email ?? (emailField instanceof HTMLInputElement ? emailField.value : undefined),
    });
  };
  const rules = shownRules(typed, password.errors ?? [], confirmation.errors ?? [], email !== undefined, t);
  const met = rules.filter((rule) => rule.state === "met").length;
  return (
    <>
      <Field
        field={password}
        type="password"
        autoComplete="new-password"
        label={labels === "new" ? t("fields.newPassword") : t("fields.password")}
        aria-describedby={rulesId}
        onInput={read}
        required
      />
      <div id={rulesId} className="-mt-2">
        <p className="text-xs font-semibold text-ink-soft">{t("edges.passwordRules.title")}</p>
        <ul className="mt-1 space-y-0.5 text-xs" data-testid="password-rules">
          {rules.map((rule) => (
            <li key={rule.key} data-state={rule.state} className={`flex items-center gap-1.5 ${ruleColour[rule.state]}`}>
              <span aria-hidden="true" className="inline-block w-3 text-center font-bold">
                {ruleMark[rule.state]}
              </span>
              <span>{t(`edges.passwordRules.${rule.key}`, { count: minimumPasswordLength })}</span>
              {rule.state !== "unknown" && <span className="sr-only">({t(`edges.passwordRules.${rule.state}`)})</span>}
            </li>
          ))}
        </ul>
      </div>
      <p role="status" className="sr-only" data-testid="password-rules-status">
        {typed ? t("edges.passwordRules.summary", { met, total: rules.length }) : ""}
      </p>
      <Field
        field={confirmation}
        type="password"
        autoComplete="new-password"
        label={labels === "new" ? t("fields.newPasswordConfirmation") : t("fields.passwordConfirmation")}
        onInput={read}
        required
      />
    </>
  );
}

const ruleMark = { unknown: "·", met: "✓", unmet: "✗" } as const satisfies Record<RuleState, string>;
const ruleColour = { unknown: "text-ink-soft", met: "text-success-700", unmet: "text-danger-700" } as const satisfies Record<RuleState, string>;

/**
 * The rules as the list shows them: from what was typed when there is something, else from the
 * server's messages (a page posted without scripts). The length maximum shows only when broken, the
 * e-mail rule only where the address is known (not on the reset page: the server checks it there).
 */
function shownRules(typed: Typed | null, passwordErrors: string[], confirmationErrors: string[], knowsEmail: boolean, t: TFunction<"common">): ShownRule[] {
  const emailKnown = knowsEmail || typed?.email !== undefined;
  const shown: ShownRule[] = [];
  for (const rule of passwordRules) {
    if (rule.problem === "containsEmail" && !emailKnown && !passwordErrors.includes(t(passwordProblemMessages.containsEmail))) continue;
    const named = passwordErrors.includes(t(passwordProblemMessages[rule.problem]));
    const state: RuleState = typed?.password ? (rule.breaks(typed.password, typed.email) ? "unmet" : "met") : named ? "unmet" : "unknown";
    if (rule.problem === "tooLong" && state !== "unmet") continue;
    shown.push({ key: rule.problem, state });
  }
  const mismatchNamed = confirmationErrors.includes(t("validation.passwordMismatch"));
  const mismatch: RuleState = typed?.confirmation ? (typed.confirmation === typed.password ? "met" : "unmet") : mismatchNamed ? "unmet" : "unknown";
  shown.push({ key: "mismatch", state: mismatch });
  return shown;
}
