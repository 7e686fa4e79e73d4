import { TOAST_MS, type ProposalStatusChange } from '@consig/shared';
import { apiSend, proposalKeys, useApiMutation } from '@consig/shared/query';

/**
 * PUT /crm/proposta: sent as soon as the row's dropdown changes (product-spec §4 "Proposal status"); the
 * answer's `message` is the text shown (product-spec §8).
 */
export const changeProposalStatus = (change: ProposalStatusChange) =>
  apiSend({ method: 'put', path: '/crm/proposta', body: change, textField: 'message' });

/**
 * The change, then the counts per status, the list (a status filter may now exclude the row) and the
 * proposal's history ('Resumo da Proposta') read again.
 */
export const useChangeProposalStatus = () =>
  useApiMutation({
    mutationFn: changeProposalStatus,
    toastDuration: TOAST_MS.screens,
    invalidates: [proposalKeys.statusSummaries(), proposalKeys.list(), proposalKeys.histories()],
  });
