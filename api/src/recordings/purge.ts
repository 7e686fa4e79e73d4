/**
 * Retention (docs/rules.md "Call recordings"): recordings of calls that started more than the company's
 * empresa.nu_dias_gravacao days ago (90 by default) are deleted, file and link together: the file first, then
 * the call's de_gravacao is cleared and co_gravacao becomes 'expirada' (a file already missing still clears the
 * link). Like the call sweep (src/calls/sweep.ts), every instance runs it on a timer rather than as a job: it is
 * periodic, has no payload, is idempotent (two instances purging at once delete the same files, and the second
 * update finds nothing), and a missed round is made up by the next.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../db';
import { createRecordingsRepository, recordingRetentions } from './recordings.repository';
import type { RecordingStorage } from './storage';

const DAY_MS = 86_400_000;
/** A round once a day, and one soon after start: instances restarted more often than daily still purge. */
export const RECORDING_PURGE_INTERVAL_MS = DAY_MS;
const FIRST_PURGE_DELAY_MS = 60_000;
/** Recordings handled per read: memory stays flat however many expire at once. */
const PURGE_BATCH = 500;

interface Dependencies {
  db: Db;
  storage: RecordingStorage;
  clock: () => Date;
}

/** One round over every company; answers how many recordings it deleted. */
export async function purgeExpiredRecordings({ db, storage, clock }: Dependencies): Promise<number> {
  const now = clock().getTime();
  let purged = 0;
  for (const { companyId, days } of await recordingRetentions(db)) {
    const recordings = createRecordingsRepository({ db, companyId });
    const before = new Date(now - days * DAY_MS);
    for (;;) {
      const batch = await recordings.storedBefore(before, PURGE_BATCH);
      for (const { id, key } of batch) {
        await storage.delete(key);
        await recordings.expired(id, key);
      }
      purged += batch.length;
      if (batch.length < PURGE_BATCH) break;
    }
  }
  return purged;
}

/** Starts the daily purge when the app is ready and stops it (waiting for a round under way) when it closes. */
export function registerRecordingPurge(app: FastifyInstance, storage: RecordingStorage, intervalMs = RECORDING_PURGE_INTERVAL_MS): void {
  const log: Pick<FastifyBaseLogger, 'info' | 'error'> = app.log.child({ modulo: 'gravacoes' });
  let first: NodeJS.Timeout | undefined;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | undefined;
  const purgeOnce = () => {
    round ??= purgeExpiredRecordings({ db: app.db, storage, clock: () => app.clock() })
      .then((purged) => {
        if (purged > 0) log.info({ apagadas: purged }, 'gravações vencidas apagadas (prazo de guarda da empresa)');
      })
      .catch((err: unknown) => log.error({ err }, 'expurgo de gravações falhou; tenta de novo na próxima rodada'))
      .finally(() => (round = undefined));
  };
  app.addHook('onReady', async () => {
    first = setTimeout(purgeOnce, Math.min(FIRST_PURGE_DELAY_MS, intervalMs));
    timer = setInterval(purgeOnce, intervalMs);
    first.unref();
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
    await round;
  });
}
