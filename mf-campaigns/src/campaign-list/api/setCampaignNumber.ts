import { campaignNumberResponse, TOAST_MS } from '@consig/shared';
import { apiSend, campaignKeys, companyNumberKeys, useApiMutation } from '@consig/shared/query';

/** PUT /cadastro/campanha/{id}/numero: the campaign's caller number, or null for the company's main one. */
export const setCampaignNumber = ({ id, ID_Numero }: { id: number; ID_Numero: number | null }) =>
  apiSend({ method: 'put', path: `/cadastro/campanha/${id}/numero`, body: { ID_Numero }, response: campaignNumberResponse });

/**
 * The write, refreshing the campaigns and the company's numbers (Cadastros → 'Telefonia' lists which campaigns call
 * from each number).
 */
export const useSetCampaignNumber = () =>
  useApiMutation({
    mutationFn: setCampaignNumber,
    toastDuration: TOAST_MS.screens,
    invalidates: [campaignKeys.all, companyNumberKeys.all],
  });
