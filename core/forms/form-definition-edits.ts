import type { FormDefinition, FormDefinitionItem, FormDefinitionPage } from "../contracts/form-definitions";
import type { FormItemKind } from "../contracts/forms";
import { emptyLocalizedText } from "../contracts/localized-text";

/**
 * The form builder's edits of a whole definition (decision 038), pure: the page keeps the definition
 * in memory, applies these, and saves the result at once (`PUT` of the whole draft, decision 036).
 * New uuids come from `newUuid` so that tests can name them.
 */
export type NewUuid = () => string;

/** Where an item sits: its page's index and its index on the page. */
export type ItemPlace = { page: number; index: number };

const replaceAt = <T>(list: readonly T[], index: number, value: T): T[] => list.map((entry, at) => (at === index ? value : entry));

/** Moves the entry at `from` to `to` (indices of the list before the move). */
export function moveInList<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || from >= list.length) return [...list];
  const next = [...list];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return [...list];
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next;
}

/** Every item name of the form. */
const namesOf = (definition: FormDefinition) => new Set(definition.pages.flatMap((page) => page.items.map((item) => item.name)));

/** `base`, or `base_copy`, `base_copy_2`, … : the first one no item of the form has yet. */
export function uniqueName(definition: FormDefinition, base: string): string {
  const taken = namesOf(definition);
  if (!taken.has(base)) return base;
  const stem = base.replace(/_copy(_\d+)?$/, "");
  for (let number = 1; ; number += 1) {
    const candidate = number === 1 ? `${stem}_copy` : `${stem}_copy_${number}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** A new item of `kind` at the end of the page, with a unique name and starting options that the kind accepts. */
export function addItem(
  definition: FormDefinition,
  pageIndex: number,
  kind: FormItemKind,
  newUuid: NewUuid,
  startingOptions: Record<string, unknown> = {},
): { definition: FormDefinition; uuid: string } {
  const page = definition.pages[pageIndex];
  if (!page) return { definition, uuid: "" };
  const uuid = newUuid();
  const item: FormDefinitionItem = {
    uuid,
    parent_uuid: null,
    kind,
    name: uniqueName(definition, kind),
    label: emptyLocalizedText(),
    help: null,
    required: false,
    options: structuredClone(startingOptions),
  };
  return { definition: { pages: replaceAt(definition.pages, pageIndex, { ...page, items: [...page.items, item] }) }, uuid };
}

/** Replaces the item with this uuid (wherever it is) by `change(item)`. */
export function updateItem(definition: FormDefinition, uuid: string, change: (item: FormDefinitionItem) => FormDefinitionItem): FormDefinition {
  return { pages: definition.pages.map((page) => ({ ...page, items: page.items.map((item) => (item.uuid === uuid ? change(item) : item)) })) };
}

export function updatePage(definition: FormDefinition, uuid: string, change: (page: FormDefinitionPage) => FormDefinitionPage): FormDefinition {
  return { pages: definition.pages.map((page) => (page.uuid === uuid ? change(page) : page)) };
}

export function findItem(definition: FormDefinition, uuid: string): (ItemPlace & { item: FormDefinitionItem }) | null {
  for (const [page, entry] of definition.pages.entries()) {
    const index = entry.items.findIndex((item) => item.uuid === uuid);
    const item = entry.items[index];
    if (item) return { page, index, item };
  }
  return null;
}

/** The item and, for a group, its children: what moves, is copied or deleted together. */
function withChildren(page: FormDefinitionPage, uuid: string): Set<string> {
  return new Set(page.items.filter((item) => item.uuid === uuid || item.parent_uuid === uuid).map((item) => item.uuid));
}

/**
 * A copy right after the item, with fresh uuids and unique names (a group is copied with its
 * children, which then belong to the copy).
 */
export function duplicateItem(definition: FormDefinition, uuid: string, newUuid: NewUuid): { definition: FormDefinition; uuid: string } {
  const found = findItem(definition, uuid);
  const page = found && definition.pages[found.page];
  if (!found || !page) return { definition, uuid: "" };
  const group = withChildren(page, uuid);
  const originals = page.items.filter((item) => group.has(item.uuid));
  const fresh = new Map(originals.map((item) => [item.uuid, newUuid()]));
  let names = definition;
  const copies = originals.map((item) => {
    const name = uniqueName(names, item.name);
    const copy: FormDefinitionItem = {
      ...structuredClone(item),
      uuid: fresh.get(item.uuid) ?? newUuid(),
      name,
      parent_uuid: item.parent_uuid !== null && fresh.has(item.parent_uuid) ? (fresh.get(item.parent_uuid) ?? null) : item.parent_uuid,
    };
    // The next copy's name must also differ from this one's.
    names = { pages: [...names.pages, { uuid: "", title: { en: "" }, items: [copy] }] };
    return copy;
  });
  const lastIndex = Math.max(...page.items.map((item, index) => (group.has(item.uuid) ? index : -1)));
  const items = [...page.items.slice(0, lastIndex + 1), ...copies, ...page.items.slice(lastIndex + 1)];
  return { definition: { pages: replaceAt(definition.pages, found.page, { ...page, items }) }, uuid: fresh.get(uuid) ?? "" };
}

/** Deletes the item (a group with its children). */
export function deleteItem(definition: FormDefinition, uuid: string): FormDefinition {
  return {
    pages: definition.pages.map((page) => {
      const gone = withChildren(page, uuid);
      return gone.size ? { ...page, items: page.items.filter((item) => !gone.has(item.uuid)) } : page;
    }),
  };
}

/**
 * Moves the item to `to` (page and index on that page, counted without the item). A group takes its
 * children along; an item leaving its page leaves its group (a group is of one page only).
 */
export function moveItem(definition: FormDefinition, uuid: string, to: ItemPlace): FormDefinition {
  const found = findItem(definition, uuid);
  const fromPage = found && definition.pages[found.page];
  if (!found || !fromPage || !definition.pages[to.page]) return definition;
  const moving = withChildren(fromPage, uuid);
  const carried = fromPage.items
    .filter((item) => moving.has(item.uuid))
    .map((item) => (to.page !== found.page && item.uuid === uuid ? { ...item, parent_uuid: null } : item));
  const pages = definition.pages.map((page, index) => (index === found.page ? { ...page, items: page.items.filter((item) => !moving.has(item.uuid)) } : page));
  const target = pages[to.page];
  if (!target) return definition;
  const at = Math.max(0, Math.min(to.index, target.items.length));
  return { pages: replaceAt(pages, to.page, { ...target, items: [...target.items.slice(0, at), ...carried, ...target.items.slice(at)] }) };
}

/** Reorders the page's items so that `uuid` comes before or after `target` (a drop in the list). */
export function dropItem(definition: FormDefinition, uuid: string, target: string, position: "before" | "after"): FormDefinition {
  if (uuid === target) return definition;
  // The target's place once the moved item (and a group's children) left the list.
  const targetAfter = findItem(deleteItem(definition, uuid), target);
  if (!targetAfter) return definition;
  return moveItem(definition, uuid, { page: targetAfter.page, index: targetAfter.index + (position === "after" ? 1 : 0) });
}

export function addPage(definition: FormDefinition, newUuid: NewUuid): { definition: FormDefinition; uuid: string } {
  const uuid = newUuid();
  return { definition: { pages: [...definition.pages, { uuid, title: emptyLocalizedText(), items: [] }] }, uuid };
}

/** A copy of the page right after it: fresh uuids for it and its items, unique names, groups kept. */
export function duplicatePage(definition: FormDefinition, pageIndex: number, newUuid: NewUuid): { definition: FormDefinition; uuid: string } {
  const page = definition.pages[pageIndex];
  if (!page) return { definition, uuid: "" };
  const fresh = new Map(page.items.map((item) => [item.uuid, newUuid()]));
  let names = definition;
  const items = page.items.map((item) => {
    const copy: FormDefinitionItem = {
      ...structuredClone(item),
      uuid: fresh.get(item.uuid) ?? newUuid(),
      name: uniqueName(names, item.name),
      parent_uuid: item.parent_uuid === null ? null : (fresh.get(item.parent_uuid) ?? null),
    };
    names = { pages: [...names.pages, { uuid: "", title: { en: "" }, items: [copy] }] };
    return copy;
  });
  const uuid = newUuid();
  const pages = [...definition.pages];
  pages.splice(pageIndex + 1, 0, { uuid, title: structuredClone(page.title), items });
  return { definition: { pages }, uuid };
}

/** Deletes the page with its items; the last page stays (a form has at least one). */
export function deletePage(definition: FormDefinition, pageIndex: number): FormDefinition {
  if (definition.pages.length <= 1) return definition;
  return { pages: definition.pages.filter((_, index) => index !== pageIndex) };
}

export function movePage(definition: FormDefinition, from: number, to: number): FormDefinition {
  return { pages: moveInList(definition.pages, from, to) };
}

/**
 * The undo stack: each change is one entry with what it did (announced, and named by "Undo").
 * Typing into one field is one change: consecutive edits with the same `coalesce` key replace the
 * top entry instead of stacking a step per key press.
 */
export type EditHistory = {
  present: FormDefinition;
  past: { definition: FormDefinition; label: string; coalesce: string | null }[];
};

const historyLimit = 100;

export const startHistory = (definition: FormDefinition): EditHistory => ({ present: definition, past: [] });

export function commit(history: EditHistory, next: FormDefinition, label: string, coalesce: string | null = null): EditHistory {
  if (next === history.present) return history;
  const top = history.past.at(-1);
  if (coalesce !== null && top?.coalesce === coalesce) return { present: next, past: history.past };
  const past = [...history.past, { definition: history.present, label, coalesce }].slice(-historyLimit);
  return { present: next, past };
}

/** The state before the last change, and that change's label; null when there is nothing to undo. */
export function undo(history: EditHistory): { history: EditHistory; label: string } | null {
  const last = history.past.at(-1);
  if (!last) return null;
  return { history: { present: last.definition, past: history.past.slice(0, -1) }, label: last.label };
}
