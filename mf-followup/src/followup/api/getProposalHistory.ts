import { proposalHistoryResponse } from '@consig/shared';
import { apiGet, proposalKeys, useApiQuery, type RequestConfig } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /crm/proposta/{id}/historico: the proposal's status changes, oldest first (who, when, from, to). */
export const getProposalHistory = (proposalId: number, config?: RequestConfig) =>
  apiGet(`/crm/proposta/${proposalId}/historico`, proposalHistoryResponse, config);

export const getProposalHistoryQueryOptions = (proposalId: number) =>
  queryOptions({ queryKey: proposalKeys.history(proposalId), queryFn: ({ signal }) => getProposalHistory(proposalId, { signal }) });

export const useProposalHistory = (proposalId: number) => useApiQuery(getProposalHistoryQueryOptions(proposalId));
