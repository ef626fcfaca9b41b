import type { BookingView } from "../../core/contracts/bookings";
import type { FormItemKind, PublicForm, PublicFormItem } from "../../core/contracts/forms";
import type { UploadView } from "../../core/contracts/uploads";
import { parseResourceChoices, vehicleItemOptions } from "../../core/domain/booking-choices";
import { formatDate } from "../../core/domain/dates";
import { hiddenItemUuids } from "../../core/forms/page-rules";
import { countryName } from "../../core/i18n/countries";
import { translatorFor } from "../../core/i18n/i18n";
import type { Locale } from "../../core/i18n/locales";

/** One answered question of the review step: its label and the answer as lines of text. */
export type ReviewRow = { label: string; lines: string[] };
/** One form page in the review step, with the address of the page to edit it. */
export type ReviewSection = { number: number; title: string; rows: ReviewRow[] };
export type ReviewView = { sections: ReviewSection[] };

type Context = { locale: Locale; uploads: UploadView[]; booking: BookingView; form: PublicForm; t: ReturnType<typeof translatorFor> };
/** The answer as lines of text, or null when the kind shows nothing in the review (texts, pictures, containers). */
type Reader = (item: PublicFormItem, answer: unknown, context: Context) => string[] | null;

const text: Reader = (_item, answer) => (typeof answer === "string" && answer.trim() ? [answer.trim()] : []);
const labelsOf = (item: PublicFormItem) => {
  const choices = Array.isArray(item.options.choices) ? (item.options.choices as unknown[]) : [];
  const labels = new Map<string, string>();
  for (const choice of choices) {
    if (choice && typeof choice === "object" && "value" in choice && "label" in choice && typeof choice.value === "string" && typeof choice.label === "string")
      labels.set(choice.value, choice.label);
  }
  return labels;
};
const choice: Reader = (item, answer) => (typeof answer === "string" && answer ? [labelsOf(item).get(answer) ?? answer] : []);
const ticked = (answer: unknown) => answer === true || answer === "true" || answer === "on";
const nothing: Reader = () => null;
const salutations = ["mr", "mrs", "divers"] as const;
const country: Reader = (_item, answer, { locale }) => (typeof answer === "string" && answer ? [countryName(answer, locale)] : []);
const file: Reader = (_item, answer, { uploads }) => {
  const upload = uploads.find((candidate) => candidate.uuid === answer);
  return upload ? [upload.name] : [];
};
const vehicles =
  (kind: "vehicles" | "vehicles_per_day"): Reader =>
  (item, answer, { form, t }) => {
    const options = vehicleItemOptions(kind, item.options);
    const choices = parseResourceChoices(options, answer) ?? [];
    const labelOf = (key: string) => form.prices.find((price) => price.key === key)?.label ?? key;
    return options.days.flatMap((day) => {
      const ofDay = choices.filter((entry) => entry.day === day).map((entry) => labelOf(entry.key));
      if (!ofDay.length) return [];
      return [kind === "vehicles" ? ofDay.join(", ") : `${t("booking.vehicles.day", { day })}: ${ofDay.join(", ")}`];
    });
  };

/** How each kind's answer reads in the review step (decision 021); the compiler names a kind that lacks one. */
const reviewReaders = {
  checkbox: (_item, answer, { t }) => (ticked(answer) ? [t("bookingFlow.yes")] : []),
  companion: nothing, // the people section lists the companions
  date: (_item, answer, { locale }) => (typeof answer === "string" && /^\d{4}-\d{2}-\d{2}$/.test(answer) ? [formatDate(answer, locale)] : []),
  datetime: text,
  file,
  group: nothing,
  headline: nothing,
  html: nothing,
  image: nothing,
  input: text,
  international_phone: text,
  multiselect: (item, answer) =>
    Array.isArray(answer) ? answer.filter((value) => typeof value === "string").map((value) => labelsOf(item).get(value) ?? value) : [],
  price_list: nothing,
  radio: choice,
  select: (item, answer, context) => {
    // The salutation select of the main participant keeps its translated labels in the catalogue.
    const salutation = salutations.find((value) => value === answer);
    if (item.name === "main.salutation" && salutation) return [context.t(`booking.salutations.${salutation}`)];
    return choice(item, answer, context);
  },
  country_select: country,
  nationality_select: country,
  sma: (item, answer) => (typeof answer === "string" && answer && answer !== "false" ? [labelsOf(item).get(answer) ?? item.label] : []),
  textarea: text,
  time: text,
  upload: file,
  vehicles: vehicles("vehicles"),
  vehicles_per_day: vehicles("vehicles_per_day"),
  wysiwyg: nothing,
} satisfies Record<FormItemKind, Reader>;

/**
 * The review step (decision 021): every page of the form with each answered question, the files by
 * name, the vehicles per day, and the companions on the page that asks for them. Formatted on the
 * server, so the hydrated page matches.
 */
export function bookingReview(form: PublicForm, booking: BookingView, uploads: UploadView[], locale: Locale): ReviewView {
  const t = translatorFor(locale);
  const context: Context = { locale, uploads, booking, form, t };
  const sections = form.pages.map((page): ReviewSection => {
    const hidden = hiddenItemUuids(page.items, booking.answers);
    const rows: ReviewRow[] = [];
    for (const item of page.items) {
      if (hidden.has(item.uuid)) continue;
      if (item.kind === "companion") {
        booking.companions.forEach((companion, index) => {
          const salutation = salutations.find((value) => value === companion.salutation);
          const name = [salutation ? t(`booking.salutations.${salutation}`) : null, companion.forename, companion.surname].filter(Boolean).join(" ");
          const lines = [name || t("bookingFlow.notAnswered")];
          if (companion.type) lines.push(t(`booking.companions.types.${companion.type}`, { defaultValue: companion.type }));
          if (companion.date_of_birth) lines.push(t("bookingFlow.bornOn", { date: formatDate(companion.date_of_birth, locale) }));
          rows.push({ label: t("bookingFlow.companion", { number: index + 1 }), lines });
        });
        continue;
      }
      const lines = reviewReaders[item.kind](item, booking.answers[item.uuid], context);
      if (lines === null) continue;
      // Optional questions left empty are left out; a required one left empty shows a dash (the submission will say so).
      if (!lines.length && !item.required) continue;
      rows.push({ label: item.label, lines: lines.length ? lines : [t("bookingFlow.notAnswered")] });
    }
    return { number: page.number, title: page.title, rows };
  });
  return { sections };
}
