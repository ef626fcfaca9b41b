import { useTranslation } from "react-i18next";
import type { FieldErrors } from "../../core/contracts/errors";
import { Field } from "./field";

/** A new password and its confirmation, with the policy hint: registration, reset and settings. */
export function NewPasswordFields({ errors, onEdit, labels = "new" }: { errors: FieldErrors; onEdit: (name: string) => void; labels?: "new" | "plain" }) {
  const { t } = useTranslation();
  return (
    <>
      <Field
        name="password"
        type="password"
        autoComplete="new-password"
        label={labels === "new" ? t("fields.newPassword") : t("fields.password")}
        hint={t("fields.passwordHint")}
        required
        error={errors.password?.[0]}
        onEdit={onEdit}
      />
      <Field
        name="password_confirmation"
        type="password"
        autoComplete="new-password"
        label={labels === "new" ? t("fields.newPasswordConfirmation") : t("fields.passwordConfirmation")}
        required
        error={errors.password_confirmation?.[0]}
        onEdit={onEdit}
      />
    </>
  );
}
