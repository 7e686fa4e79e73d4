import { listeningOfferResponse } from '@consig/shared';
import { apiSend } from '@consig/shared/query';

/** POST /relatorios/ao-vivo/{AtendenteID}/ouvir: the media relay's offers, one per side of the call, and the listening's id. */
export const startListening = (attendantId: number) =>
  apiSend({ method: 'post', path: `/relatorios/ao-vivo/${attendantId}/ouvir`, response: listeningOfferResponse });
