import type { PublicFormItem } from "../../core/contracts/forms";
import type { UploadView } from "../../core/contracts/uploads";
import { formatDate } from "../../core/domain/dates";
import { countryName } from "../../core/i18n/countries";
import { translatorFor } from "../../core/i18n/i18n";
import type { Locale } from "../../core/i18n/locales";
import type { FormItemKind } from "../../core/forms/kinds";
import { choicesOption } from "../../core/forms/kinds/kind-module";
import { isChosen } from "../../core/forms/page-rules";

type AnswerContext = { item: PublicFormItem; value: unknown; locale: Locale; uploads: UploadView[] };
/** The answer as "manage my booking" shows it, or null when the kind's answer is shown elsewhere (people, vehicles) or it takes none. */
type AnswerText = ((context: AnswerContext) => string) | null;

const plain = ({ value }: AnswerContext) => (Array.isArray(value) ? value.join(", ") : String(value));
const choiceLabel = (item: PublicFormItem, value: string) => {
  const found = choicesOption.parse(item.options.choices).find((choice) => choice.value === value);
  return typeof found?.label === "string" ? found.label : value;
};
const oneChoice = ({ item, value }: AnswerContext) => choiceLabel(item, String(value));
const yesNo = ({ value, locale }: AnswerContext) => translatorFor(locale)(isChosen(value) ? "manage.yes" : "manage.no");
const country = ({ value, locale }: AnswerContext) => countryName(String(value), locale);
const fileName = ({ value, uploads }: AnswerContext) => uploads.find((upload) => upload.uuid === value)?.name ?? String(value);

/** One formatter per kind (decision 013's registry): a new kind must say how its answer reads here. */
const answerTexts = {
  checkbox: yesNo,
  companion: null,
  date: ({ value, locale }) => formatDate(String(value), locale),
  // A local time at the event's place, as typed: no zone to convert.
  datetime: ({ value, locale }) => `${formatDate(String(value).slice(0, 10), locale)} ${String(value).slice(11, 16)}`,
  file: fileName,
  group: null,
  headline: null,
  html: null,
  image: null,
  input: plain,
  international_phone: plain,
  multiselect: ({ item, value }) => (Array.isArray(value) ? value.map((entry) => choiceLabel(item, String(entry))).join(", ") : choiceLabel(item, String(value))),
  price_list: null,
  radio: oneChoice,
  select: oneChoice,
  country_select: country,
  nationality_select: country,
  sma: null,
  textarea: plain,
  time: plain,
  upload: fileName,
  vehicles: null,
  vehicles_per_day: null,
  wysiwyg: null,
} satisfies Record<FormItemKind, AnswerText>;

/** The text of an item's answer, or null when this page does not list it (blank, shown elsewhere, or no answer). */
export function answerText(context: AnswerContext): string | null {
  const format: AnswerText = answerTexts[context.item.kind];
  const { value } = context;
  if (!format || value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0)) return null;
  return format(context);
}

/** Whether answers of this kind read as text here (the participant export's answer columns; people and vehicles have columns of their own). */
export function hasAnswerText(kind: FormItemKind): boolean {
  return answerTexts[kind] !== null;
}
