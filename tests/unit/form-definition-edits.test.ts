import { describe, expect, it } from "vitest";
import type { FormDefinition, FormDefinitionItem } from "../../core/contracts/form-definitions";
import { formItemKinds } from "../../core/contracts/forms";
import {
  addItem,
  addPage,
  commit,
  deleteItem,
  deletePage,
  dropItem,
  duplicateItem,
  duplicatePage,
  moveItem,
  movePage,
  startHistory,
  undo,
  uniqueName,
  updateItem,
} from "../../core/forms/form-definition-edits";
import { definitionProblems, replacedOptions } from "../../core/forms/form-definition-rules";
import { answerOptionFields, kindEditing, uploadMediaTypes, type OptionField } from "../../core/forms/kind-option-fields";
import type { SniffedMediaType } from "../../server/uploads/sniff-media-type";

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const counter = (start: number) => {
  let next = start;
  return () => uuid(next++);
};
const item = (n: number, name: string, extra: Partial<FormDefinitionItem> = {}): FormDefinitionItem => ({
  uuid: uuid(n),
  parent_uuid: null,
  kind: "input",
  name,
  label: { en: name, de: name },
  help: null,
  required: false,
  options: {},
  ...extra,
});
const form = (): FormDefinition => ({
  pages: [
    { uuid: uuid(100), title: { en: "One", de: "Eins" }, items: [item(1, "a"), item(2, "b"), item(3, "c")] },
    {
      uuid: uuid(200),
      title: { en: "Two", de: "Zwei" },
      items: [item(4, "group", { kind: "group" }), item(5, "child", { parent_uuid: uuid(4) }), item(6, "d")],
    },
  ],
});
const names = (definition: FormDefinition, page: number) => definition.pages[page]?.items.map((entry) => entry.name);

describe("the form builder's edits (decision 038)", () => {
  it("adds an item with a unique name and the kind's starting options", () => {
    const { definition, uuid: added } = addItem(form(), 0, "input", counter(500), { maxLength: 5 });
    expect(added).toBe(uuid(500));
    expect(definition.pages[0]?.items.at(-1)).toMatchObject({ kind: "input", name: "input", options: { maxLength: 5 }, required: false });
    expect(addItem(definition, 0, "input", counter(600)).definition.pages[0]?.items.at(-1)?.name).toBe("input_copy");
  });

  it("duplicates an item right after it with a fresh uuid and a unique name", () => {
    const once = duplicateItem(form(), uuid(2), counter(500));
    expect(names(once.definition, 0)).toEqual(["a", "b", "b_copy", "c"]);
    expect(once.uuid).toBe(uuid(500));
    const twice = duplicateItem(once.definition, uuid(500), counter(600));
    expect(names(twice.definition, 0)).toEqual(["a", "b", "b_copy", "b_copy_2", "c"]);
    expect(uniqueName(twice.definition, "b")).toBe("b_copy_3");
  });

  it("duplicates a group with its children, which belong to the copy", () => {
    const { definition } = duplicateItem(form(), uuid(4), counter(500));
    expect(names(definition, 1)).toEqual(["group", "child", "group_copy", "child_copy", "d"]);
    expect(definition.pages[1]?.items[3]?.parent_uuid).toBe(uuid(500));
    expect(definitionProblems(definition, { priceKeys: [], resourceKeys: [] })).toEqual({});
  });

  it("deletes an item, a group with its children", () => {
    expect(names(deleteItem(form(), uuid(2)), 0)).toEqual(["a", "c"]);
    expect(names(deleteItem(form(), uuid(4)), 1)).toEqual(["d"]);
  });

  it("moves items within a page and to another page (leaving their group)", () => {
    expect(names(moveItem(form(), uuid(1), { page: 0, index: 2 }), 0)).toEqual(["b", "c", "a"]);
    expect(names(dropItem(form(), uuid(3), uuid(1), "before"), 0)).toEqual(["c", "a", "b"]);
    expect(names(dropItem(form(), uuid(1), uuid(3), "after"), 0)).toEqual(["b", "c", "a"]);
    const moved = moveItem(form(), uuid(5), { page: 0, index: 0 });
    expect(names(moved, 0)).toEqual(["child", "a", "b", "c"]);
    expect(moved.pages[0]?.items[0]?.parent_uuid).toBeNull();
    // A group takes its children along.
    expect(names(moveItem(form(), uuid(4), { page: 0, index: 1 }), 0)).toEqual(["a", "group", "child", "b", "c"]);
  });

  it("adds, duplicates, moves and deletes pages; the last page stays", () => {
    const added = addPage(form(), counter(500));
    expect(added.definition.pages.map((page) => page.uuid)).toEqual([uuid(100), uuid(200), uuid(500)]);
    const copy = duplicatePage(form(), 1, counter(500)).definition;
    expect(copy.pages.map((page) => page.title.en)).toEqual(["One", "Two", "Two"]);
    expect(names(copy, 2)).toEqual(["group_copy", "child_copy", "d_copy"]);
    expect(copy.pages[2]?.items[1]?.parent_uuid).toBe(copy.pages[2]?.items[0]?.uuid);
    expect(definitionProblems(copy, { priceKeys: [], resourceKeys: [] })).toEqual({});
    expect(movePage(form(), 1, 0).pages.map((page) => page.title.en)).toEqual(["Two", "One"]);
    const single = deletePage(form(), 0);
    expect(single.pages.map((page) => page.title.en)).toEqual(["Two"]);
    expect(deletePage(single, 0)).toBe(single);
  });

  it("undoes changes one by one; typing into one field is one change", () => {
    let history = startHistory(form());
    history = commit(history, deleteItem(history.present, uuid(1)), "deleted");
    for (const text of ["X", "Xy", "Xyz"]) {
      history = commit(
        history,
        updateItem(history.present, uuid(2), (entry) => ({ ...entry, label: { ...entry.label, en: text } })),
        "label",
        "label-2",
      );
    }
    expect(history.past).toHaveLength(2);
    const first = undo(history);
    expect(first?.label).toBe("label");
    expect(first?.history.present.pages[0]?.items[0]?.label.en).toBe("b");
    const second = first && undo(first.history);
    expect(second?.history.present).toEqual(form());
    expect(second && undo(second.history)).toBeNull();
  });
});

