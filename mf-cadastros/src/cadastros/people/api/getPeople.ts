import { peopleResponse } from '@consig/shared';
import { apiGet, peopleKeys, useApiQuery, type RequestConfig } from '@consig/shared/query';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';

/** The list's filters as the address would carry them; left out: every one. */
export interface PeopleFilters {
  q?: string;
  ID_Funcao?: number;
  SN_Ativo?: number;
  SN_Telefonia?: number;
}

/**
 * GET /cadastros/pessoas (supervisors and managers): the company's people sorted by name, `q` in the name or the
 * e-mail, by role, active or not, with telephony or not.
 */
export const getPeople = (filters: PeopleFilters, config?: RequestConfig) =>
  apiGet('/cadastros/pessoas', peopleResponse, { ...config, search: { ...filters } });

export const getPeopleQueryOptions = (filters: PeopleFilters) =>
  queryOptions({
    queryKey: peopleKeys.list(filters),
    queryFn: ({ signal }) => getPeople(filters, { signal }),
    // A new filter keeps the last list on screen until its own arrives.
    placeholderData: keepPreviousData,
  });

export const usePeople = (filters: PeopleFilters) => useApiQuery(getPeopleQueryOptions(filters));
