import { errorText, saveFile, TOAST_MS, type ReportQuery } from '@consig/shared';
import { apiDownload } from '@consig/shared/query';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';

/** The file's name when the answer names none (its Content-Disposition does). */
export const reportCsvFallbackName = ({ inicio, fim }: ReportQuery) => `relatorio-${inicio}-a-${fim}.csv`;

/** GET /relatorios/periodo/csv with the report's own query: the CSV (UTF-8 with BOM, ';') saved under the API's name. */
export async function exportPeriodReportCsv(query: ReportQuery) {
  const { blob, fileName } = await apiDownload('/relatorios/periodo/csv', { search: query });
  saveFile(blob, fileName ?? reportCsvFallbackName(query));
}

/** The export as a write: one at a time (the button is disabled while it runs), its failure (the server's text) as an error toast. */
export const useExportPeriodReportCsv = () =>
  useMutation({
    mutationFn: exportPeriodReportCsv,
    onError: (error) => {
      toast.error(errorText(error), { duration: TOAST_MS.screens });
    },
  });
