import { campaignNumberResponse } from '@consig/shared';
import { apiSend } from '@consig/shared/query';

/** PUT /cadastro/campanha/{id}/numero: the campaign's caller number, or null for the company's main one. */
export const setCampaignNumber = ({ id, ID_Numero }: { id: number; ID_Numero: number | null }) =>
  apiSend({ method: 'put', path: `/cadastro/campanha/${id}/numero`, body: { ID_Numero }, response: campaignNumberResponse });
