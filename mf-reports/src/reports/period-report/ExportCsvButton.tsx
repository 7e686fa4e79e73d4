import { FileDownIcon, type ReportQuery } from '@consig/shared';
import { useExportPeriodReportCsv } from './api/exportPeriodReportCsv';

/** 'Exportar CSV': the report shown, with its own filters, as the API's CSV; disabled while there is none. */
export function ExportCsvButton({ query }: { query: ReportQuery | null }) {
  const exporting = useExportPeriodReportCsv();
  return (
    <button
      type="button"
      className="consig-button consig-button--ghost rp-export"
      aria-busy={exporting.isPending}
      disabled={query === null || exporting.isPending}
      onClick={() => query && exporting.mutate(query)}
    >
      {exporting.isPending ? (
        <span className="consig-spinner consig-spinner--inline" aria-hidden="true" />
      ) : (
        <FileDownIcon size={16} aria-hidden="true" />
      )}{' '}
      Exportar CSV
    </button>
  );
}
