import { campaignQueueResponse } from '@consig/shared';
import { campaignKeys, defineGet } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /cadastro/campanha/{id}/fila: the queue's progress (pending, in progress, done, callbacks, do-not-call). */
export const getCampaignQueue = defineGet({
  path: (id: number) => `/cadastro/campanha/${id}/fila`,
  response: campaignQueueResponse,
});

export const getCampaignQueueQueryOptions = (id: number) =>
  queryOptions({ queryKey: campaignKeys.queue(id), queryFn: ({ signal }) => getCampaignQueue(id, { signal }) });
