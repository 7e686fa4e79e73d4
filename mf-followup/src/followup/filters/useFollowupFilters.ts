import { NO_FILTER, toIsoDate, type ProposalFilters } from '@consig/shared';
import { compactDate } from '@consig/shared/format';
import { useSearchParams } from 'react-router-dom';

/** Status id meaning "no status selected" (product-spec §2: clicking the selected status clears it to 0). */
export const NO_STATUS = NO_FILTER;

/** Clicking a status selects it; clicking the selected one again clears the selection. */
export const toggledStatus = (selected: number, clicked: number) => (selected === clicked ? NO_STATUS : clicked);

/**
 * The filters live in the address (`?status=20&banco=341&atendente=7&indicador=3&inicio=2026-03-01&fim=2026-03-15`),
 * so a copied link or a reload reopens them. Ids left out are 'Selecione' (0); absent dates mean today
 * (product-spec §2); an empty one (`inicio=`) is a date the user cleared, an open end.
 */
export const FILTER_PARAMS = {
  statusId: 'status',
  bankId: 'banco',
  attendantId: 'atendente',
  indicatorId: 'indicador',
  startDate: 'inicio',
  endDate: 'fim',
} as const;

export type IdFilter = 'statusId' | 'bankId' | 'attendantId' | 'indicatorId';

export interface FilterValues extends Record<IdFilter, number> {
  /** ISO day (yyyy-mm-dd) or '' for an open end. */
  startDate: string;
  endDate: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The range's texts under the date typed last (the API's own text for the end: product-spec §5 "Date filters"). */
export const END_BEFORE_START = 'A data final não pode ser anterior à inicial.';
export const START_AFTER_END = 'A data inicial não pode ser posterior à final.';

/** ISO days ('' an open end) compare as text; an open end is in order with anything. */
export const inOrder = (start: string, end: string) => start === '' || end === '' || start <= end;
const ID = /^\d{1,9}$/;

/** The filters a query string holds; anything malformed falls back to the default. */
export function readFilters(params: URLSearchParams, today = toIsoDate()): FilterValues {
  const id = (name: string) => {
    const value = params.get(name);
    return value !== null && ID.test(value) ? Number(value) : NO_FILTER;
  };
  const date = (name: string) => {
    const value = params.get(name);
    if (value === null) return today;
    return value === '' || ISO_DATE.test(value) ? value : today;
  };
  // A range out of order (a hand-made link) is malformed too: the API would refuse it.
  const [startDate, endDate] = [date(FILTER_PARAMS.startDate), date(FILTER_PARAMS.endDate)];
  const days = inOrder(startDate, endDate) ? { startDate, endDate } : { startDate: today, endDate: today };
  return {
    statusId: id(FILTER_PARAMS.statusId),
    bankId: id(FILTER_PARAMS.bankId),
    attendantId: id(FILTER_PARAMS.attendantId),
    indicatorId: id(FILTER_PARAMS.indicatorId),
    ...days,
  };
}

/** The query string with one filter changed; 0 ('Selecione') leaves the id out, so links stay short. */
export function withFilter(params: URLSearchParams, name: keyof FilterValues, value: string | number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === NO_FILTER) next.delete(FILTER_PARAMS[name]);
  else next.set(FILTER_PARAMS[name], String(value));
  return next;
}

/** What the list, the Total and the CSV export ask the API for: compact days (product-spec §5 "Date filters"). */
export const proposalFiltersOf = (filters: FilterValues): ProposalFilters => ({
  status: filters.statusId,
  bank: filters.bankId,
  attendant: filters.attendantId,
  indicator: filters.indicatorId,
  start: compactDate(filters.startDate) || undefined,
  end: compactDate(filters.endDate) || undefined,
});

/** The follow-up filters, read from and written to the address. */
export function useFollowupFilters() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);

  // Filters replace the history entry: Back leaves the screen rather than undoing one click at a time.
  const set = (name: keyof FilterValues, value: string | number) =>
    setParams((current) => withFilter(current, name, value), { replace: true });

  return {
    ...filters,
    toggleStatus: (clicked: number) => set('statusId', toggledStatus(filters.statusId, clicked)),
    setId: (name: Exclude<IdFilter, 'statusId'>, id: number) => set(name, id),
    setStartDate: (value: string) => set('startDate', value),
    setEndDate: (value: string) => set('endDate', value),
  };
}

export type FollowupFilters = ReturnType<typeof useFollowupFilters>;
