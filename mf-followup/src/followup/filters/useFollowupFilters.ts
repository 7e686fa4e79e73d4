import { toIsoDate } from '@consig/shared';
import { useSearchParams } from 'react-router-dom';

/** Status id meaning "no status selected" (product-spec §2: clicking the selected status clears it to 0). */
export const NO_STATUS = 0;

/** Clicking a status selects it; clicking the selected one again clears the selection. */
export const toggledStatus = (selected: number, clicked: number) => (selected === clicked ? NO_STATUS : clicked);

/**
 * The filters live in the address (`?status=20&inicio=2026-03-01&fim=2026-03-15`), so a copied link or a
 * reload reopens them. Absent dates mean today (product-spec §2); an empty one (`inicio=`) is an input the
 * user cleared, an open end.
 */
const FILTER_PARAMS = { status: 'status', startDate: 'inicio', endDate: 'fim' } as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filters a query string holds; anything malformed falls back to the default. */
export function readFilters(params: URLSearchParams, today = toIsoDate()) {
  const status = params.get(FILTER_PARAMS.status);
  const date = (name: string) => {
    const value = params.get(name);
    if (value === null) return today;
    return value === '' || ISO_DATE.test(value) ? value : today;
  };
  return {
    statusId: status !== null && /^\d+$/.test(status) ? Number(status) : NO_STATUS,
    startDate: date(FILTER_PARAMS.startDate),
    endDate: date(FILTER_PARAMS.endDate),
  };
}

/** The follow-up filters: dates are `<input type="date">` values (yyyy-mm-dd), today by default. */
export function useFollowupFilters() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);

  // Filters replace the history entry: Back leaves the screen rather than undoing one click at a time.
  const set = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  return {
    ...filters,
    toggleStatus: (clicked: number) => {
      const status = toggledStatus(filters.statusId, clicked);
      set(FILTER_PARAMS.status, status === NO_STATUS ? null : String(status));
    },
    setStartDate: (value: string) => set(FILTER_PARAMS.startDate, value),
    setEndDate: (value: string) => set(FILTER_PARAMS.endDate, value),
  };
}

export type FollowupFilters = ReturnType<typeof useFollowupFilters>;
