import { nextClientResponse } from '@consig/shared';
import { apiGet } from '@consig/shared/query';

/**
 * GET /crm/cliente/proximo: the client to work next and its campaign. Not cached: every call is a claim on
 * the queue. No client (or a paused attendant) answers `success: false`, which throws an ApiFailure with
 * the server's text.
 */
export const getNextClient = async () => {
  const data = await apiGet('/crm/cliente/proximo', nextClientResponse);
  if (!data) throw new Error('Nenhum cliente disponível.');
  return data.cliente;
};
