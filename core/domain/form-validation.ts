import countries from "i18n-iso-countries";
import { isValidPhoneNumber, type CountryCode } from "libphonenumber-js";
import type { PublicFormItem } from "../contracts/forms";
import { vehicleChoiceProblem, vehicleItemOptions, type VehicleChoiceProblem } from "./booking-choices";

/**
 * Server-authoritative validation of one form page, item by item (PRODUCT.md "Forms"). Answers are
 * keyed by item uuid; the result is the spec's errors object: an array of message keys per item
 * uuid, translated when the answer is built. Static items (headline, html, image, wysiwyg, price
 * list) and containers (group) take no answer.
 */
export type ValidationMessage =
  | "validation.required"
  | "validation.tooLong"
  | "validation.email"
  | "validation.choice"
  | "validation.date"
  | "validation.dateRange"
  | "validation.time"
  | "validation.datetime"
  | "validation.country"
  | "validation.phone"
  | "validation.mustAccept"
  | "validation.number"
  | "validation.maxCompanions"
  | VehicleChoiceProblem;

export type ItemErrors = Record<string, ValidationMessage[]>;

const staticKinds = new Set<PublicFormItem["kind"]>(["headline", "html", "image", "wysiwyg", "price_list", "group"]);
/** Validated by their own flows (companions, uploads, vehicles): here only "required" is checked. */
const structuredKinds = new Set<PublicFormItem["kind"]>(["companion", "file", "upload"]);

export function takesAnswer(item: Pick<PublicFormItem, "kind">): boolean {
  return !staticKinds.has(item.kind);
}

function isBlank(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === false ||
    (typeof value === "string" && value.trim() === "") ||
    (Array.isArray(value) && value.length === 0)
  );
}

function choiceValues(item: PublicFormItem): string[] {
  const choices = item.options.choices;
  if (!Array.isArray(choices)) return [];
  return choices.flatMap((choice) => (choice && typeof choice === "object" && "value" in choice && typeof choice.value === "string" ? [choice.value] : []));
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
function isRealDate(value: string): boolean {
  if (!isoDate.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function boundOf(bound: unknown, today: string): string | null {
  if (bound === "today") return today;
  return typeof bound === "string" && isRealDate(bound) ? bound : null;
}

/** The problem with one answer, or null. `today` is the operator's calendar date. */
export function validateAnswer(item: PublicFormItem, value: unknown, today: string): ValidationMessage | null {
  if (!takesAnswer(item)) return null;
  if (item.kind === "vehicles" || item.kind === "vehicles_per_day")
    return vehicleChoiceProblem(vehicleItemOptions(item.kind, item.options), value, item.required);
  if (isBlank(value)) {
    if (!item.required) return null;
    return item.kind === "checkbox" ? "validation.mustAccept" : "validation.required";
  }
  if (structuredKinds.has(item.kind)) return null;
  const text = typeof value === "string" ? value.trim() : null;
  const maxLength = typeof item.options.maxLength === "number" ? item.options.maxLength : 2000;
  switch (item.kind) {
    case "input":
    case "textarea":
      if (text === null) return "validation.required";
      if (text.length > maxLength) return "validation.tooLong";
      if (item.options.type === "email" && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text)) return "validation.email";
      if (item.options.type === "number" && !/^-?\d+([.,]\d+)?$/.test(text)) return "validation.number";
      return null;
    case "checkbox":
      return value === true || value === "true" || value === "on" ? null : "validation.mustAccept";
    case "radio":
    case "select":
    case "sma":
      return text !== null && (choiceValues(item).length === 0 || choiceValues(item).includes(text)) ? null : "validation.choice";
    case "multiselect": {
      const allowed = choiceValues(item);
      return Array.isArray(value) && value.every((entry) => typeof entry === "string" && allowed.includes(entry)) ? null : "validation.choice";
    }
    case "date": {
      if (text === null || !isRealDate(text)) return "validation.date";
      const min = boundOf(item.options.min, today);
      const max = boundOf(item.options.max, today);
      return (min && text < min) || (max && text > max) ? "validation.dateRange" : null;
    }
    case "time":
      return text !== null && /^([01]\d|2[0-3]):[0-5]\d$/.test(text) ? null : "validation.time";
    case "datetime":
      return text !== null && /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/.test(text) && isRealDate(text.slice(0, 10)) ? null : "validation.datetime";
    case "country_select":
    case "nationality_select":
      return text !== null && /^[A-Z]{2}$/.test(text) && countries.isValid(text) ? null : "validation.country";
    case "international_phone": {
      const country = typeof item.options.defaultCountry === "string" ? (item.options.defaultCountry as CountryCode) : undefined;
      return text !== null && text.length <= 30 && isValidPhoneNumber(text, country) ? null : "validation.phone";
    }
    default:
      return null;
  }
}

/**
 * Items shown only when a checkbox of the page is ticked (`options.visibleWhen` names it, e.g. the
 * separate billing address), with the children of such a group. Hidden items are not validated.
 */
export function hiddenItemUuids(items: PublicFormItem[], answers: Record<string, unknown>): Set<string> {
  const hidden = new Set<string>();
  for (const item of items) {
    const condition = item.options.visibleWhen;
    if (typeof condition !== "string") continue;
    const controller = items.find((candidate) => candidate.name === condition);
    const value = controller ? answers[controller.uuid] : undefined;
    if (value !== true && value !== "true" && value !== "on") hidden.add(item.uuid);
  }
  for (const item of items) if (item.parent_uuid && hidden.has(item.parent_uuid)) hidden.add(item.uuid);
  return hidden;
}

/** Whether a checkbox-like answer is chosen: ticked, or carrying its choice's value (the SMA item's `requested`). */
export const isChosen = (value: unknown) =>
  value === true || value === "true" || value === "on" || (typeof value === "string" && value !== "" && value !== "false");

/**
 * Required items that become optional when another item of the page is chosen (`options.notRequiredWhen`
 * names it): the payment method, when the customer sends a booking request (SMA) instead of paying.
 */
export function optionalItemUuids(items: PublicFormItem[], answers: Record<string, unknown>): Set<string> {
  const optional = new Set<string>();
  for (const item of items) {
    const condition = item.options.notRequiredWhen;
    if (typeof condition !== "string") continue;
    const controller = items.find((candidate) => candidate.name === condition);
    if (controller && isChosen(answers[controller.uuid])) optional.add(item.uuid);
  }
  return optional;
}

/** Errors of one page's answers, keyed by item uuid; empty when the page is complete. */
export function validatePage(items: PublicFormItem[], answers: Record<string, unknown>, today: string): ItemErrors {
  const errors: ItemErrors = {};
  const hidden = hiddenItemUuids(items, answers);
  const optional = optionalItemUuids(items, answers);
  for (const item of items) {
    if (hidden.has(item.uuid)) continue;
    const problem = validateAnswer(optional.has(item.uuid) ? { ...item, required: false } : item, answers[item.uuid], today);
    if (problem) errors[item.uuid] = [problem];
  }
  return errors;
}

/**
 * Spec §4: a form page is blocked while the booking's SMA request is pending (`blocking`) and the
 * page comes after the one the request was made on (the payment pages).
 */
export function isPageBlockedBySma(pageNumber: number, sma: { blocking: boolean; page: number | null }): boolean {
  return sma.blocking && sma.page !== null && pageNumber > sma.page;
}
