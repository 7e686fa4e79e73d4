import { filaCampanhaResponse } from '@consig/shared';
import { campaignKeys, defineGet } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /cadastro/campanha/{id}/fila: the queue's progress (pending, in progress, done, callbacks, do-not-call). */
export const getCampaignQueue = defineGet({
  path: (id: number) => `/cadastro/campanha/${id}/fila`,
  response: filaCampanhaResponse,
});

export const getCampaignQueueQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...campaignKeys.detail(id), 'queue'], queryFn: () => getCampaignQueue(id) });
