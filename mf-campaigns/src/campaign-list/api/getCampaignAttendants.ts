import { campaignAttendantsResponse } from '@consig/shared';
import { campaignKeys, defineGet } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /cadastro/campanha/{id}/atendentes: every active attendant with SN_Selecionado in this campaign. */
export const getCampaignAttendants = defineGet({
  path: (id: number) => `/cadastro/campanha/${id}/atendentes`,
  response: campaignAttendantsResponse,
});

export const getCampaignAttendantsQueryOptions = (id: number) =>
  queryOptions({ queryKey: campaignKeys.attendants(id), queryFn: ({ signal }) => getCampaignAttendants(id, { signal }) });
