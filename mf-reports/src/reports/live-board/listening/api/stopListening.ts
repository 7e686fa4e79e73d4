import { apiSend } from '@consig/shared/query';

/** DELETE /relatorios/ao-vivo/escuta/{ID_Escuta}: ends the listening (the call goes on). */
export const stopListening = (listeningId: number) => apiSend({ method: 'delete', path: `/relatorios/ao-vivo/escuta/${listeningId}` });
