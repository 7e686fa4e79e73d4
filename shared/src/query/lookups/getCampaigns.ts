import { campaignsResponse } from '@consig/shared';
import { queryOptions } from '@tanstack/react-query';
import { campaignKeys } from '../keys';
import { apiGet, type RequestConfig } from '../request';
import { useApiQuery } from '../useApiQuery';

/**
 * GET /cadastro/campanhas: the company's campaigns, newest first (every role may read them). The reports' campaign
 * filter reads them here; the key is the campaign list's own (`campaignKeys.list()`), so a campaign written
 * anywhere refreshes it and both screens share one cache entry.
 */
export const getCampaigns = (config?: RequestConfig) => apiGet('/cadastro/campanhas', campaignsResponse, config);

export const getCampaignsQueryOptions = () =>
  queryOptions({ queryKey: campaignKeys.list(), queryFn: ({ signal }) => getCampaigns({ signal }) });

export const useCampaigns = () => useApiQuery(getCampaignsQueryOptions());
