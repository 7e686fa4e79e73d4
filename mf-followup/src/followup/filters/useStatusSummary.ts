import type { StatusSummaryItem } from '@consig/shared';
import { useApiQuery } from '@consig/shared/query';

/** GET /crm/proposta/status: each proposal status with how many proposals hold it. */
export const useStatusSummary = () => useApiQuery<StatusSummaryItem[]>('/crm/proposta/status');
