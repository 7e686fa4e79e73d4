import { ratesResponse } from '@consig/shared';
import { apiGet, rateKeys, useApiQuery, type RequestConfig } from '@consig/shared/query';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';

/** The list's filters as the address would carry them; left out: every one. */
export interface RateFilters {
  ID_TipoCredito?: number;
  /** Exactly this bank's rates (not the any-bank ones). */
  ID_Banco?: number;
}

/**
 * GET /cadastros/taxas (managers): the company's rates by type, the any-bank ones first, newest day first, each with
 * its state today and the cap in force on its day.
 */
export const getRates = (filters: RateFilters, config?: RequestConfig) =>
  apiGet('/cadastros/taxas', ratesResponse, { ...config, search: { ...filters } });

export const getRatesQueryOptions = (filters: RateFilters) =>
  queryOptions({
    queryKey: rateKeys.list(filters),
    queryFn: ({ signal }) => getRates(filters, { signal }),
    // A new filter keeps the last list on screen until its own arrives.
    placeholderData: keepPreviousData,
  });

export const useRates = (filters: RateFilters) => useApiQuery(getRatesQueryOptions(filters));
