import { toIsoDate } from '@consig/shared';
import { useState } from 'react';

/** Status id meaning "no status selected" (product-spec §2: clicking the selected status clears it to 0). */
export const NO_STATUS = 0;

/** Clicking a status selects it; clicking the selected one again clears the selection. */
export const toggledStatus = (selected: number, clicked: number) => (selected === clicked ? NO_STATUS : clicked);

/** The follow-up filters. Dates are `<input type="date">` values (yyyy-mm-dd), today by default. */
export function useFollowupFilters() {
  const [statusId, setStatusId] = useState(NO_STATUS);
  const [startDate, setStartDate] = useState(() => toIsoDate());
  const [endDate, setEndDate] = useState(() => toIsoDate());
  return {
    statusId,
    toggleStatus: (clicked: number) => setStatusId((selected) => toggledStatus(selected, clicked)),
    startDate,
    setStartDate,
    endDate,
    setEndDate,
  };
}

export type FollowupFilters = ReturnType<typeof useFollowupFilters>;
