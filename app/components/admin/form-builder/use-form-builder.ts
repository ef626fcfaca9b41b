import { useCallback, useMemo, useState } from "react";
import type { FormDefinition, FormDefinitionItem, FormDefinitionPage } from "../../../../core/contracts/form-definitions";
import type { FormItemKind } from "../../../../core/contracts/forms";
import { pickLocale, type LocalizedText } from "../../../../core/contracts/localized-text";
import {
  addItem,
  addPage,
  commit,
  deleteItem,
  deletePage,
  dropItem,
  duplicateItem,
  duplicatePage,
  findItem,
  moveItem,
  movePage,
  startHistory,
  undo as undoStep,
  updateItem,
  updatePage,
  type EditHistory,
} from "../../../../core/forms/form-definition-edits";
import { kindEditing } from "../../../../core/forms/kind-option-fields";
import { useLocale } from "../../../utils/locale";

type Change = "edited" | "itemAdded" | "itemDuplicated" | "itemDeleted" | "itemMoved" | "pageAdded" | "pageDuplicated" | "pageDeleted" | "pageMoved";
/** What a change is called, in the live region and when it is undone. */
export type ChangeLabel = `admin.formBuilder.changes.${Change}`;
/** What the page says in its live region after a change, or after undoing one. */
export type Announcement = { change: ChangeLabel; undone: boolean };

const newUuid = () => crypto.randomUUID();

/**
 * The builder's state (decision 038): the whole definition in memory with its undo stack, the page
 * and item being edited, and the last saved definition (what "unsaved changes" compares against).
 */
export function useFormBuilder(saved: FormDefinition) {
  const [history, setHistory] = useState<EditHistory>(() => startHistory(saved));
  const [baseline, setBaseline] = useState(saved);
  // The page shown is followed by its uuid: moving or deleting other pages does not switch it.
  const [pageUuid, setPageUuid] = useState(saved.pages[0]?.uuid ?? "");
  const [editing, setEditing] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState<Announcement | null>(null);
  const definition = history.present;
  const currentPage = Math.max(
    0,
    definition.pages.findIndex((entry) => entry.uuid === pageUuid),
  );
  const page: FormDefinitionPage | undefined = definition.pages[currentPage];

  const change = useCallback((next: FormDefinition, label: ChangeLabel, coalesce: string | null = null, announce = true) => {
    setHistory((current) => commit(current, next, label, coalesce));
    if (announce) setAnnouncement({ change: label, undone: false });
  }, []);

  const dirty = useMemo(() => JSON.stringify(definition) !== JSON.stringify(baseline), [definition, baseline]);

  return {
    definition,
    page,
    pageIndex: currentPage,
    editing,
    announcement,
    dirty,
    canUndo: history.past.length > 0,
    undoLabel: history.past.at(-1)?.label ?? null,
    selectPage: (index: number) => {
      setPageUuid(definition.pages[index]?.uuid ?? "");
      setEditing(null);
    },
    edit: setEditing,
    /** The server's answer to a save: it becomes the baseline (and the present, in the server's normal form). */
    saved: (form: FormDefinition) => {
      setBaseline(form);
      setHistory((current) => ({ ...current, present: form }));
    },
    undo: () => {
      const step = undoStep(history);
      if (!step) return;
      setHistory(step.history);
      // Every label on the stack was committed by `change` above.
      setAnnouncement({ change: step.label as ChangeLabel, undone: true });
      if (editing && !findItem(step.history.present, editing)) setEditing(null);
    },
    setItem: (uuid: string, field: string, update: (item: FormDefinitionItem) => FormDefinitionItem) =>
      change(
        updateItem(definition, uuid, update),
        "admin.formBuilder.changes.edited",
        `${uuid}:${field}`,
        // Typing is announced by the field itself; saying "changed" at each key press would drown it.
        false,
      ),
    setPage: (uuid: string, field: string, update: (entry: FormDefinitionPage) => FormDefinitionPage) =>
      change(updatePage(definition, uuid, update), "admin.formBuilder.changes.edited", `${uuid}:${field}`, false),
    addItem: (kind: FormItemKind) => {
      const added = addItem(definition, currentPage, kind, newUuid, kindEditing[kind].starting);
      change(added.definition, "admin.formBuilder.changes.itemAdded");
      setEditing(added.uuid);
    },
    duplicateItem: (uuid: string) => {
      const copy = duplicateItem(definition, uuid, newUuid);
      change(copy.definition, "admin.formBuilder.changes.itemDuplicated");
      setEditing(copy.uuid);
    },
    deleteItem: (uuid: string) => {
      change(deleteItem(definition, uuid), "admin.formBuilder.changes.itemDeleted");
      if (editing === uuid) setEditing(null);
    },
    moveItem: (uuid: string, to: { page: number; index: number }) => change(moveItem(definition, uuid, to), "admin.formBuilder.changes.itemMoved"),
    dropItem: (uuid: string, target: string, position: "before" | "after") =>
      change(dropItem(definition, uuid, target, position), "admin.formBuilder.changes.itemMoved"),
    addPage: () => {
      const added = addPage(definition, newUuid);
      change(added.definition, "admin.formBuilder.changes.pageAdded");
      setPageUuid(added.uuid);
      setEditing(null);
    },
    duplicatePage: (index: number) => {
      const copy = duplicatePage(definition, index, newUuid);
      change(copy.definition, "admin.formBuilder.changes.pageDuplicated");
      setPageUuid(copy.uuid);
      setEditing(null);
    },
    deletePage: (index: number) => {
      change(deletePage(definition, index), "admin.formBuilder.changes.pageDeleted");
      setPageUuid(definition.pages[index === 0 ? 1 : index - 1]?.uuid ?? "");
      setEditing(null);
    },
    movePage: (from: number, to: number) => change(movePage(definition, from, to), "admin.formBuilder.changes.pageMoved"),
  };
}

export type FormBuilder = ReturnType<typeof useFormBuilder>;

/** A page title or item label in the page's language (English where it is not translated yet). */
export function useTextIn(): (text: LocalizedText) => string {
  const locale = useLocale();
  return (text) => pickLocale(text, locale);
}
