import { useRef } from "react";
import { useTranslation } from "../../../utils/use-translation";
import type { PublicFormItem } from "../../../../core/contracts/forms";
import { afterFirstInteraction, useAfterFirstInteraction } from "../../../utils/on-first-interaction";
import { controlClasses, ItemFrame } from "../item-frame";
import { controlProps, frameProps } from "./controls";
import { readText, stringOption, text, type FormItemKindRenderer, type KindRenderProps } from "./kind-renderer";

const initialCountry = (item: PublicFormItem, answer: unknown) => text(answer) || stringOption(item, "default") || "";

// React Aria's combobox is most of this kind's weight: it comes when the visitor starts using the page (decision 052).
const loadComboBox = afterFirstInteraction(() => import("./country-combobox"));

/**
 * A country by its ISO code, named in the page's language (the loader's list, from
 * i18n-iso-countries). A native select from the server and until the visitor interacts with the
 * page, then React Aria's combobox (./country-combobox.tsx, type to filter) with what was chosen in
 * the native select meanwhile; both post the code under the item's name. Shared by the nationality kind.
 */
export function CountryField({ item, error, page, autoComplete }: KindRenderProps & { autoComplete?: string | undefined }) {
  const { t } = useTranslation();
  const nativeRef = useRef<HTMLSelectElement>(null);
  const initial = initialCountry(item, page.booking.answers[item.uuid]);
  const enhanced = useAfterFirstInteraction(loadComboBox, () => ({
    value: nativeRef.current?.value || initial,
    focused: nativeRef.current !== null && nativeRef.current === document.activeElement,
  }));
  if (enhanced) {
    const { CountryComboBox } = enhanced.loaded;
    return (
      <CountryComboBox
        item={item}
        error={error}
        page={page}
        autoComplete={autoComplete}
        value={enhanced.snapshot.value}
        autoFocus={enhanced.snapshot.focused}
      />
    );
  }
  const control = controlProps(item, error, page.onEdit);
  return (
    <ItemFrame {...frameProps(item, error)}>
      <select
        {...control}
        ref={nativeRef}
        autoComplete={autoComplete}
        onChange={() => page.onEdit(item.uuid)}
        defaultValue={initial}
        className={controlClasses(error)}
      >
        <option value="">{t("booking.choose")}</option>
        {page.countries.map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
      </select>
    </ItemFrame>
  );
}

export const countrySelect = {
  Render: (props) => <CountryField {...props} autoComplete="country" />,
  readAnswer: readText,
} satisfies FormItemKindRenderer;
