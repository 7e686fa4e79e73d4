import { campaignStatusResponse } from '@consig/shared';
import { apiSend } from '@consig/shared/query';

/** PUT /cadastro/campanha/{id}/pausar: the campaign goes to 58 Pausado. */
export const pauseCampaign = (id: number) =>
  apiSend({ method: 'put', path: `/cadastro/campanha/${id}/pausar`, response: campaignStatusResponse });
