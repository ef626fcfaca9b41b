import { useState } from "react";
import { Button, GridList, GridListItem, useDragAndDrop } from "react-aria-components";
import { useTranslation } from "../../../utils/use-translation";
import { formItemKinds, type FormItemKind } from "../../../../core/contracts/forms";
import { useFocusAfterMove } from "../focus-after-move";
import { smallButton } from "./controls";
import { useTextIn, type FormBuilder } from "./use-form-builder";

const rowClass =
  "flex flex-wrap items-center gap-2 rounded-xl bg-white px-3 py-2.5 ring-1 ring-navy-900/10 outline-none data-[dragging]:opacity-50 data-[focus-visible]:ring-2 data-[focus-visible]:ring-navy-700";

/**
 * The page's items in order, a React Aria grid list: rows are dragged by their handle with the mouse,
 * or with the keyboard (focus the handle, Enter, arrows to the place, Enter); the up and down buttons
 * move one step. Each row opens the item's editor, copies or deletes it.
 */
export function ItemList({ builder, hasErrors }: { builder: FormBuilder; hasErrors: (uuid: string) => boolean }) {
  const { t } = useTranslation();
  const textIn = useTextIn();
  const [moved, setMoved] = useState<{ direction: "up" | "down"; row: string } | null>(null);
  useFocusAfterMove(builder.definition, moved);
  const page = builder.page;
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ "text/plain": String(key) })),
    onReorder: (event) => {
      const [key] = [...event.keys];
      if (key === undefined || event.target.dropPosition === "on") return;
      builder.dropItem(String(key), String(event.target.key), event.target.dropPosition);
    },
  });
  if (!page) return null;
  const items = page.items;
  const move = (uuid: string, index: number, direction: "up" | "down") => {
    setMoved({ direction, row: uuid });
    builder.moveItem(uuid, { page: builder.pageIndex, index: direction === "up" ? index - 1 : index + 1 });
  };
  return (
    <GridList
      aria-label={t("admin.formBuilder.itemsOf", { page: textIn(page.title) || t("admin.formBuilder.untitled") })}
      items={items.map((item, index) => ({ ...item, id: item.uuid, index }))}
      dragAndDropHooks={dragAndDropHooks}
      renderEmptyState={() => <p className="p-4 text-sm text-ink-soft">{t("admin.formBuilder.noItems")}</p>}
      className="space-y-2"
      data-testid="item-list"
    >
      {(item) => {
        const title = textIn(item.label) || item.name || t("admin.formBuilder.untitled");
        const child = item.parent_uuid !== null;
        return (
          <GridListItem
            id={item.uuid}
            textValue={title}
            className={`${rowClass} ${child ? "ml-6" : ""} ${builder.editing === item.uuid ? "ring-2 ring-gold-500" : ""}`}
          >
            <Button
              slot="drag"
              aria-label={t("admin.formBuilder.dragItem", { item: title })}
              className="flex size-9 shrink-0 cursor-grab items-center justify-center rounded-lg text-lg text-ink-soft outline-none hover:bg-navy-50 data-[focus-visible]:ring-2 data-[focus-visible]:ring-navy-700"
            >
              <span aria-hidden="true">⠿</span>
            </Button>
            <span className="min-w-0 flex-1">
              <span className="block truncate font-semibold text-navy-900" data-testid="item-title">
                {title}
              </span>
              <span className="block truncate text-xs text-ink-soft">
                {t(`admin.formBuilder.kinds.${item.kind}`)} · {item.name}
                {item.required ? ` · ${t("admin.formBuilder.requiredShort")}` : ""}
              </span>
              {hasErrors(item.uuid) && <span className="block text-xs font-semibold text-danger-700">{t("admin.formBuilder.itemHasErrors")}</span>}
            </span>
            {/* Phone: the buttons take a line of their own under the title. */}
            <span className="flex basis-full flex-wrap gap-1.5 pl-11 sm:basis-auto sm:pl-0">
              <Button
                id={`move-up-${item.uuid}`}
                className={smallButton}
                isDisabled={item.index === 0}
                aria-label={t("admin.formBuilder.moveUp", { item: title })}
                onPress={() => move(item.uuid, item.index, "up")}
              >
                <span aria-hidden="true">↑</span>
              </Button>
              <Button
                id={`move-down-${item.uuid}`}
                className={smallButton}
                isDisabled={item.index === items.length - 1}
                aria-label={t("admin.formBuilder.moveDown", { item: title })}
                onPress={() => move(item.uuid, item.index, "down")}
              >
                <span aria-hidden="true">↓</span>
              </Button>
              <Button
                className={smallButton}
                aria-label={t("admin.formBuilder.editNamed", { item: title })}
                aria-pressed={builder.editing === item.uuid}
                onPress={() => builder.edit(builder.editing === item.uuid ? null : item.uuid)}
              >
                {t("admin.formBuilder.edit")}
              </Button>
              <Button
                className={smallButton}
                aria-label={t("admin.formBuilder.duplicateNamed", { item: title })}
                onPress={() => builder.duplicateItem(item.uuid)}
              >
                {t("admin.formBuilder.duplicate")}
              </Button>
              <Button
                className={`${smallButton} text-danger-700`}
                aria-label={t("admin.formBuilder.deleteNamed", { item: title })}
                onPress={() => builder.deleteItem(item.uuid)}
              >
                {t("admin.formBuilder.delete")}
              </Button>
            </span>
          </GridListItem>
        );
      }}
    </GridList>
  );
}

/** Choose a kind, then add an item of it at the end of the page. */
export function AddItem({ builder }: { builder: FormBuilder }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<FormItemKind>("input");
  const sorted = [...formItemKinds].sort((a, b) => t(`admin.formBuilder.kinds.${a}`).localeCompare(t(`admin.formBuilder.kinds.${b}`)));
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div>
        <label htmlFor="add-item-kind" className="block text-sm font-semibold text-navy-900">
          {t("admin.formBuilder.newItemKind")}
        </label>
        <select
          id="add-item-kind"
          value={kind}
          onChange={(event) => setKind(event.target.value as FormItemKind)}
          className="mt-1 block rounded-lg border border-navy-900/20 bg-white px-3 py-2 text-base text-ink"
        >
          {sorted.map((entry) => (
            <option key={entry} value={entry}>
              {t(`admin.formBuilder.kinds.${entry}`)}
            </option>
          ))}
        </select>
      </div>
      <button type="button" className={`${smallButton} min-h-11 bg-navy-900 text-white hover:bg-navy-700`} onClick={() => builder.addItem(kind)}>
        {t("admin.formBuilder.addItem")}
      </button>
    </div>
  );
}
