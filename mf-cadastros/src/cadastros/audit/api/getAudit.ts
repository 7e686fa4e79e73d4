import { auditListResponse, type AuditFilterQuery } from '@consig/shared';
import { apiGetAnswer, auditKeys, type RequestConfig } from '@consig/shared/query';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';

/**
 * GET /cadastros/auditoria (managers): one page of AUDIT_PAGE_SIZE rows, newest first, with the filters; `cursor` is
 * the previous page's TX_Proximo (keyset paging). The whole answer: the page and the next page's cursor.
 */
export const getAudit = (filters: AuditFilterQuery, cursor?: string, config?: RequestConfig) =>
  apiGetAnswer('/cadastros/auditoria', auditListResponse, { ...config, search: { ...filters, cursor } });

export const getAuditQueryOptions = (filters: AuditFilterQuery) =>
  infiniteQueryOptions({
    queryKey: auditKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getAudit(filters, pageParam, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.TX_Proximo ?? undefined,
    // A new filter keeps the last rows on screen until its own arrive.
    placeholderData: keepPreviousData,
  });

export const useAudit = (filters: AuditFilterQuery) => useInfiniteQuery(getAuditQueryOptions(filters));
