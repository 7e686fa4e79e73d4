import { campaignCreatedResponse } from '@consig/shared';
import { apiSend } from '@consig/shared/query';

/** POST /cadastro/campanha/duplicar: a copy in 26 Criado with the same attendants, without clients. */
export const duplicateCampaign = (CampanhaID: number) =>
  apiSend({ method: 'post', path: '/cadastro/campanha/duplicar', body: { CampanhaID }, response: campaignCreatedResponse });
