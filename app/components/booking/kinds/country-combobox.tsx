import { Button, ComboBox, Group, Input, Label, ListBox, ListBoxItem, Popover } from "react-aria-components";
import { useTranslation } from "../../../utils/use-translation";
import { describedBy, ErrorText, Hint, RequiredMark } from "../item-frame";
import { controlProps } from "./controls";
import type { KindRenderProps } from "./kind-renderer";

/**
 * The country item once the visitor interacts with the page (decision 052): React Aria's combobox
 * (type to filter the names in the page's language); it posts the ISO code under the item's name.
 * `value`: the code the native select held; `autoFocus` when it had the focus.
 */
export function CountryComboBox({
  item,
  error,
  page,
  autoComplete,
  value,
  autoFocus,
}: KindRenderProps & { autoComplete?: string | undefined; value: string; autoFocus: boolean }) {
  const { t } = useTranslation();
  const control = controlProps(item, error, page.onEdit);
  return (
    <ComboBox
      name={control.name}
      formValue="key"
      defaultItems={page.countries.map((country) => ({ id: country.code, name: country.name }))}
      defaultSelectedKey={page.countries.some((country) => country.code === value) ? value : null}
      autoFocus={autoFocus}
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
