import type { FgtsBalanceRequest } from '@consig/shared';
import { apiSend } from '@consig/shared/query';

/**
 * POST /crm/fgts/saldo (product-spec §7): asks for the client's FGTS balance; the answer's text is shown as it
 * comes, and the balance arrives later as realtime alert 1087 (docs/rules.md "FGTS balance").
 */
export const checkFgtsBalance = (request: FgtsBalanceRequest) => apiSend({ method: 'post', path: '/crm/fgts/saldo', body: request });
