import { proposalKeys } from '@consig/shared/query';

/**
 * The follow-up's reads under the shared `proposalKeys` family, so a write anywhere that refreshes
 * `proposalKeys.all` refreshes them too. The list itself is `proposalKeys.list(filters)`.
 */
export const followupKeys = {
  /** Every list, whatever its filters: what a status change or a deletion makes stale. */
  lists: proposalKeys.list(),
  /** Every period's counts per status (GET /crm/proposta/status). */
  statusSummaries: [...proposalKeys.all, 'status-summary'] as const,
  possibleStatuses: [...proposalKeys.all, 'possible-statuses'] as const,
  bankOptions: [...proposalKeys.all, 'filter-options', 'banks'] as const,
  attendantOptions: [...proposalKeys.all, 'filter-options', 'attendants'] as const,
  indicatorOptions: [...proposalKeys.all, 'filter-options', 'indicators'] as const,
};
