import { useEffect, useRef, useState } from "react";
import { Button, ComboBox, Group, Input, Label, ListBox, ListBoxItem, Popover } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { PublicFormItem } from "../../../../core/contracts/forms";
import { controlClasses, describedBy, ErrorText, Hint, ItemFrame, RequiredMark } from "../item-frame";
import { controlProps, frameProps } from "./controls";
import { readText, stringOption, text, type FormItemKindRenderer, type KindRenderProps } from "./kind-renderer";

const initialCountry = (item: PublicFormItem, answer: unknown) => text(answer) || stringOption(item, "default") || "";

/**
 * A country by its ISO code, named in the page's language (the loader's list, from
 * i18n-iso-countries). With scripts it is React Aria's combobox (type to filter); it posts the code
 * under the item's name. Before scripts run it is a native select with the same names and codes.
 * Shared by the nationality kind.
 */
export function CountryField({ item, error, page, autoComplete }: KindRenderProps & { autoComplete?: string | undefined }) {
  const { t } = useTranslation();
  const nativeRef = useRef<HTMLSelectElement>(null);
  const initial = initialCountry(item, page.booking.answers[item.uuid]);
  // Set once scripts run: the combobox takes over with what was chosen in the native select meanwhile.
  const [enhancedFrom, setEnhancedFrom] = useState<string | null>(null);
  useEffect(() => setEnhancedFrom(nativeRef.current?.value ?? ""), []);
  const control = controlProps(item, error, page.onEdit);
  if (enhancedFrom === null) {
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
  const chosen = enhancedFrom || initial;
  return (
    <ComboBox
      name={control.name}
      formValue="key"
      defaultItems={page.countries.map((country) => ({ id: country.code, name: country.name }))}
      defaultSelectedKey={page.countries.some((country) => country.code === chosen) ? chosen : null}
      isRequired={item.required}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
      menuTrigger="focus"
      aria-describedby={describedBy(control.id, error, item.help)}
      onSelectionChange={() => page.onEdit(item.uuid)}
    >
      <Label className="block text-sm font-semibold text-navy-900">
        {item.label}
        <RequiredMark required={item.required} />
      </Label>
      <Group
        className={`mt-1.5 flex w-full items-center gap-2 rounded-lg border bg-white pl-3.5 pr-1 text-base text-ink shadow-sm transition focus-within:border-navy-700 focus-within:ring-2 focus-within:ring-navy-700/20 ${error ? "border-danger-700" : "border-navy-900/20"}`}
      >
        <Input
          id={control.id}
          autoComplete={autoComplete}
          placeholder={t("booking.choose")}
          className="min-w-0 flex-1 bg-transparent py-2.5 outline-none placeholder:text-ink-soft"
        />
        <Button
          aria-label={t("booking.countries.show")}
          className="flex h-9 w-9 items-center justify-center rounded-md text-navy-800 outline-none hover:bg-navy-50 focus-visible:ring-2 focus-visible:ring-navy-700"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.8">
            <path d="M5 7.5l5 5 5-5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </Button>
      </Group>
      <Hint id={control.id} help={item.help} />
      <ErrorText id={control.id} error={error} />
      <Popover placement="bottom start" className="w-[var(--trigger-width)] overflow-auto rounded-xl bg-white shadow-lg ring-1 ring-navy-900/15">
        <ListBox<{ id: string; name: string }>
          className="max-h-72 overflow-auto p-1 text-sm outline-none"
          renderEmptyState={() => <p className="px-3 py-2 text-ink-soft">{t("booking.countries.none")}</p>}
        >
          {(country) => (
            <ListBoxItem
              id={country.id}
              textValue={country.name}
              className="cursor-default rounded-lg px-3 py-2 text-ink outline-none data-[focused]:bg-navy-50 data-[selected]:font-semibold data-[selected]:text-navy-900"
            >
              {country.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}

export const countrySelect = {
  Render: (props) => <CountryField {...props} autoComplete="country" />,
  readAnswer: readText,
} satisfies FormItemKindRenderer;
