/**
 * A campaign filled from the data provider (POST /cadastro/campanha/loteverz; docs/rules.md "CSV imports and
 * provider batches"): the batch the provider selects for the filters is loaded through the import job, exactly
 * as an uploaded spreadsheet. The route calls it; the provider is imports/provider.ts's BatchProvider.
 */
import {
  AGENCY,
  BATCH_TEXT,
  halfFilledPair,
  IMPORT_MAX_CLIENTS,
  type VerzBatchRequest,
  type verzBatchResponse,
} from '@consig/shared/contracts';
import type { CalendarDate } from '@consig/shared/credit';
import type * as z from 'zod/mini';
import type { CompanyScope } from '../auth/scope';
import { ApiError } from '../http/errors';
import { createImportsRepository } from '../imports/imports.repository';
import { createProspectsRepository } from '../imports/prospects.repository';
import { invertedPair, prospectsCsv, providerFilter, type BatchProvider } from '../imports/provider';
import { queueImport } from '../imports/startImport';
import { CAMPAIGN_NOT_FOUND } from './routes';

/**
 * Checks the request (400 naming the pair or field; 404 another company's campaign; FGTS and INSS campaigns
 * only), asks the provider, then marks the campaign's request time and queues the batch's import in one
 * transaction. Answers at once: the import's progress is GET /importacao/{id}.
 */
export async function requestProviderBatch(
  scope: CompanyScope,
  personId: number,
  body: VerzBatchRequest,
  { provider, today }: { provider: BatchProvider; today: CalendarDate },
): Promise<z.infer<typeof verzBatchResponse>> {
  const half = halfFilledPair(body);
  if (half) throw new ApiError(400, `${half}: ${BATCH_TEXT.pair}`);
  const limit = body.NU_Clientes;
  if (limit === null || limit === undefined || limit < 1 || limit > IMPORT_MAX_CLIENTS) {
    throw new ApiError(400, `NU_Clientes: ${BATCH_TEXT.clients}`);
  }

  const campaign = await createImportsRepository(scope).campaign(body.ID_Campanha);
  if (!campaign) throw new ApiError(404, CAMPAIGN_NOT_FOUND);
  if (campaign.agency !== AGENCY.FGTS && campaign.agency !== AGENCY.INSS) throw new ApiError(400, BATCH_TEXT.agencyOnly);
  const filter = providerFilter(body, campaign.agency, today);
  const inverted = invertedPair(filter);
  if (inverted) throw new ApiError(400, `${inverted}: ${BATCH_TEXT.inverted}`);

  const prospects = await provider.select(scope, filter, body.ID_Campanha, limit);
  // The request, its import row and its job commit together, as an upload does (startImport.ts).
  const importId = await scope.db.transaction(async (tx) => {
    const txScope = { db: tx, companyId: scope.companyId };
    await createProspectsRepository(txScope).markRequested(body.ID_Campanha);
    if (prospects.length === 0) return null;
    return queueImport(txScope, {
      campaignId: body.ID_Campanha,
      personId,
      // The batch already leaves out the campaign's CPFs; sanitising also drops one queued meanwhile.
      sanitize: true,
      file: prospectsCsv(prospects),
      lines: prospects.length,
    });
  });
  const text = prospects.length === 0 ? BATCH_TEXT.noneFound : BATCH_TEXT.requested(prospects.length);
  return { success: true, text, data: { NU_Clientes: prospects.length, ID_Importacao: importId } };
}
