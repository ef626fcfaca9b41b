import { controlClasses, ItemFrame } from "../item-frame";
import { controlProps, frameProps } from "./controls";
import { readText, stringOption, text, type FormItemKindRenderer } from "./kind-renderer";

/** Browser autofill for the address fields: nobody types their address twice. */
function autoCompleteOf(name: string): string | undefined {
  const field = name.replace(/^(main|billing)\./, "");
  const section = name.startsWith("billing.") ? "billing " : "";
  const tokens: Record<string, string> = {
    forename: "given-name",
    surname: "family-name",
    name: "name",
    company: "organization",
    street: "address-line1",
    address_line_2: "address-line2",
    postcode: "postal-code",
    city: "address-level2",
    email: "email",
    fax: "fax tel",
  };
  const token = tokens[field];
  return token ? `${section}${token}` : undefined;
}

/** No `maxLength` attribute: it cuts a pasted name silently; the page's check says what is too long instead (decision 026). */
export const input = {
  Render: ({ item, error, page }) => {
    const type = stringOption(item, "type");
    return (
      <ItemFrame {...frameProps(item, error)}>
        <input
          {...controlProps(item, error, page.onEdit)}
          type={type === "email" ? "email" : "text"}
          inputMode={type === "number" ? "decimal" : undefined}
          autoComplete={autoCompleteOf(item.name)}
          defaultValue={text(page.booking.answers[item.uuid])}
          className={controlClasses(error)}
        />
      </ItemFrame>
    );
  },
  readAnswer: readText,
} satisfies FormItemKindRenderer;
