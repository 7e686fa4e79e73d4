import type { FastifyInstance } from 'fastify';
import { AGENCY, IMPORT_STATUS, IMPORT_TEXT, type RealtimeAlert } from '@consig/shared/contracts';
import { z } from 'zod';
import type { Db } from '../db';
import type { Job, JobHandler, JobLogger } from '../jobs';
import type { Realtime } from '../realtime/realtime';
import { createImportsRepository } from './imports.repository';
import { applyRules } from './lineRules';
import { readImportFile } from './readImport';

/** Job kind of an own batch import (table tarefa, co_tipo). */
export const IMPORT_JOB = 'importacao_csv';
/** A database failure is retried; the whole import is one transaction, so a retry starts from a clean slate. */
export const IMPORT_MAX_ATTEMPTS = 3;
/** Realtime alert to the uploader when the import ends (done or error); DE_Dados = { ID_Importacao, ID_Status }. */
export const ALERT_IMPORT_FINISHED = 1089;

export const importJobPayload = z.object({ importId: z.number().int().positive() });
export type ImportJobPayload = z.infer<typeof importJobPayload>;

interface Dependencies {
  db: Db;
  realtime: Pick<Realtime, 'push'>;
  log: JobLogger;
}

const alert = (importId: number, status: number, text: string): RealtimeAlert => ({
  TP_Alerta: ALERT_IMPORT_FINISHED,
  DE_Dados: { ID_Importacao: importId, ID_Status: status },
  DE_Observacao: text,
});

/** Runs one import in ONE transaction: all or nothing (docs/rules.md "CSV imports and provider batches"). */
async function runImport(tx: Db, companyId: number, importId: number, realtime: Dependencies['realtime']): Promise<void> {
  const repository = createImportsRepository({ db: tx, companyId });
  // Locked: a second delivery of the job waits here, then finds the import ended and does nothing.
  const row = await repository.lockForJob(importId);
  if (!row || row.status !== IMPORT_STATUS.PROCESSANDO || !row.file) return;
  const campaign = await repository.campaign(row.campaignId);
  if (!campaign) return;

  const finish = async (result: { status: number; imported: number; sanitized: number; rejected: number; reason: string | null }, text: string) => {
    await repository.finish(importId, row.campaignId, result);
    // Sent at commit: nobody hears of an import that was rolled back.
    await realtime.push(row.personId, alert(importId, result.status, text), tx);
  };

  const read = readImportFile(row.file, { sanitize: row.sanitize, needsValues: campaign.needsValues, knownSpecies: await repository.knownSpecies() });
  if ('error' in read) {
    await finish({ status: IMPORT_STATUS.ERRO, imported: 0, sanitized: 0, rejected: 0, reason: read.error }, `Importação com erro: ${read.error}`);
    return;
  }
  const existing = await repository.existing(row.campaignId, [...new Set(read.lines.map((line) => line.cpf))]);
  const ruled = applyRules(read.lines, {
    sanitize: row.sanitize,
    inss: campaign.agency === AGENCY.INSS,
    existingCpfs: existing.clients,
    campaignCpfs: existing.inCampaign,
  });
  const imported = await repository.merge(row.campaignId, campaign.agency, ruled.accepted);
  const rejected = [...read.rejected, ...ruled.rejected].sort((a, b) => a.line - b.line);
  await repository.saveRejected(importId, rejected);
  const sanitized = rejected.filter((r) => r.sanitized).length;
  const refused = rejected.length - sanitized;
  await finish(
    { status: IMPORT_STATUS.CONCLUIDO, imported, sanitized, rejected: refused, reason: null },
    `Importação concluída: ${imported} cliente(s) na campanha, ${sanitized} removido(s) na higienização, ${refused} linha(s) recusada(s).`,
  );
}

/**
 * The import job. At least once delivery is safe: the import row is locked and must still be running, and
 * everything it writes commits together. A database failure is retried; after the last attempt the import
 * ends 99 with a reason instead of staying 'Processando'.
 */
export function importHandler({ db, realtime, log }: Dependencies): JobHandler {
  return async (job: Job) => {
    const { importId } = importJobPayload.parse(job.payload);
    const companyId = job.companyId;
    if (companyId === null) throw new Error('Importação sem empresa.');
    try {
      await db.transaction((tx) => runImport(tx, companyId, importId, realtime));
    } catch (error) {
      if (job.attempt >= job.maxAttempts && !job.signal.aborted) {
        await db
          .transaction(async (tx) => {
            const repository = createImportsRepository({ db: tx, companyId });
            const row = await repository.lockForJob(importId);
            if (!row || row.status !== IMPORT_STATUS.PROCESSANDO) return;
            await repository.finish(importId, row.campaignId, { status: IMPORT_STATUS.ERRO, imported: 0, sanitized: 0, rejected: 0, reason: IMPORT_TEXT.failed });
            await realtime.push(row.personId, alert(importId, IMPORT_STATUS.ERRO, IMPORT_TEXT.failed), tx);
          })
          .catch((err: unknown) => log.error({ err, jobId: job.id }, 'falha ao marcar a importação como erro'));
      }
      throw error;
    }
  };
}

/** Registers the import on the app's job queue (every instance runs it; app.ts). */
export function registerImportJob(app: FastifyInstance): void {
  app.jobs.register(IMPORT_JOB, importHandler({ db: app.db, realtime: app.realtime, log: app.log }));
}
