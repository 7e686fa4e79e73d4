import { TOAST_MS, type AfterCallLimitRequest } from '@consig/shared';
import { apiSend, floorKeys, useApiMutation } from '@consig/shared/query';

/** PUT /relatorios/ao-vivo/limite (managers): the company's after-call limit in seconds. */
export const setAfterCallLimit = (body: AfterCallLimitRequest) => apiSend({ method: 'put', path: '/relatorios/ao-vivo/limite', body });

/** The change, its text as a toast, then the board read again: its rows are flagged by the new limit at once. */
export const useSetAfterCallLimit = () =>
  useApiMutation({ mutationFn: setAfterCallLimit, toastDuration: TOAST_MS.screens, invalidates: [floorKeys.board()] });
