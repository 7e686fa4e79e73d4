/**
 * The sweep of calls whose end never arrived (docs/rules.md "Calls"; kamailio.repository.ts `sweep`): every API
 * instance runs it on a timer, which is safe because it only closes calls still open, in one UPDATE. A timer
 * rather than a job of the queue (src/jobs): it is periodic, has no payload, and a missed round is made up by
 * the next one.
 */
import type { FastifyInstance } from 'fastify';
import { createKamailioRepository } from './kamailio.repository';

/** Often enough that a dead call leaves the attendant "busy" for about a minute past its limit at most. */
export const CALL_SWEEP_INTERVAL_MS = 60_000;

/** Starts the sweep when the app is ready and stops it (waiting for a round under way) when it closes. */
export function registerCallSweep(app: FastifyInstance, intervalMs = CALL_SWEEP_INTERVAL_MS): void {
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | undefined;
  const sweepOnce = async () => {
    try {
      const closed = await createKamailioRepository({ db: app.db }).sweep(app.clock());
      if (closed > 0) app.log.info({ encerradas: closed }, 'varredura de ligações: encerradas as que não receberam o fim');
    } catch (err) {
      app.log.error({ err }, 'varredura de ligações falhou; tenta de novo na próxima rodada');
    }
  };
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      round ??= sweepOnce().finally(() => (round = undefined));
    }, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await round;
  });
}
