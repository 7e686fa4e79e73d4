import { useStatusSummary } from './api/getStatusSummary';
import { FilterPanel } from './filters/FilterPanel';
import { StatusFilter } from './filters/StatusFilter';
import { useFollowupFilters } from './filters/useFollowupFilters';
import { ProposalsPanel } from './proposals/ProposalsPanel';
import './followup.css';

/** The follow-up screen, read-only for now: filters on the left, the proposals on the right. */
export function FollowupScreen() {
  const filters = useFollowupFilters();
  const statuses = useStatusSummary({ startDate: filters.startDate, endDate: filters.endDate });
  // The spec's Total counts the listed proposals. The proposal list arrives in a later issue; until then
  // the sum of the per-status counts stands in for it.
  const total = (statuses.data ?? []).reduce((sum, status) => sum + status.NU_Quantidade, 0);

  return (
    <div className="fu-screen">
      <FilterPanel total={total}>
        <StatusFilter filters={filters} statuses={statuses.data} loading={statuses.isPending} slow={statuses.isSlow} />
      </FilterPanel>
      <ProposalsPanel />
    </div>
  );
}
