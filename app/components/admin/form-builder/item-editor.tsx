import { useEffect, useRef } from "react";
import { useTranslation } from "../../../utils/use-translation";
import type { FormDefinitionItem } from "../../../../core/contracts/form-definitions";
import { emptyLocalizedText, type LocalizedText } from "../../../../core/contracts/localized-text";
import { takesAnswer } from "../../../../core/forms/kinds";
import { defaultLocale, localeNames, locales } from "../../../../core/i18n/locales";
import { CheckboxControl, SelectControl, TextControl } from "./controls";
import { KindOptionsEditor, type EventOffer } from "./option-editors";
import { useTextIn, type FormBuilder } from "./use-form-builder";

/**
 * The item being edited: name, label and help in every language side by side, required, its group,
 * its page, and its kind's options. Errors of a refused save are shown at the fields they name.
 */
export function ItemEditor({
  builder,
  item,
  offer,
  errorsOf,
}: {
  builder: FormBuilder;
  item: FormDefinitionItem;
  offer: EventOffer;
  errorsOf: (key: string) => readonly string[] | undefined;
}) {
  const { t } = useTranslation();
  const textIn = useTextIn();
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened (Edit, or a new item): the editor may be far below the list, so the focus goes there.
  useEffect(() => heading.current?.focus(), []);
  const page = builder.page;
  if (!page) return null;
  const id = (field: string) => `item-${item.uuid}-${field}`;
  const errors = (field: string) => errorsOf(`items.${item.uuid}.${field}`);
  const set = (field: string, update: (entry: FormDefinitionItem) => FormDefinitionItem) => builder.setItem(item.uuid, field, update);
  const setText = (field: "label" | "help", locale: string, value: string) =>
    set(`${field}.${locale}`, (entry) => {
      const current: LocalizedText = entry[field] ?? emptyLocalizedText();
      const next = { ...current, [locale]: value };
      // No help in any language is no help at all.
      return { ...entry, [field]: field === "help" && Object.values(next).every((text) => !text) ? null : next };
    });
  const groups = page.items.filter((entry) => entry.kind === "group" && entry.uuid !== item.uuid);
  const title = textIn(item.label) || item.name;
  return (
    <section aria-labelledby={id("heading")} className="space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-navy-900/10 sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={id("heading")} ref={heading} tabIndex={-1} className="font-display text-lg font-semibold text-navy-900">
          {t("admin.formBuilder.editItem", { item: title })}
        </h3>
        <span className="rounded-full bg-navy-50 px-2.5 py-0.5 text-xs font-semibold text-navy-900">{t(`admin.formBuilder.kinds.${item.kind}`)}</span>
      </div>
      <TextControl
        id={id("name")}
        label={t("admin.formBuilder.name")}
        hint={t("admin.formBuilder.nameHint")}
        spellCheck={false}
        value={item.name}
        errors={errors("name")}
        onValue={(value) => set("name", (entry) => ({ ...entry, name: value }))}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        {locales.map((locale) => (
          <TextControl
            key={locale}
            id={id(`label-${locale}`)}
            label={`${t("admin.formBuilder.label")} (${localeNames[locale]})`}
            lang={locale}
            value={item.label[locale] ?? ""}
            errors={locale === defaultLocale ? errors("label") : undefined}
            onValue={(value) => setText("label", locale, value)}
          />
        ))}
        {locales.map((locale) => (
          <TextControl
            key={locale}
            id={id(`help-${locale}`)}
            label={`${t("admin.formBuilder.help")} (${localeNames[locale]})`}
            lang={locale}
            multiline
            value={item.help?.[locale] ?? ""}
            onValue={(value) => setText("help", locale, value)}
          />
        ))}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {takesAnswer(item) && (
          <CheckboxControl
            id={id("required")}
            label={t("admin.formBuilder.required")}
            checked={item.required}
            onChecked={(checked) => set("required", (entry) => ({ ...entry, required: checked }))}
          />
        )}
        {item.kind !== "group" && (
          <SelectControl
            id={id("parent")}
            label={t("admin.formBuilder.group")}
            value={item.parent_uuid ?? ""}
            errors={errors("parent_uuid")}
            options={[
              { value: "", label: t("admin.formBuilder.noGroup") },
              ...groups.map((group) => ({ value: group.uuid, label: textIn(group.label) || group.name })),
            ]}
            onValue={(value) => set("parent", (entry) => ({ ...entry, parent_uuid: value || null }))}
          />
        )}
        {builder.definition.pages.length > 1 && (
          <SelectControl
            id={id("page")}
            label={t("admin.formBuilder.movePage")}
            value={String(builder.pageIndex)}
            options={builder.definition.pages.map((entry, index) => ({
              value: String(index),
              label: t("admin.formBuilder.pageNumber", { number: index + 1, title: textIn(entry.title) }),
            }))}
            onValue={(value) => {
              const target = Number(value);
              builder.moveItem(item.uuid, { page: target, index: builder.definition.pages[target]?.items.length ?? 0 });
              builder.selectPage(target);
              builder.edit(item.uuid);
            }}
          />
        )}
      </div>
      <div className="border-t border-navy-900/10 pt-4">
        <h4 className="mb-3 text-sm font-bold uppercase tracking-wide text-ink-soft">{t("admin.formBuilder.optionsTitle")}</h4>
        <KindOptionsEditor
          item={item}
          page={page}
          offer={offer}
          errorsOf={errors}
          onOptions={(key, value) =>
            set(`options.${key}`, (entry) => {
              const options = { ...entry.options };
              if (value === undefined) delete options[key];
              else options[key] = value;
              return { ...entry, options };
            })
          }
        />
      </div>
    </section>
  );
}
