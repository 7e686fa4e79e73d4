import type { StatusSummaryItem } from '@consig/shared';
import { QueryLoading } from '@consig/shared/query';
import { useId } from 'react';
import { DateInput } from './DateInput';
import { END_BEFORE_START, inOrder, START_AFTER_END, type FollowupFilters } from './useFollowupFilters';

interface Props {
  filters: FollowupFilters;
  statuses: StatusSummaryItem[] | undefined;
  loading: boolean;
  slow: boolean;
}

/** 'Clientes por status': the date range and the statuses with their counts, one of which can be selected. */
export function StatusFilter({ filters, statuses = [], loading, slow }: Props) {
  const titleId = useId();

  return (
    <section className="fu-filter" aria-labelledby={titleId}>
      <h3 id={titleId}>Clientes por status</h3>
      <div className="fu-dates">
        <DateInput
          label="Data inicial"
          value={filters.startDate}
          onChange={filters.setStartDate}
          refuse={(start) => (inOrder(start, filters.endDate) ? null : START_AFTER_END)}
        />
        <DateInput
          label="Data final"
          value={filters.endDate}
          onChange={filters.setEndDate}
          refuse={(end) => (inOrder(filters.startDate, end) ? null : END_BEFORE_START)}
        />
      </div>
      {loading ? (
        <QueryLoading slow={slow} />
      ) : (
        <ul className="fu-statuses">
          {statuses.map((status) => {
            const selected = status.ID_Status === filters.statusId;
            return (
              <li key={status.ID_Status}>
                <button
                  type="button"
                  className={`fu-status${selected ? ' fu-status--selected' : ''}`}
                  aria-pressed={selected}
                  onClick={() => filters.toggleStatus(status.ID_Status)}
                >
                  <span>{status.DE_Status}</span>
                  <span className="consig-badge">{status.NU_Quantidade}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
