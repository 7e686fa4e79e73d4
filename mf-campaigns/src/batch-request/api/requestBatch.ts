import { TOAST_MS, verzBatchResponse } from '@consig/shared';
import { apiSend, campaignKeys, useApiMutation } from '@consig/shared/query';
import type { BatchRequestBody } from '../batchRequestBody';

/**
 * POST /cadastro/campanha/loteverz (product-spec §3 "Batch request payload"): asks the provider for a batch
 * of clients; the answer says how many were found and queued for import.
 */
export const requestBatch = (body: BatchRequestBody) =>
  apiSend({ method: 'post', path: '/cadastro/campanha/loteverz', body, response: verzBatchResponse });

/**
 * The server's text as a toast for 3 s (product-spec §8, §9); the campaign list is read again, since the
 * batch arrives as an import whose status it shows.
 */
export const useRequestBatch = () =>
  useApiMutation({ mutationFn: requestBatch, invalidates: [campaignKeys.all], toastDuration: TOAST_MS.screens });
