import type { ReactNode } from "react";
import { useTranslation } from "../../../utils/use-translation";
import type { BookingView } from "../../../../core/contracts/bookings";
import type { FieldErrors } from "../../../../core/contracts/errors";
import type { PublicFormItem } from "../../../../core/contracts/forms";
import { formatMoney } from "../../../../core/domain/money";
import { answerField, type PageAnswer } from "../../../utils/booking-field-names";
import { useLocale } from "../../../utils/locale";
import type { UploadedFile } from "../upload-field";

/** What one day of a multi-day event has left of each per-day resource (vehicles, instructors). */
export type DayStock = { day: number; label: string; resources: { key: string; stock: number | null; used: number }[] };

export type CountryOption = { code: string; name: string };
/** A price as the booking page shows it; `free`: nothing to pay, shown as "included" (issue 32). */
export type FormattedPrice = { kind: string; key: string; label: string; amount: string; per_day: boolean; free: boolean };

/** What the booking page gives every item it renders. */
export type BookingPageContext = {
  booking: BookingView;
  /** The operator's calendar date ("today" bounds of date items). */
  today: string;
  countries: CountryOption[];
  prices: FormattedPrice[];
  stock: DayStock[];
  uploads: UploadedFile[];
  /** Where the upload items send their files; the draft's own endpoint unless a page says otherwise ("manage my booking"). */
  uploadUrl?: string | undefined;
  participantErrors: Record<string, FieldErrors>;
  /** The staff preview (decision 039): nothing is stored, so the upload items take no file. */
  preview?: boolean | undefined;
  /** Items hidden by an unticked checkbox (`visibleWhen`). */
  hidden: Set<string>;
  /** The visitor changed this item: its shown error goes. */
  onEdit: (itemUuid: string) => void;
  /** The booking's total as the page stands (formatted), shown by the vehicle choices on phones; none where no price shows. */
  runningTotal?: string | null | undefined;
  /** A choice changed that moves the price or the stock counters. */
  onChoicesChange: (itemUuid: string) => void;
  onParticipantEdit: (participantUuid: string, field: string) => void;
  /** Renders an item of the page (a group renders its children with it). */
  renderItem: (item: PublicFormItem) => ReactNode;
  childrenOf: (group: PublicFormItem) => PublicFormItem[];
};

export type KindRenderProps = { item: PublicFormItem; error?: string | undefined; page: BookingPageContext };

/**
 * The web half of a form item kind: how it is shown and how its answer reads back from the posted
 * page (`null`: its answer does not come with the post, or it takes none).
 */
export type FormItemKindRenderer = {
  Render: (props: KindRenderProps) => ReactNode;
  readAnswer: ((form: FormData, item: PublicFormItem) => PageAnswer) | null;
  /** Containers stay in the page while hidden, so their children's fields keep their place. */
  container?: boolean;
  /** Its answer is saved by its own request the moment it is given (an upload), not by the page's post. */
  savesItself?: boolean;
};

/** The answer of a plain text-like control ("" when the field was not sent). */
export const readText = (form: FormData, item: PublicFormItem): PageAnswer => {
  const value = form.get(answerField(item.uuid));
  return typeof value === "string" ? value : "";
};

export const text = (value: unknown) => (typeof value === "string" ? value : "");
export const stringOption = (item: PublicFormItem, key: string) => (typeof item.options[key] === "string" ? (item.options[key] as string) : undefined);
export const isTicked = (value: unknown) => value === true || value === "true" || value === "on";

/** One offered choice; `priceCents` when picking it adds to the price (decision 042). */
export type Choice = { value: string; label: string; priceCents?: number };
export function choicesOf(item: PublicFormItem): Choice[] {
  const choices = item.options.choices;
  if (!Array.isArray(choices)) return [];
  return choices.flatMap((choice): Choice[] =>
    choice && typeof choice === "object" && typeof choice.value === "string" && typeof choice.label === "string"
      ? [
          {
            value: choice.value,
            label: choice.label,
            ...(typeof choice.price_cents === "number" && choice.price_cents > 0 ? { priceCents: choice.price_cents } : {}),
          },
        ]
      : [],
  );
}

/**
 * A choice's text with what it adds to the price: "Lunch package (+ €45.00)". Plain text, so a
 * select's option and a radio's label read the same, also to screen readers.
 */
export function useChoiceText(): (choice: Choice) => string {
  const { t } = useTranslation();
  const locale = useLocale();
  return (choice) => (choice.priceCents ? `${choice.label} ${t("booking.choicePrice", { amount: formatMoney(choice.priceCents, locale) })}` : choice.label);
}
