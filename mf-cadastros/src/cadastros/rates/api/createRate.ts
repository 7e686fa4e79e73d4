import { rateResponse, TOAST_MS, type RateForm } from '@consig/shared';
import { apiSend, operationKeys, rateKeys, useApiMutation } from '@consig/shared/query';

/** POST /cadastros/taxas: a new rate from its day; refused (400) above the cap in force on that day. */
export const createRate = (body: RateForm) => apiSend({ method: 'post', path: '/cadastros/taxas', body, response: rateResponse });

// A rate from today changes the offers an open client screen shows: its operation cards are read again.
export const useCreateRate = () =>
  useApiMutation({ mutationFn: createRate, invalidates: [rateKeys.all, operationKeys.all], toastDuration: TOAST_MS.screens });
