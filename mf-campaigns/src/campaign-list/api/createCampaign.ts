import { campaignCreatedResponse, type CreateCampaignRequest } from '@consig/shared';
import { apiSend } from '@consig/shared/query';

/** POST /cadastro/campanha: a new campaign (26 Criado). */
export const createCampaign = (body: CreateCampaignRequest) =>
  apiSend({ method: 'post', path: '/cadastro/campanha', body, response: campaignCreatedResponse });
