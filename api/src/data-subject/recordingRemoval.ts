/**
 * The files of an anonymised client's recordings (docs/rules.md "Data-subject requests (LGPD)"). The anonymisation
 * clears the calls' links in its transaction and enqueues this job in the same transaction (kind
 * 'gravacao.remocao'), so the files are removed only once the change is committed (a rollback drops the job too)
 * and a removal is never forgotten: the retention purge (src/recordings/purge.ts) cannot retry it, since it finds
 * recordings by their link, which is gone. A failed attempt (storage unreachable) is logged by the queue and retried
 * with its backoff (10 s, 20 s, 40 s…); after the last attempt the job stays 'falhou' in table tarefa, with its
 * keys and error, and is logged as an error. Idempotent: removing a file already gone is no error.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db';
import { enqueue, type GiveUpHandler, type JobHandler } from '../jobs';
import type { RecordingStorage } from '../recordings/storage';

/** Job kind (table tarefa, co_tipo). */
export const RECORDING_REMOVAL_JOB = 'gravacao.remocao';
/** With the queue's backoff, ten attempts span about an hour and a half: a storage outage of that long is an incident. */
const MAX_ATTEMPTS = 10;

export const recordingRemovalPayload = z.object({ chaves: z.array(z.string()).min(1) });

/** Asks for the files' removal; call it with the anonymisation's transaction (`db` = its `tx`). */
export function scheduleRecordingRemoval(db: Db, companyId: number, keys: string[]): Promise<number | null> {
  return enqueue(db, RECORDING_REMOVAL_JOB, { chaves: keys }, { companyId, maxAttempts: MAX_ATTEMPTS });
}

/** One attempt: every file, the first failure ends the attempt (the next one starts over; done ones are no-ops). */
export const recordingRemovalHandler =
  (storage: RecordingStorage): JobHandler =>
  async (job) => {
    const { chaves } = recordingRemovalPayload.parse(job.payload);
    for (const key of chaves) await storage.delete(key);
  };

/** Registers the job on the app's queue (every instance runs it). */
export function registerRecordingRemoval(app: FastifyInstance, storage: RecordingStorage): void {
  const log = app.log.child({ modulo: 'titulares' });
  const gaveUp: GiveUpHandler = async (job) => {
    log.error(
      { idTarefa: job.id, idEmpresa: job.companyId, erro: job.error },
      'gravações de titular anonimizado não removidas após as tentativas: remova os arquivos da tarefa à mão',
    );
  };
  app.jobs.register(RECORDING_REMOVAL_JOB, recordingRemovalHandler(storage), { onGiveUp: gaveUp });
}
