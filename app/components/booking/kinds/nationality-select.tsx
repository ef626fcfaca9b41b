import { CountryField } from "./country-select";
import { readText, type FormItemKindRenderer } from "./kind-renderer";

export const nationalitySelect = { Render: (props) => <CountryField {...props} />, readAnswer: readText } satisfies FormItemKindRenderer;
