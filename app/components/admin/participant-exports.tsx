import { participantFilters } from "../../../core/domain/booking-status";
import { useTranslation } from "../../utils/use-translation";

export type ExportFile = {
  key: "exportCsv" | "exportCsvExcel" | "exportXlsx" | "exportPdf";
  /** The file's address without a query: the form adds whom to list (and the CSV's dialect). */
  action: string;
  dialect?: "rfc4180" | "excel-de";
};

const control =
  "rounded-full border border-navy-900/20 bg-white px-3 py-1.5 text-sm text-ink outline-none focus:border-navy-700 focus:ring-2 focus:ring-navy-700/20";

/**
 * An event's participant list as files (decision 029): whom to list (active bookings by default, the
 * cancelled, rejected and expired ones, or everyone), then one button per format. A plain GET form,
 * not the router's: each button sends the choice to its file's address and the browser downloads the
 * answer; it works before scripts load.
 */
export function ParticipantExports({ files, event }: { files: readonly ExportFile[]; event: { uuid: string; title: string; dates: string } }) {
  const { t } = useTranslation();
  const selectId = `export-status-${event.uuid}`;
  return (
    <form method="get" action={files[0]?.action} className="flex flex-wrap items-center gap-2">
      <label htmlFor={selectId} className="text-sm text-ink-soft">
        {t("admin.dashboard.exportWhom")}
        <span className="sr-only">
          {" "}
          ({event.title}, {event.dates})
        </span>
      </label>
      <select id={selectId} name="status" defaultValue="active" className={`${control} min-w-0 max-w-full`}>
        {participantFilters.map((filter) => (
          <option key={filter} value={filter}>
            {t(`staffExport.filter.${filter}`)}
          </option>
        ))}
      </select>
      <ul className="flex flex-wrap gap-2">
        {files.map((file) => (
          <li key={file.key}>
            <button
              type="submit"
              formAction={file.action}
              {...(file.dialect ? { name: "dialect", value: file.dialect } : {})}
              aria-label={t("admin.dashboard.exportOf", { format: t(`admin.dashboard.${file.key}`), event: event.title, dates: event.dates })}
              className="inline-flex rounded-full px-3 py-1 text-sm font-semibold text-navy-800 ring-1 ring-inset ring-navy-800/30 hover:bg-navy-50"
            >
              {t(`admin.dashboard.${file.key}`)}
            </button>
          </li>
        ))}
      </ul>
    </form>
  );
}
