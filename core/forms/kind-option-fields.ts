import type { FormItemKind } from "../contracts/forms";
import { emptyLocalizedText } from "../contracts/localized-text";

/**
 * What the form builder lets staff edit of each kind's options (decision 038): a declarative list of
 * fields per kind, beside the kind's own options schema in `kinds/<kind>.ts`. The compiler asks for
 * every kind (`satisfies Record<FormItemKind, …>`); a unit test checks each kind's starting options
 * and a sample of every field against that schema (`replacedOptions` keeps them), so the editor
 * cannot write what the booking page would silently replace.
 */
/** Every option the builder edits, by its key in `item.options` (each has its label in the catalogues). */
export type OptionKey =
  | "choices"
  | "description"
  | "html"
  | "src"
  | "alt"
  | "termsPageSlug"
  | "defaultCountry"
  | "default"
  | "min"
  | "max"
  | "stepMinutes"
  | "type"
  | "maxLength"
  | "accept"
  | "maxBytes"
  | "maxVideoSeconds"
  | "types"
  | "maxCompanions"
  | "vehicleKeys"
  | "days"
  | "instructor"
  | "addons"
  | "copyDay1ToDay2"
  | "priceKeys"
  | "completableLater"
  | "notRequiredWhen"
  | "visibleWhen";

/** The values of an input's `type` (`kinds/input.ts`). */
export type InputType = "text" | "email" | "number";

type Field<Rest> = { key: OptionKey } & Rest;

export type OptionField =
  /** `[{ value, label: { en, de }, price_cents? }]` */
  | Field<{ type: "choices" }>
  /** `{ en, de }`, written side by side. */
  | Field<{ type: "localizedText"; multiline?: boolean }>
  /** `{ en, de }` HTML from the rich-text editor (sanitized when the form is served). */
  | Field<{ type: "richText" }>
  | Field<{ type: "text" }>
  /** An ISO 3166-1 alpha-2 code, "DE". */
  | Field<{ type: "countryCode" }>
  /** yyyy-mm-dd or "today". */
  | Field<{ type: "dateBound" }>
  /** hh:mm */
  | Field<{ type: "time" }>
  | Field<{ type: "number"; min: number }>
  /** Bytes, edited in megabytes. */
  | Field<{ type: "megabytes" }>
  | Field<{ type: "flag" }>
  | Field<{ type: "oneOf"; values: readonly InputType[] }>
  /** Strings chosen from a list the page knows: the event's prices and vehicles, fixed add-ons, media types. */
  | Field<{ type: "someOf"; from: "priceKeys" | "vehicleKeys" | "addons" | "mediaTypes" }>
  /** `[{ type, priceKey }]`, each type priced by its row in the event's price list. */
  | Field<{ type: "companionTypes" }>
  /** Event days `[1, 2]`. */
  | Field<{ type: "days" }>
  /** The name of another item of the form of one of these kinds. */
  | Field<{ type: "itemName"; kinds: readonly FormItemKind[] }>;

export type OptionFieldType = OptionField["type"];

export type KindEditing = {
  /** The kind's own options, in the order the editor shows them. */
  fields: readonly OptionField[];
  /** The options of a new item of this kind (valid for the kind's schema). */
  starting: Record<string, unknown>;
};

/**
 * The media types the upload code recognises by their bytes (server/uploads/sniff-media-type.ts,
 * which core may not import): an `accept` entry outside this list would refuse every file.
 */
export const uploadMediaTypes = ["application/pdf", "image/jpeg", "image/png", "video/mp4", "video/quicktime", "video/webm", "video/x-matroska"] as const;
/** The add-ons a vehicles item may offer (`addonKinds` in core/domain/booking-choices.ts). */
export const vehicleAddons = ["pit_box", "technical_support"] as const;

const choices: OptionField = { key: "choices", type: "choices" };
const textInput: KindEditing = {
  fields: [
    { key: "type", type: "oneOf", values: ["text", "email", "number"] },
    { key: "maxLength", type: "number", min: 1 },
  ],
  starting: {},
};
const country: KindEditing = { fields: [{ key: "default", type: "countryCode" }], starting: {} };
const richText: KindEditing = { fields: [{ key: "html", type: "richText" }], starting: { html: emptyLocalizedText() } };
const upload = (video: boolean): KindEditing => ({
  fields: [
    { key: "accept", type: "someOf", from: "mediaTypes" },
    { key: "maxBytes", type: "megabytes" },
    ...(video ? [{ key: "maxVideoSeconds", type: "number", min: 1 } as const] : []),
  ],
  starting: video
    ? { accept: ["video/mp4", "video/quicktime", "video/webm"], maxBytes: 50 * 1024 * 1024 }
    : { accept: ["application/pdf", "image/jpeg", "image/png"], maxBytes: 10 * 1024 * 1024 },
});
const vehicleFields: OptionField[] = [
  { key: "vehicleKeys", type: "someOf", from: "vehicleKeys" },
  { key: "instructor", type: "flag" },
  { key: "addons", type: "someOf", from: "addons" },
];

export const kindEditing = {
  checkbox: { fields: [{ key: "termsPageSlug", type: "localizedText" }], starting: {} },
  companion: {
    fields: [
      { key: "types", type: "companionTypes" },
      { key: "maxCompanions", type: "number", min: 0 },
    ],
    starting: { types: [], maxCompanions: 1 },
  },
  date: {
    fields: [
      { key: "min", type: "dateBound" },
      { key: "max", type: "dateBound" },
    ],
    starting: {},
  },
  datetime: { fields: [], starting: {} },
  file: upload(false),
  group: { fields: [{ key: "visibleWhen", type: "itemName", kinds: ["checkbox"] }], starting: {} },
  headline: { fields: [], starting: {} },
  html: richText,
  image: {
    fields: [
      { key: "src", type: "text" },
      { key: "alt", type: "localizedText" },
    ],
    starting: { src: "", alt: emptyLocalizedText() },
  },
  input: textInput,
  international_phone: { fields: [{ key: "defaultCountry", type: "countryCode" }], starting: {} },
  multiselect: { fields: [choices], starting: { choices: [] } },
  price_list: { fields: [{ key: "priceKeys", type: "someOf", from: "priceKeys" }], starting: { priceKeys: [] } },
  radio: { fields: [choices], starting: { choices: [] } },
  select: { fields: [choices], starting: { choices: [] } },
  country_select: country,
  nationality_select: country,
  sma: { fields: [choices, { key: "description", type: "localizedText", multiline: true }], starting: { choices: [] } },
  textarea: textInput,
  time: {
    fields: [
      { key: "min", type: "time" },
      { key: "max", type: "time" },
      { key: "stepMinutes", type: "number", min: 1 },
    ],
    starting: {},
  },
  upload: upload(true),
  vehicles: { fields: vehicleFields, starting: { vehicleKeys: [], instructor: false, addons: [] } },
  vehicles_per_day: {
    fields: [{ key: "days", type: "days" }, ...vehicleFields, { key: "copyDay1ToDay2", type: "flag" }],
    starting: { days: [1, 2], vehicleKeys: [], instructor: false, addons: [], copyDay1ToDay2: false },
  },
  wysiwyg: richText,
} satisfies Record<FormItemKind, KindEditing>;

/**
 * Options every kind that takes an answer understands (`baseItemOptions`, `page-rules.ts`): "may be
 * completed later", and "not required when" the booking request (SMA) is ticked.
 */
export const answerOptionFields: readonly OptionField[] = [
  { key: "completableLater", type: "flag" },
  { key: "notRequiredWhen", type: "itemName", kinds: ["sma"] },
];
