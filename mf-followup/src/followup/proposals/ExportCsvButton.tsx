import { FileDownIcon, type ProposalFilters } from '@consig/shared';
import { useExportProposalsCsv } from '../api/exportProposalsCsv';

/** The panel's CSV export icon: the proposals of the current filters as propostas.csv, one download at a time. */
export function ExportCsvButton({ filters }: { filters: ProposalFilters }) {
  const exporting = useExportProposalsCsv();
  return (
    <button
      type="button"
      className="fu-icon-button"
      title="Exportar CSV"
      aria-label="Exportar CSV"
      aria-busy={exporting.isPending}
      disabled={exporting.isPending}
      onClick={() => exporting.mutate(filters)}
    >
      {exporting.isPending ? (
        <span className="consig-spinner fu-spinner--inline" aria-hidden="true" />
      ) : (
        <span className="fu-export-label" aria-hidden="true">
          <FileDownIcon size={16} /> CSV
        </span>
      )}
    </button>
  );
}
