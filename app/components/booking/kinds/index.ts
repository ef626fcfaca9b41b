import type { FormItemKind } from "../../../../core/forms/kinds";
import { checkbox } from "./checkbox";
import { companion } from "./companion";
import { countrySelect } from "./country-select";
import { date } from "./date";
import { datetime } from "./datetime";
import { file } from "./file";
import { group } from "./group";
import { headline } from "./headline";
import { html } from "./html";
import { image } from "./image";
import { input } from "./input";
import { internationalPhone } from "./international-phone";
import type { FormItemKindRenderer } from "./kind-renderer";
import { multiselect } from "./multiselect";
import { nationalitySelect } from "./nationality-select";
import { priceList } from "./price-list";
import { radio } from "./radio";
import { select } from "./select";
import { sma } from "./sma";
import { textarea } from "./textarea";
import { time } from "./time";
import { upload } from "./upload";
import { vehicles } from "./vehicles";
import { vehiclesPerDay } from "./vehicles-per-day";
import { wysiwyg } from "./wysiwyg";

export type { BookingPageContext, CountryOption, FormattedPrice, FormItemKindRenderer, KindRenderProps } from "./kind-renderer";

/**
 * How each form item kind is shown and read back from the posted page: the web's half of
 * `core/forms/kinds`. A kind missing here is a compile error (and fails tests/unit/form-item-kinds.test.ts).
 */
export const formItemRenderers = {
  checkbox,
  companion,
  date,
  datetime,
  file,
  group,
  headline,
  html,
  image,
  input,
  international_phone: internationalPhone,
  multiselect,
  price_list: priceList,
  radio,
  select,
  country_select: countrySelect,
  nationality_select: nationalitySelect,
  sma,
  textarea,
  time,
  upload,
  vehicles,
  vehicles_per_day: vehiclesPerDay,
  wysiwyg,
} satisfies Record<FormItemKind, FormItemKindRenderer>;