const samples = {
  choices: () => [{ value: "a", label: { en: "A", de: "A" }, price_cents: 500 }],
  localizedText: () => ({ en: "Text", de: "Text" }),
  richText: () => ({ en: "<p>Hi</p>", de: "<p>Hallo</p>" }),
  text: () => "/images/golf-yoga-island.svg",
  countryCode: () => "DE",
  dateBound: () => "today",
  time: () => "08:30",
  number: (field) => (field.type === "number" ? field.min + 1 : 1),
  megabytes: () => 5 * 1024 * 1024,
  flag: () => true,
  oneOf: (field) => (field.type === "oneOf" ? field.values.at(-1) : ""),
  someOf: (field) =>
    field.type === "someOf" ? { priceKeys: ["participant"], vehicleKeys: ["porsche"], addons: ["pit_box"], mediaTypes: ["application/pdf"] }[field.from] : [],
  companionTypes: () => [{ type: "driver", priceKey: "driver" }],
  days: () => [1, 2],
  itemName: () => "sma",
} satisfies Record<OptionField["type"], (field: OptionField) => unknown>;

describe("the builder's option fields agree with the kinds' schemas (decision 038)", () => {
  it("every kind's starting options and a value of each field are kept as given", () => {
    for (const kind of formItemKinds) {
      const { fields, starting } = kindEditing[kind];
      expect(replacedOptions({ kind, options: starting }), kind).toEqual([]);
      for (const field of [...fields, ...answerOptionFields]) {
        const options = { ...starting, [field.key]: samples[field.type](field) };
        expect(replacedOptions({ kind, options }), `${kind}.${field.key}`).toEqual([]);
      }
    }
  });

  it("offers exactly the media types the upload code recognises", () => {
    const offered: readonly SniffedMediaType[] = uploadMediaTypes;
    type Missing = Exclude<SniffedMediaType, (typeof uploadMediaTypes)[number]>;
    const none: Missing[] = [];
    expect(offered.length + none.length).toBe(7);
  });
});
