import { errorText, saveFile, TOAST_MS, type AuditFilterQuery } from '@consig/shared';
import { apiDownload, auditKeys } from '@consig/shared/query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';

/** The file's name when the answer names none (its Content-Disposition does). */
export const AUDIT_CSV_FALLBACK_NAME = 'auditoria.csv';

/** GET /cadastros/auditoria/csv with the list's filters: the CSV (UTF-8 with BOM, ';') saved under the API's name. */
export async function exportAuditCsv(filters: AuditFilterQuery) {
  const { blob, fileName } = await apiDownload('/cadastros/auditoria/csv', { search: { ...filters } });
  saveFile(blob, fileName ?? AUDIT_CSV_FALLBACK_NAME);
}

/**
 * The export as a write: one at a time (the button is disabled while it runs), its failure as an error toast. The
 * export is itself audited, so the list is read again to show it.
 */
export function useExportAuditCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exportAuditCsv,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: auditKeys.all }),
    onError: (error) => {
      toast.error(errorText(error), { duration: TOAST_MS.screens });
    },
  });
}
