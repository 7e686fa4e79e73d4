import { ROUTES } from '@consig/shared';

/** product-spec §9: the provider batch exists for agency 1 (FGTS) and 4 (INSS) only. */
const PRODUCT_OF_AGENCY: Record<number, string> = { 1: 'fgts', 4: 'inss' };

export const PROVIDER_BATCH_UNAVAILABLE = 'Recurso atualmente disponível apenas para FGTS e INSS';

/** /campanhas/solicitar-lotes-{product}/{id}?ID_Orgao={n}, or null for an agency without provider batches. */
export function providerBatchLink(campaignId: number, agencyId: number): string | null {
  const product = PRODUCT_OF_AGENCY[agencyId];
  return product ? `${ROUTES.campaigns}/solicitar-lotes-${product}/${campaignId}?ID_Orgao=${agencyId}` : null;
}

/** /campanhas/importar-lotes/{id}. */
export const batchImportLink = (campaignId: number) => `${ROUTES.campaigns}/importar-lotes/${campaignId}`;
