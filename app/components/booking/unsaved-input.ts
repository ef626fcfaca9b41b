import { useEffect, type RefObject } from "react";

/**
 * What was typed on a booking page and not yet saved, kept in the tab's sessionStorage (issue 32).
 * Booking pages are `no-store` (decision 012), so the browser keeps no copy for Back and Forward:
 * the page comes back from the server with the saved answers only, and what was typed since was
 * lost. The page now notes its fields at every change and puts them back when it shows the same
 * draft version again (Back, Forward, a reload, a link inside the site and back). A save moves the
 * draft's version on, so a note never overwrites what the server holds; submitting drops it.
 * Left out: hidden and file inputs (uploads save at once; date pickers keep their value in a hidden input).
 */
type Note = { version: number; values: [string, string][]; checked: string[] };

const storageKey = (bookingUuid: string, pageUuid: string) => `booking-unsaved:${bookingUuid}:${pageUuid}`;
const checkKey = (element: HTMLInputElement) => `${element.name}\u0000${element.value}`;

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function fieldsOf(form: HTMLFormElement): Field[] {
  return [...form.elements]
    .filter(
      (element): element is Field =>
        (element instanceof HTMLInputElement && !["hidden", "file", "submit", "button", "reset", "image"].includes(element.type)) ||
        element instanceof HTMLSelectElement ||
        element instanceof HTMLTextAreaElement,
    )
    .filter((element) => element.name !== "");
}

function noteOf(form: HTMLFormElement, version: number): Note {
  const note: Note = { version, values: [], checked: [] };
  for (const field of fieldsOf(form)) {
    if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
      if (field.checked) note.checked.push(checkKey(field));
    } else note.values.push([field.name, field.value]);
  }
  return note;
}

function readNote(key: string): Note | null {
  try {
    const stored = sessionStorage.getItem(key);
    if (!stored) return null;
    const parsed: unknown = JSON.parse(stored);
    if (!parsed || typeof parsed !== "object" || !("version" in parsed) || !("values" in parsed) || !("checked" in parsed)) return null;
    const { version, values, checked } = parsed;
    if (typeof version !== "number" || !Array.isArray(values) || !Array.isArray(checked)) return null;
    return {
      version,
      values: values.filter((entry): entry is [string, string] => Array.isArray(entry) && typeof entry[0] === "string" && typeof entry[1] === "string"),
      checked: checked.filter((entry): entry is string => typeof entry === "string"),
    };
  } catch {
    // Storage switched off or full: the page works as before, without the note.
    return null;
  }
}

function writeNote(key: string, note: Note | null) {
  try {
    if (note) sessionStorage.setItem(key, JSON.stringify(note));
    else sessionStorage.removeItem(key);
  } catch {
    // As above: nothing kept, nothing broken.
  }
}

/** Sets a value as typing would, so React's handlers (and the page's live price) see it. */
function setValue(field: Field, value: string) {
  if (field.value === value) return;
  const prototype = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(field, value);
  field.dispatchEvent(new Event("input", { bubbles: true }));
  field.dispatchEvent(new Event("change", { bubbles: true }));
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

async function restore(form: HTMLFormElement, note: Note) {
  const checked = new Set(note.checked);
  const checkables = () =>
    fieldsOf(form).filter((field): field is HTMLInputElement => field instanceof HTMLInputElement && (field.type === "radio" || field.type === "checkbox"));
  // Radios first: a vehicle enables its day's extras, which are ticked once React has shown that.
  for (const field of checkables()) if (field.type === "radio" && checked.has(checkKey(field)) && !field.checked && !field.disabled) field.click();
  await nextTask();
  if (!form.isConnected) return;
  for (const field of checkables()) if (field.type === "checkbox" && checked.has(checkKey(field)) !== field.checked && !field.disabled) field.click();
  const values = new Map<string, string[]>();
  for (const [name, value] of note.values) values.set(name, [...(values.get(name) ?? []), value]);
  for (const field of fieldsOf(form)) {
    if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) continue;
    const value = values.get(field.name)?.shift();
    if (value !== undefined) setValue(field, value);
  }
}

/**
 * Keeps the page's unsaved input across Back, Forward and reloads (see above). `version` is the
 * draft version the page shows; `enabled` is false for the staff preview, which keeps nothing.
 */
export function useUnsavedInput(
  formRef: RefObject<HTMLFormElement | null>,
  bookingUuid: string | null,
  pageUuid: string | null,
  version: number,
  enabled: boolean,
) {
  useEffect(() => {
    const form = formRef.current;
    if (!enabled || !form || !bookingUuid || !pageUuid) return;
    const key = storageKey(bookingUuid, pageUuid);
    const note = readNote(key);
    let noting = false;
    // Only a note of the version shown is put back: after a save the server's answers are newer.
    if (note && note.version === version) {
      noting = true;
      void restore(form, note).finally(() => (noting = false));
    } else if (note) writeNote(key, null);
    const save = () => {
      if (!noting && form.isConnected) writeNote(key, noteOf(form, version));
    };
    const drop = () => writeNote(key, null);
    form.addEventListener("input", save);
    form.addEventListener("change", save);
    form.addEventListener("submit", drop);
    window.addEventListener("pagehide", save);
    return () => {
      form.removeEventListener("input", save);
      form.removeEventListener("change", save);
      form.removeEventListener("submit", drop);
      window.removeEventListener("pagehide", save);
    };
  }, [formRef, bookingUuid, pageUuid, version, enabled]);
}
