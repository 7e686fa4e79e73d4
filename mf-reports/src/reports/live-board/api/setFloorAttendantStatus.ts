import { attendantStatusResponse, TOAST_MS } from '@consig/shared';
import { apiSend, floorKeys, useApiMutation } from '@consig/shared/query';

/** A supervisor's change of one attendant's status: a pause reason (202–206, PAUSE_REASONS) or 81 to resume. */
export interface FloorStatusChange {
  attendantId: number;
  ID_Status: number;
}

/** PUT /relatorios/ao-vivo/{AtendenteID}/status: answers like PUT /atendente/tabular, with the text to show. */
export const setFloorAttendantStatus = ({ attendantId, ID_Status }: FloorStatusChange) =>
  apiSend({ method: 'put', path: `/relatorios/ao-vivo/${attendantId}/status`, body: { ID_Status }, response: attendantStatusResponse });

/**
 * The change, its text as a toast (a refusal: the server's text), then the board read again, so the row is right
 * even if the alert 1092 that follows the change never arrives.
 */
export const useSetFloorAttendantStatus = (onSuccess?: () => void) =>
  useApiMutation({
    mutationFn: setFloorAttendantStatus,
    toastDuration: TOAST_MS.screens,
    invalidates: [floorKeys.board()],
    onSuccess,
  });
