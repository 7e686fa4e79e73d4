import { FLOOR_STATE_LABELS, FLOOR_STATES, type FloorAttendant } from '@consig/shared';
import { useId } from 'react';
import { campaignsOf, type FloorFilters } from './floorRows';

interface Props {
  rows: readonly FloorAttendant[];
  filters: FloorFilters;
  onChange: (filters: FloorFilters) => void;
}

/**
 * 'Campanha' (the campaigns the rows work on) and 'Estado'. A chosen campaign nobody works on any more stays
 * listed, so the select still says what the table is filtered by.
 */
export function FloorFiltersBar({ rows, filters, onChange }: Props) {
  const campaignId = useId();
  const stateId = useId();
  const campaigns = campaignsOf(rows);
  if (filters.campaign && !campaigns.some((campaign) => campaign.id === filters.campaign?.id)) campaigns.push(filters.campaign);

  return (
    <div className="rp-filters">
      <div className="rp-filter">
        <label htmlFor={campaignId}>Campanha</label>
        <select
          id={campaignId}
          value={filters.campaign?.id ?? ''}
          onChange={(event) => {
            const id = Number(event.target.value);
            onChange({ ...filters, campaign: campaigns.find((campaign) => campaign.id === id) ?? null });
          }}
        >
          <option value="">Todas</option>
          {campaigns.map((campaign) => (
            <option key={campaign.id} value={campaign.id}>
              {campaign.name}
            </option>
          ))}
        </select>
      </div>
      <div className="rp-filter">
        <label htmlFor={stateId}>Estado</label>
        <select
          id={stateId}
          value={filters.state ?? ''}
          onChange={(event) => onChange({ ...filters, state: FLOOR_STATES.find((state) => state === event.target.value) ?? null })}
        >
          <option value="">Todos</option>
          {FLOOR_STATES.map((state) => (
            <option key={state} value={state}>
              {FLOOR_STATE_LABELS[state]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
