import { useState } from "react";
import { Button, GridList, GridListItem, useDragAndDrop } from "react-aria-components";
import { useTranslation } from "../../../utils/use-translation";
import { defaultLocale, localeNames, locales } from "../../../../core/i18n/locales";
import { useFocusAfterMove } from "../focus-after-move";
import { smallButton, TextControl } from "./controls";
import { useTextIn, type FormBuilder } from "./use-form-builder";

/**
 * The form's pages in order: shown one at a time (the "Show" button), reordered by dragging (mouse or
 * keyboard, as the items) or the up and down buttons, copied and deleted (the last page stays).
 */
export function PageList({ builder, hasErrors }: { builder: FormBuilder; hasErrors: (uuid: string) => boolean }) {
  const { t } = useTranslation();
  const textIn = useTextIn();
  const [moved, setMoved] = useState<{ direction: "up" | "down"; row: string } | null>(null);
  useFocusAfterMove(builder.definition, moved);
  const pages = builder.definition.pages;
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ "text/plain": String(key) })),
    onReorder: (event) => {
      const [key] = [...event.keys];
      const from = pages.findIndex((page) => page.uuid === key);
      const target = pages.findIndex((page) => page.uuid === event.target.key);
      if (from < 0 || target < 0 || event.target.dropPosition === "on") return;
      const to = event.target.dropPosition === "before" ? target : target + 1;
      builder.movePage(from, to > from ? to - 1 : to);
    },
  });
  const move = (uuid: string, index: number, direction: "up" | "down") => {
    setMoved({ direction, row: uuid });
    builder.movePage(index, direction === "up" ? index - 1 : index + 1);
  };
  return (
    <GridList
      aria-label={t("admin.formBuilder.pages")}
      items={pages.map((page, index) => ({ ...page, id: page.uuid, index }))}
      dragAndDropHooks={dragAndDropHooks}
      className="space-y-2"
      data-testid="page-list"
    >
      {(page) => {
        const title = t("admin.formBuilder.pageNumber", { number: page.index + 1, title: textIn(page.title) || t("admin.formBuilder.untitled") });
        const current = page.index === builder.pageIndex;
        return (
          <GridListItem
            id={page.uuid}
            textValue={title}
            className={`flex flex-wrap items-center gap-2 rounded-xl px-3 py-2 outline-none ring-1 data-[focus-visible]:ring-2 data-[focus-visible]:ring-navy-700 ${
              current ? "bg-navy-50 ring-navy-900/30" : "bg-white ring-navy-900/10"
            }`}
          >
            <Button
              slot="drag"
              aria-label={t("admin.formBuilder.dragPage", { page: title })}
              className="flex size-9 shrink-0 cursor-grab items-center justify-center rounded-lg text-lg text-ink-soft outline-none hover:bg-white data-[focus-visible]:ring-2 data-[focus-visible]:ring-navy-700"
            >
              <span aria-hidden="true">⠿</span>
            </Button>
            <Button
              className="min-w-0 flex-1 rounded-lg px-1 py-1 text-left font-semibold text-navy-900 underline-offset-4 outline-none hover:underline data-[focus-visible]:ring-2 data-[focus-visible]:ring-navy-700"
              aria-current={current ? "page" : undefined}
              onPress={() => builder.selectPage(page.index)}
            >
              <span className="block">{title}</span>
              <span className="block text-xs font-normal text-ink-soft">
                {t("admin.formBuilder.itemCount", { count: page.items.length })}
                {hasErrors(page.uuid) && <span className="font-semibold text-danger-700"> · {t("admin.formBuilder.pageHasErrors")}</span>}
              </span>
            </Button>
            <span className="flex gap-1.5">
              <Button
                id={`move-up-${page.uuid}`}
                className={smallButton}
                isDisabled={page.index === 0}
                aria-label={t("admin.formBuilder.moveUp", { item: title })}
                onPress={() => move(page.uuid, page.index, "up")}
              >
                <span aria-hidden="true">↑</span>
              </Button>
              <Button
                id={`move-down-${page.uuid}`}
                className={smallButton}
                isDisabled={page.index === pages.length - 1}
                aria-label={t("admin.formBuilder.moveDown", { item: title })}
                onPress={() => move(page.uuid, page.index, "down")}
              >
                <span aria-hidden="true">↓</span>
              </Button>
            </span>
          </GridListItem>
        );
      }}
    </GridList>
  );
}

/** The shown page's titles side by side, and its copy and delete buttons. */
export function PageHeader({ builder, errorsOf }: { builder: FormBuilder; errorsOf: (key: string) => readonly string[] | undefined }) {
  const { t } = useTranslation();
  const page = builder.page;
  if (!page) return null;
  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        {locales.map((locale) => (
          <TextControl
            key={`${page.uuid}-${locale}`}
            id={`page-${page.uuid}-title-${locale}`}
            label={`${t("admin.formBuilder.pageTitle")} (${localeNames[locale]})`}
            lang={locale}
            value={page.title[locale] ?? ""}
            errors={locale === defaultLocale ? errorsOf(`pages.${page.uuid}.title`) : undefined}
            onValue={(value) => builder.setPage(page.uuid, `title.${locale}`, (entry) => ({ ...entry, title: { ...entry.title, [locale]: value } }))}
          />
        ))}
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={smallButton} onClick={() => builder.duplicatePage(builder.pageIndex)}>
          {t("admin.formBuilder.duplicatePage")}
        </button>
        <button
          type="button"
          className={`${smallButton} text-danger-700`}
          disabled={builder.definition.pages.length <= 1}
          onClick={() => builder.deletePage(builder.pageIndex)}
        >
          {t("admin.formBuilder.deletePage")}
        </button>
      </div>
    </div>
  );
}
