import { errorText, proposalFilterPath, saveFile, TOAST_MS, type ProposalFilters } from '@consig/shared';
import { apiDownload } from '@consig/shared/query';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';

export const CSV_FILE_NAME = 'propostas.csv';

/** GET /crm/proposta/csv/… (the list's filters and path shape, product-spec §7): saved as propostas.csv. */
export async function exportProposalsCsv(filters: ProposalFilters) {
  const { blob } = await apiDownload(proposalFilterPath('/crm/proposta/csv', filters));
  saveFile(blob, CSV_FILE_NAME);
}

/** The export as a write: one at a time (the icon is disabled while it runs), its failure (the server's text) as an error toast. */
export const useExportProposalsCsv = () =>
  useMutation({
    mutationFn: exportProposalsCsv,
    onError: (error) => {
      toast.error(errorText(error), { duration: TOAST_MS.screens });
    },
  });
