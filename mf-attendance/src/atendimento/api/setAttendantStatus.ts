import { attendantStatusResponse } from '@consig/shared';
import { apiSend } from '@consig/shared/query';

/** PUT /atendente/tabular: a pause reason (202–206), or 81 'Livre' to be available again. */
export const setAttendantStatus = (ID_Status: number) =>
  apiSend({ method: 'put', path: '/atendente/tabular', body: { ID_Status }, response: attendantStatusResponse });
