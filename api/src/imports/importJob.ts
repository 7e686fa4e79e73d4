import type { FastifyInstance } from 'fastify';
import {
  AGENCY,
  ALERT_IMPORT_FINISHED,
  ALERT_IMPORT_PROGRESS,
  IMPORT_STATUS,
  IMPORT_TEXT,
  importProgressText,
  type ImportProgressAlertData,
  type RealtimeAlert,
} from '@consig/shared/contracts';
import { z } from 'zod';
import type { Db } from '../db';
import type { GiveUpHandler, Job, JobHandler } from '../jobs';
import type { Realtime } from '../realtime/realtime';
import { createImportsRepository, type ImportRow } from './imports.repository';
import { applyRules } from './lineRules';
import { readImportFile, type ReadResult } from './readImport';

/** Job kind of an own batch import (table tarefa, co_tipo). */
export const IMPORT_JOB = 'importacao_csv';
/** A database failure is retried; the whole import is one transaction, so a retry starts from a clean slate. */
export const IMPORT_MAX_ATTEMPTS = 3;
/**
 * An attempt's time limit: well above the biggest file's import (50,000 lines, ~10 s on PGlite, 2–3× that on a busy
 * machine; docs/architecture.md "Import benchmark"), so only a hung attempt reaches it.
 */
export const IMPORT_TIMEOUT_MS = 30 * 60_000;
/** Progress is published every this many lines read, or after this long, whichever comes first. */
export const PROGRESS_EVERY_LINES = 5000;
export const PROGRESS_EVERY_MS = 1000;

export const importJobPayload = z.object({ importId: z.number().int().positive() });
export type ImportJobPayload = z.infer<typeof importJobPayload>;

interface Dependencies {
  db: Db;
  realtime: Pick<Realtime, 'push'>;
}

const alert = (importId: number, status: number, text: string): RealtimeAlert => ({
  TP_Alerta: ALERT_IMPORT_FINISHED,
  DE_Dados: { ID_Importacao: importId, ID_Status: status },
  DE_Observacao: text,
});

/**
 * Reads the file OUTSIDE the import's transaction and publishes the lines read (column nu_lidas for pollers, alert
 * 1090 over /ws for the uploader), throttled. Outside, because inside nobody would see it before the commit, and on
 * PGlite (one connection) a write beside the open transaction would wait for it forever. The lease is checked at
 * each step: a worker that lost the job stops instead of racing the one that took it over.
 */
async function readPublishingProgress(
  db: Db,
  job: Job,
  companyId: number,
  row: ImportRow & { fileBytes: number; lines: number },
  options: { needsValues: boolean },
  realtime: Dependencies['realtime'],
): Promise<ReadResult> {
  const repository = createImportsRepository({ db, companyId });
  const file = await repository.readFile(row.id, row.fileBytes, job.signal);
  const knownSpecies = await repository.knownSpecies();
  // Every attempt starts again from 0: a retried run reads the whole file again.
  await repository.saveProgress(row.id, 0);
  const total = row.lines;
  let published = 0;
  let publishedAt = Date.now();
  return readImportFile(file, { sanitize: row.sanitize, needsValues: options.needsValues, knownSpecies }, async (linesRead) => {
    job.signal.throwIfAborted();
    const read = Math.min(linesRead, total);
    const last = linesRead >= total;
    if (!last && read - published < PROGRESS_EVERY_LINES && Date.now() - publishedAt < PROGRESS_EVERY_MS) return;
    published = read;
    publishedAt = Date.now();
    await repository.saveProgress(row.id, read);
    const data: ImportProgressAlertData = { ID_Importacao: row.id, NU_Lidas: read, NU_Linhas: total };
    await realtime.push(row.personId, { TP_Alerta: ALERT_IMPORT_PROGRESS, DE_Dados: data, DE_Observacao: importProgressText(read, total) });
  });
}

