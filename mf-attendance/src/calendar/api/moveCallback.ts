import { callbackMoveResponse, TOAST_MS } from '@consig/shared';
import { apiSend, callbackKeys, useApiMutation } from '@consig/shared/query';

export interface CallbackMove {
  queueId: number;
  /** The new instant, ISO 8601 with its offset. */
  DT_Retorno: string;
}

/** PUT /crm/retornos/{FilaID}: the callback falls due at DT_Retorno instead ('Retorno reagendado para …'). */
export const moveCallback = ({ queueId, DT_Retorno }: CallbackMove) =>
  apiSend({ method: 'put', path: `/crm/retornos/${queueId}`, body: { DT_Retorno }, response: callbackMoveResponse });

/** The move, its text as a toast (a refusal: the server's text), then every range of the calendar read again. */
export const useMoveCallback = (onSuccess?: () => void) =>
  useApiMutation({ mutationFn: moveCallback, toastDuration: TOAST_MS.screens, invalidates: [callbackKeys.all], onSuccess });
