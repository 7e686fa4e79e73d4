import { TOAST_MS } from '@consig/shared';
import { apiSend, proposalKeys, useApiMutation } from '@consig/shared/query';

/** DELETE /crm/proposta/{id}: managers (13) only; the proposal's tickets go with it. */
export const deleteProposal = (proposalId: number) => apiSend({ method: 'delete', path: `/crm/proposta/${proposalId}` });

/** The server's text as a success toast, then the list (and the counts, one fewer) read again (product-spec §7). */
export const useDeleteProposal = () =>
  useApiMutation({
    mutationFn: deleteProposal,
    toastDuration: TOAST_MS.screens,
    invalidates: [proposalKeys.list(), proposalKeys.statusSummaries()],
  });
