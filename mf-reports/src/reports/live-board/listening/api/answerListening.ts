import { apiSend } from '@consig/shared/query';

/** PUT /relatorios/ao-vivo/escuta/{ID_Escuta}: this browser's receive-only answers, one per offer; the audio then starts. */
export const answerListening = (listeningId: number, sdps: string[]) =>
  apiSend({ method: 'put', path: `/relatorios/ao-vivo/escuta/${listeningId}`, body: { DE_Respostas: sdps } });
