import { campanhasResponse } from '@consig/shared';
import { apiGet, campaignKeys, useApiQuery } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /cadastro/campanhas: the company's campaigns, parsed with the contract's schema. */
export const getCampaigns = () => apiGet('/cadastro/campanhas', campanhasResponse);

export const getCampaignsQueryOptions = () => queryOptions({ queryKey: campaignKeys.list(), queryFn: getCampaigns });

/** The campaign list, cached; the row actions invalidate `campaignKeys.all` (product-spec §4: "refreshed after each action"). */
export const useCampaigns = () => useApiQuery(getCampaignsQueryOptions());
