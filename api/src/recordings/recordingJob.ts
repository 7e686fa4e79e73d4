/**
 * The recording job (kind 'gravacao'; docs/rules.md "Call recordings"): once an answered call has ended,
 * rtpengine's pcap of it becomes a stereo WAV in the recording storage and the call record links to it.
 *
 * rtpengine finishes a recording when Kamailio deletes the call, about when the call's end event reaches the API,
 * so the metadata may not be there on the first attempt: the attempt fails and the queue retries it with its
 * backoff (10 s, 20 s, 40 s...). Past METADATA_GRACE_MS after the call's end with still nothing (rtpengine was
 * down, restarted, or never saw the media), the call is marked 'falhou' and the job ends. Idempotent, as the
 * queue delivers at least once: a stored file is replaced atomically under the same key, the row is written only
 * while 'pendente', and a run that finds the call already 'gravada' only clears what is left in the spool.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db';
import { enqueue, type GiveUpHandler, type JobHandler } from '../jobs';
import { NoAudioError, openPcapAsWav } from './pcapToWav';
import { createRecordingsRepository } from './recordings.repository';
import { findSpoolRecordings, removeSpoolRecording } from './spool';
import { recordingKey, type RecordingStorage } from './storage';

/** Job kind (table tarefa, co_tipo). */
export const RECORDING_JOB = 'gravacao';
/** How long after the call's end rtpengine's metadata may still arrive. */
export const METADATA_GRACE_MS = 2 * 60_000;
/**
 * With the queue's backoff, 8 attempts span ~20 minutes: well past the grace, so the grace decides, and a
 * conversion that keeps failing (a corrupt pcap) gives up and is marked 'falhou' by the give-up hook.
 */
export const RECORDING_MAX_ATTEMPTS = 8;
/** An attempt's limit, for hangs only: converting a 60-minute call took ~2 s (4 hours, ~7 s) on the 2-core machine. */
export const RECORDING_TIMEOUT_MS = 30 * 60_000;

export const recordingPayload = z.object({ idLigacao: z.number().int().positive() });

/** The error of an attempt that found no metadata yet: the queue retries it. */
export const METADATA_NOT_YET_TEXT = 'Metadados da gravação ainda não chegaram do rtpengine.';

/**
 * Asks for the recording of an answered call that has ended. Call it in the transaction that records the end
 * (`db` = that `tx`), so the job commits with it. At most one unfinished job per call.
 */
export function scheduleRecording(db: Db, companyId: number, callId: number): Promise<number | null> {
  return enqueue(
    db,
    RECORDING_JOB,
    { idLigacao: callId },
    { companyId, maxAttempts: RECORDING_MAX_ATTEMPTS, key: `${companyId}:${callId}` },
  );
}

interface Dependencies {
  db: Db;
  storage: RecordingStorage;
  /** RECORDINGS_SPOOL_DIR; undefined when rtpengine records nowhere this API can read. */
  spoolDir: string | undefined;
  clock: () => Date;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/** One attempt at one call's recording. */
export function recordingHandler({ db, storage, spoolDir, clock, log }: Dependencies): JobHandler {
  return async (job) => {
    const { idLigacao } = recordingPayload.parse(job.payload);
    if (job.companyId === null) throw new Error('Gravação sem empresa.');
    const companyId = job.companyId;
    const recordings = createRecordingsRepository({ db, companyId });
    const context = { idLigacao, idEmpresa: companyId };
    const call = await recordings.toRecord(idLigacao, new Date(clock().getTime() - METADATA_GRACE_MS));
    // Gone, or never recorded ('nao_gravada'), or already decided ('falhou', 'expirada'): nothing to do.
    if (!call || (call.state !== 'pendente' && call.state !== 'gravada')) return;
    if (!spoolDir) {
      if (await recordings.failed(idLigacao))
        log.error(context, 'gravação não processada: RECORDINGS_SPOOL_DIR não está configurado (sem pasta do rtpengine)');
      return;
    }
    const found = await findSpoolRecordings(spoolDir, call.sipCallId);
    if (call.state === 'gravada') {
      // An earlier run stored it and stopped before clearing the spool.
      for (const recording of found) await removeSpoolRecording(recording);
      return;
    }
    const [newest] = found;
    if (!newest) {
      if (!call.endedBefore) throw new Error(METADATA_NOT_YET_TEXT);
      if (await recordings.failed(idLigacao))
        log.warn(context, 'gravação falhou: o rtpengine não entregou os metadados até 2 minutos após o fim da ligação');
      return;
    }
    if (!newest.pcapPath) {
      if (await recordings.failed(idLigacao))
        log.warn({ ...context, metadados: newest.metadataPath }, 'gravação falhou: o pcap indicado nos metadados não existe');
    } else {
      try {
        const wav = await openPcapAsWav(newest.pcapPath, { signal: job.signal });
        const key = recordingKey(companyId, call.day, idLigacao);
        const { bytes } = await storage.put(key, wav.stream());
        // Lost the lease meanwhile: the worker that took the job over writes the row (the same file, the same key).
        job.signal.throwIfAborted();
        await recordings.recorded(idLigacao, { key, bytes, seconds: wav.seconds });
        if (found.length > 1)
          log.warn({ ...context, arquivos: found.length }, 'várias gravações do rtpengine para a mesma ligação: guardada a mais recente');
      } catch (error) {
        if (!(error instanceof NoAudioError)) throw error;
        if (await recordings.failed(idLigacao)) log.warn(context, 'gravação falhou: o pcap não tem áudio');
      }
    }
    for (const recording of found) await removeSpoolRecording(recording);
  };
}

/** The queue gave up (a conversion that kept failing): the call says so; the spool files stay for inspection. */
export const recordingGaveUp =
  ({ db, log }: Pick<Dependencies, 'db' | 'log'>): GiveUpHandler =>
  async (job) => {
    if (job.companyId === null) return;
    const { idLigacao } = recordingPayload.parse(job.payload);
    await createRecordingsRepository({ db, companyId: job.companyId }).failed(idLigacao);
    log.error({ idLigacao, idEmpresa: job.companyId, erro: job.error }, 'gravação falhou: desistido após as tentativas');
  };

/** Registers the recording job on the app's queue (every instance runs it; app.ts). */
export function registerRecordingJob(app: FastifyInstance, storage: RecordingStorage): void {
  const dependencies: Dependencies = {
    db: app.db,
    storage,
    spoolDir: app.config.recordings.spoolDir,
    clock: () => app.clock(),
    log: app.log.child({ modulo: 'gravacoes' }),
  };
  app.jobs.register(RECORDING_JOB, recordingHandler(dependencies), {
    onGiveUp: recordingGaveUp(dependencies),
    timeoutMs: RECORDING_TIMEOUT_MS,
  });
}
