import { proposalFilterPath, proposalListResponse, type ProposalFilters } from '@consig/shared';
import { apiGetAnswer, proposalKeys, type RequestConfig } from '@consig/shared/query';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

/**
 * GET /crm/proposta/{status}/{bank}/{attendant}/{indicator}[/0/{start}[/{end}]]?cursor=: one page of
 * PROPOSAL_PAGE_SIZE proposals, newest typed first; `cursor` is the previous page's TX_Proximo (keyset
 * paging, as fast on the thousandth page as on the first). The whole answer: the page (`data`), the panel's
 * Total (NU_Total) and the next page's cursor (TX_Proximo).
 */
export const getProposals = (filters: ProposalFilters, cursor?: string, config?: RequestConfig) =>
  apiGetAnswer(proposalFilterPath('/crm/proposta', filters), proposalListResponse, { ...config, search: { cursor } });

export const getProposalsQueryOptions = (filters: ProposalFilters) =>
  infiniteQueryOptions({
    queryKey: proposalKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getProposals(filters, pageParam, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.TX_Proximo ?? undefined,
  });

export const useProposals = (filters: ProposalFilters) => useInfiniteQuery(getProposalsQueryOptions(filters));
