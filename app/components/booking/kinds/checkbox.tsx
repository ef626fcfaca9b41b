import { useTranslation } from "../../../utils/use-translation";
import { localizePath } from "../../../../core/i18n/locales";
import { answerField } from "../../../utils/booking-field-names";
import { useLocale } from "../../../utils/locale";
import { controlProps } from "./controls";
import { isTicked, stringOption, type FormItemKindRenderer, type KindRenderProps } from "./kind-renderer";

function Checkbox({ item, error, page }: KindRenderProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = `item-${item.uuid}`;
  const termsSlug = stringOption(item, "termsPageSlug");
  return (
    <div>
      <label className="flex items-start gap-2.5 text-sm text-ink">
        <input
          {...controlProps(item, error, page.onEdit)}
          type="checkbox"
          value="true"
          defaultChecked={isTicked(page.booking.answers[item.uuid])}
          onChange={() => page.onEdit(item.uuid)}
          className="mt-0.5 h-4 w-4 shrink-0 accent-navy-800"
        />
        <span>
          {item.label}
          {item.required && (
            <span aria-hidden="true" className="text-danger-700">
              {" "}
              *
            </span>
          )}
        </span>
      </label>
      {termsSlug && (
        <p className="ml-6.5 mt-1 text-sm">
          <a href={localizePath(`/${termsSlug}`, locale)} target="_blank" rel="noopener" className="font-medium text-navy-800 underline underline-offset-2">
            {t("booking.termsLink")}
          </a>
        </p>
      )}
      {item.help && (
        <p id={`${id}-hint`} className="ml-6.5 mt-1 text-xs text-ink-soft">
          {item.help}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="ml-6.5 mt-1 text-sm font-medium text-danger-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** Ticked or not: a box that is not ticked is sent by no browser, so its absence means `false`. */
export const checkbox = { Render: Checkbox, readAnswer: (form, item) => form.get(answerField(item.uuid)) === "true" } satisfies FormItemKindRenderer;
