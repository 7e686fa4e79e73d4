/**
 * Starting an import (docs/rules.md "CSV imports and provider batches"): an uploaded spreadsheet
 * (POST /importacao/upload) or a provider's batch (POST /cadastro/campanha/loteverz) becomes an import row and the
 * job that reads it. The routes call these; the SQL is in imports.repository.ts, the job in importJob.ts.
 */
import { IMPORT_MAX_BYTES, IMPORT_MAX_CLIENTS, IMPORT_TEXT, type ImportUploadRequest } from '@consig/shared/contracts';
import type { CompanyScope } from '../auth/scope';
import { dataLineSteps } from '../files/csvText';
import { decodeDataUrlInSlices } from '../files/dataUrlInSlices';
import { runInSlices, timeSlices } from '../files/timeSlices';
import { ApiError } from '../http/errors';
import { enqueue } from '../jobs';
import { createImportsRepository, type NewImport } from './imports.repository';
import { IMPORT_JOB, IMPORT_MAX_ATTEMPTS, type ImportJobPayload } from './importJob';
import { checkImportFile } from './readImport';

/**
 * Creates the import row and its job on the caller's transaction (`scope` on its `tx`): they commit together, so
 * there is no job without its file and no file without its job. The worker is woken at commit.
 */
export async function queueImport(scope: CompanyScope, input: NewImport): Promise<number> {
  const id = await createImportsRepository(scope).create(input);
  const payload: ImportJobPayload = { importId: id };
  await enqueue(scope.db, IMPORT_JOB, payload, { companyId: scope.companyId, maxAttempts: IMPORT_MAX_ATTEMPTS });
  return id;
}

/**
 * POST /importacao/upload: checks the campaign (404), the file's size (413), form (400), data lines, columns and
 * line lengths (400) before anything is written, then queues the import; answers its id at once. Every pass over
 * the file (decoding the data URL, counting, reading its lines) runs in slices: a 60 MB upload never holds up the
 * API's other requests.
 */
export async function startUpload(
  scope: CompanyScope,
  personId: number,
  body: ImportUploadRequest,
  /** TX_Base as the pieces it was read in (files/largeJsonBody.ts textPieces). */
  dataUrl: readonly string[] = [body.TX_Base],
): Promise<number> {
  if (!(await createImportsRepository(scope).campaign(body.ID_Campanha))) throw new ApiError(404, IMPORT_TEXT.campaignNotFound);
  const turn = timeSlices();
  const texts = { malformed: IMPORT_TEXT.malformed, tooBig: IMPORT_TEXT.tooBig };
  const file = await decodeDataUrlInSlices(dataUrl, IMPORT_MAX_BYTES, texts, turn);
  if (file.length === 0) throw new ApiError(400, IMPORT_TEXT.empty);
  const lines = await runInSlices(dataLineSteps(file), turn);
  if (lines > IMPORT_MAX_CLIENTS) throw new ApiError(400, IMPORT_TEXT.tooManyLines(lines));
  const refused = await checkImportFile(file, turn);
  if (refused) throw new ApiError(400, refused);
  const input = { campaignId: body.ID_Campanha, personId, sanitize: body.SN_Higienizar, file, lines };
  return scope.db.transaction((tx) => queueImport({ db: tx, companyId: scope.companyId }, input));
}