/** Merges what was read in ONE transaction: all or nothing (docs/rules.md "CSV imports and provider batches"). */
async function mergeImport(
  tx: Db,
  companyId: number,
  importId: number,
  read: ReadResult,
  realtime: Dependencies['realtime'],
): Promise<void> {
  const repository = createImportsRepository({ db: tx, companyId });
  // Locked: a second delivery of the job waits here, then finds the import ended and does nothing.
  const row = await repository.lockForJob(importId);
  if (!row || row.status !== IMPORT_STATUS.PROCESSANDO || row.fileBytes === null) return;
  const campaign = await repository.campaign(row.campaignId);
  if (!campaign) return;

  const finish = async (
    result: { status: number; imported: number; sanitized: number; rejected: number; reason: string | null },
    text: string,
  ) => {
    await repository.finish(importId, row.campaignId, result);
    // Sent at commit: nobody hears of an import that was rolled back.
    await realtime.push(row.personId, alert(importId, result.status, text), tx);
  };

  if ('error' in read) {
    await finish(
      { status: IMPORT_STATUS.ERRO, imported: 0, sanitized: 0, rejected: 0, reason: read.error },
      `Importação com erro: ${read.error}`,
    );
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

/** Reads (publishing progress), then merges in one transaction. */
async function runImport(db: Db, job: Job, companyId: number, importId: number, realtime: Dependencies['realtime']): Promise<void> {
  const repository = createImportsRepository({ db, companyId });
  const row = await repository.forReading(importId);
  if (!row || row.status !== IMPORT_STATUS.PROCESSANDO || row.fileBytes === null) return;
  const campaign = await repository.campaign(row.campaignId);
  if (!campaign) return;
  const read = await readPublishingProgress(db, job, companyId, { ...row, fileBytes: row.fileBytes }, campaign, realtime);
  job.signal.throwIfAborted();
  await db.transaction((tx) => mergeImport(tx, companyId, importId, read, realtime));
}

/**
 * The import job. At least once delivery is safe: the import row is locked and must still be running, and
 * everything it writes commits together (only the progress, nu_lidas, is written before, outside). A database
 * failure is retried; when the queue gives up (last attempt failed, or its process died) `endImportInError`
 * ends it 99 with a reason instead of leaving it 'Processando'.
 */
export function importHandler({ db, realtime }: Dependencies): JobHandler {
  return async (job: Job) => {
    const { importId } = importJobPayload.parse(job.payload);
    const companyId = job.companyId;
    if (companyId === null) throw new Error('Importação sem empresa.');
    await runImport(db, job, companyId, importId, realtime);
  };
}

/** The queue gave up on an import: it ends 99 with the reason, and the uploader is told (nothing was merged). */
export function endImportInError({ db, realtime }: Dependencies): GiveUpHandler {
  return async (job) => {
    const { importId } = importJobPayload.parse(job.payload);
    if (job.companyId === null) return;
    const companyId = job.companyId;
    await db.transaction(async (tx) => {
      const repository = createImportsRepository({ db: tx, companyId });
      const row = await repository.lockForJob(importId);
      if (!row || row.status !== IMPORT_STATUS.PROCESSANDO) return;
      await repository.finish(importId, row.campaignId, {
        status: IMPORT_STATUS.ERRO,
        imported: 0,
        sanitized: 0,
        rejected: 0,
        reason: IMPORT_TEXT.failed,
      });
      await realtime.push(row.personId, alert(importId, IMPORT_STATUS.ERRO, IMPORT_TEXT.failed), tx);
    });
  };
}

/** Registers the import on the app's job queue (every instance runs it; app.ts). */
export function registerImportJob(app: FastifyInstance): void {
  const dependencies = { db: app.db, realtime: app.realtime };
  app.jobs.register(IMPORT_JOB, importHandler(dependencies), { onGiveUp: endImportInError(dependencies), timeoutMs: IMPORT_TIMEOUT_MS });
}
