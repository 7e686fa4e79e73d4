import { campaignStatusResponse } from '@consig/shared';
import { apiSend } from '@consig/shared/query';

/** PUT /cadastro/campanha/{id}/iniciar: the campaign goes to 35 Em andamento. */
export const startCampaign = (id: number) =>
  apiSend({ method: 'put', path: `/cadastro/campanha/${id}/iniciar`, response: campaignStatusResponse });
