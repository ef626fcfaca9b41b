import { parseDate, type CalendarDate } from "@internationalized/date";
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  I18nProvider,
  Label,
  Popover,
} from "react-aria-components";
import { useTranslation } from "../../../utils/use-translation";
import { dateBoundsOf, isRealDate } from "../../../../core/forms/kinds/plain-options";
import { intlLocaleTags } from "../../../../core/i18n/locales";
import { useLocale } from "../../../utils/locale";
import { controlClasses, describedBy, ErrorText, Hint, RequiredMark } from "../item-frame";
import { controlProps } from "./controls";
import type { KindRenderProps } from "./kind-renderer";

const calendarDateOf = (value: string): CalendarDate | null => (isRealDate(value) ? parseDate(value) : null);

/**
 * The date item once the visitor interacts with the page (decision 052): React Aria's date picker in
 * the page's language (dd.mm.yyyy on German pages, dd/mm/yyyy on English ones) with a calendar. It
 * posts yyyy-mm-dd under the item's name (the picker's hidden input), so the server reads it as
 * before. `value`: what the native field held; `autoFocus` when it had the focus.
 */
export function DatePickerItem({ item, error, page, value, autoFocus }: KindRenderProps & { value: string; autoFocus: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { min, max } = dateBoundsOf(item, page.today);
  const id = `item-${item.uuid}`;
  return (
    <I18nProvider locale={intlLocaleTags[locale]}>
      {/* The error summary's link leads here (the native field it replaced had this id). */}
      <div id={id} tabIndex={-1} className="outline-none">
        <DatePicker
          name={controlProps(item, error, page.onEdit).name}
          defaultValue={calendarDateOf(value)}
          autoFocus={autoFocus}
          minValue={min ? calendarDateOf(min) : undefined}
          maxValue={max ? calendarDateOf(max) : undefined}
          isRequired={item.required}
          isInvalid={Boolean(error)}
          validationBehavior="aria"
          shouldForceLeadingZeros
          aria-describedby={describedBy(id, error, item.help)}
          onChange={() => page.onEdit(item.uuid)}
          className="group"
        >
          <Label className="block text-sm font-semibold text-navy-900">
            {item.label}
            <RequiredMark required={item.required} />
          </Label>
          <Group
            className={`${controlClasses(error)} flex items-center justify-between gap-2 py-2 focus-within:border-navy-700 focus-within:ring-2 focus-within:ring-navy-700/20`}
          >
            <DateInput className="flex flex-1 tabular-nums">
              {(segment) => (
                <DateSegment
                  segment={segment}
                  className="inline-block min-w-7 rounded px-0.5 py-0.5 text-center outline-none data-[placeholder]:text-ink-soft data-[type=literal]:min-w-0 data-[type=literal]:px-0 focus:bg-navy-800 focus:text-white"
                />
              )}
            </DateInput>
            <Button
              aria-label={t("booking.date.open")}
              className="-my-1 flex h-9 w-9 items-center justify-center rounded-md text-navy-800 outline-none hover:bg-navy-50 focus-visible:ring-2 focus-visible:ring-navy-700"
            >
              <CalendarIcon />
            </Button>
          </Group>
          <Hint id={id} help={item.help} />
          <ErrorText id={id} error={error} />
          <Popover placement="bottom start" className="rounded-xl bg-white p-3 shadow-lg ring-1 ring-navy-900/15">
            <Dialog aria-label={item.label} className="outline-none">
              <Calendar>
                <header className="mb-2 flex items-center justify-between gap-2">
                  <Button
                    slot="previous"
                    className="flex h-9 w-9 items-center justify-center rounded-md text-navy-800 hover:bg-navy-50 focus-visible:ring-2 focus-visible:ring-navy-700"
                  >
                    ‹
                  </Button>
                  <Heading className="text-sm font-semibold text-navy-900" />
                  <Button
                    slot="next"
                    className="flex h-9 w-9 items-center justify-center rounded-md text-navy-800 hover:bg-navy-50 focus-visible:ring-2 focus-visible:ring-navy-700"
                  >
                    ›
                  </Button>
                </header>
                <CalendarGrid className="text-sm [&_th]:pb-1 [&_th]:text-xs [&_th]:font-medium [&_th]:text-ink-soft">
                  {(date) => (
                    <CalendarCell
                      date={date}
                      className="m-0.5 flex h-9 w-9 items-center justify-center rounded-full text-ink outline-none hover:bg-navy-50 focus-visible:ring-2 focus-visible:ring-navy-700 data-[disabled]:text-ink-soft/60 data-[outside-month]:hidden data-[selected]:bg-navy-800 data-[selected]:text-white data-[unavailable]:line-through"
                    />
                  )}
                </CalendarGrid>
              </Calendar>
            </Dialog>
          </Popover>
        </DatePicker>
      </div>
    </I18nProvider>
  );
}

function CalendarIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.6">
      <rect x="3" y="4.5" width="14" height="12.5" rx="2" />
      <path d="M3 8.5h14M7 2.5v4M13 2.5v4" strokeLinecap="round" />
    </svg>
  );
}
