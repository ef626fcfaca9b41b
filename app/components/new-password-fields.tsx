import { useTranslation } from "react-i18next";
import { Field, type FieldState } from "./field";

/** A new password and its confirmation, with the policy hint: registration, reset and settings. */
export function NewPasswordFields({ password, confirmation, labels = "new" }: { password: FieldState; confirmation: FieldState; labels?: "new" | "plain" }) {
  const { t } = useTranslation();
  return (
    <>
      <Field
        field={password}
        type="password"
        autoComplete="new-password"
        label={labels === "new" ? t("fields.newPassword") : t("fields.password")}
        hint={t("fields.passwordHint")}
        required
      />
      <Field
        field={confirmation}
        type="password"
        autoComplete="new-password"
        label={labels === "new" ? t("fields.newPasswordConfirmation") : t("fields.passwordConfirmation")}
        required
      />
    </>
  );
}
