import { api, answerStatus, errorText, proposalFilterPath, saveFile, TOAST_MS, type ProposalFilters } from '@consig/shared';
import { ApiFailure, answerText } from '@consig/shared/query';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';

export const CSV_FILE_NAME = 'propostas.csv';

/**
 * An error answer to a blob request arrives as a Blob too: its JSON text holds the server's message, which
 * is what the user is shown (product-spec §8, CSV export).
 */
async function failureOf(error: unknown): Promise<unknown> {
  const status = answerStatus(error);
  const body = (error as { response?: { data?: unknown } }).response?.data;
  if (status === undefined || !(body instanceof Blob)) return error;
  try {
    return new ApiFailure(answerText(JSON.parse(await body.text())) || errorText(error), status);
  } catch {
    return new ApiFailure(errorText(error), status);
  }
}

/** GET /crm/proposta/csv/… (the list's filters and path shape, product-spec §7): saved as propostas.csv. */
export async function exportProposalsCsv(filters: ProposalFilters) {
  try {
    const response = await api.get<Blob>(proposalFilterPath('/crm/proposta/csv', filters), { responseType: 'blob' });
    saveFile(response.data, CSV_FILE_NAME);
  } catch (error) {
    throw await failureOf(error);
  }
}

/** The export as a write: one at a time (the icon is disabled while it runs), its failure as an error toast. */
export const useExportProposalsCsv = () =>
  useMutation({
    mutationFn: exportProposalsCsv,
    onError: (error) => {
      toast.error(errorText(error), { duration: TOAST_MS.screens });
    },
  });
