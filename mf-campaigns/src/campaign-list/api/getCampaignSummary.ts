import { campaignSummaryResponse } from '@consig/shared';
import { campaignKeys, defineGet } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /cadastro/campanha/{id}/resumo: name, code, import counts and dates. */
export const getCampaignSummary = defineGet({
  path: (id: number) => `/cadastro/campanha/${id}/resumo`,
  response: campaignSummaryResponse,
});

export const getCampaignSummaryQueryOptions = (id: number) =>
  queryOptions({ queryKey: campaignKeys.summary(id), queryFn: ({ signal }) => getCampaignSummary(id, { signal }) });
