import { campaignDeletedResponse } from '@consig/shared';
import { apiSend } from '@consig/shared/query';

/** DELETE /cadastro/campanha/{id}: refused (server text) while it runs or imports. */
export const deleteCampaign = (id: number) =>
  apiSend({ method: 'delete', path: `/cadastro/campanha/${id}`, response: campaignDeletedResponse });
