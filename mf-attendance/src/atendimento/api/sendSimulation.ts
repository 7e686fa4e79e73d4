import type { SimulationSendRequest } from '@consig/shared';
import { apiSend } from '@consig/shared/query';

/**
 * POST /crm/simulacao/enviar (product-spec §7, company 1 only): records the simulation and e-mails it when it
 * can; the answer's text says whether the e-mail went.
 */
export const sendSimulation = (request: SimulationSendRequest) => apiSend({ method: 'post', path: '/crm/simulacao/enviar', body: request });
