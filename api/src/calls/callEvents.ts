/**
 * Kamailio's dialog events (POST /telefonia/sip/eventos; docs/rules.md "Calls"), sent in order by its timer
 * process: they complete the call records its decisions created. Each is idempotent and never moves a closed
 * call back, so a re-sent event changes nothing.
 *
 * A malformed event is answered `ok=0` (and logged), not 400: Kamailio sends the queue in order and puts an
 * event the API refuses back in line, so one it can never deliver would come back forever. A call the sweep
 * closes meanwhile is the worst outcome of dropping it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import { createCallsRepository } from './calls.repository';
import { kamailioAnswer } from './edgeDecision';
import { eventForm, kamailioInstant } from './kamailioForms';
import { createKamailioRepository } from './kamailio.repository';
import { MISSED_CALL_CODES, recordMissedCall } from './missedCall';
import { scheduleRecording } from '../recordings/recordingJob';

const OK = kamailioAnswer({ ok: 1 });
const IGNORED = kamailioAnswer({ ok: 0 });

/**
 * Applies one event. Instants on the record are Kamailio's (`instante`), when the thing happened; a missed
 * call's callback is due by the app's clock (`now`), like every queue decision.
 */
export async function applyCallEvent(db: Db, body: unknown, now: Date, log: FastifyBaseLogger): Promise<string> {
  const parsed = eventForm.safeParse(body);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    // Never the values: the logs keep no request data (docs/rules.md "Bad input").
    log.warn({ campo: issue.path.join('.'), motivo: issue.message }, 'evento de chamada do Kamailio inválido: ignorado');
    return IGNORED;
  }
  const event = parsed.data;
  const instant = kamailioInstant(event.instante);
  const directory = createKamailioRepository({ db });
  if (event.evento === 'reinicio') {
    const closed = await directory.closeOpenBefore(instant);
    log.info({ encerradas: closed }, 'Kamailio reiniciou: ligações abertas encerradas');
    return OK;
  }
  const call = event.chamada === undefined ? undefined : await directory.callOf(event.chamada);
  if (!call) {
    log.warn({ evento: event.evento }, 'evento do Kamailio para uma ligação desconhecida: ignorado');
    return IGNORED;
  }
  const calls = createCallsRepository({ db, companyId: call.companyId });
  switch (event.evento) {
    case 'tocando':
      if (!event.ramal || !/^\d+$/.test(event.ramal)) return missing('ramal', event.evento, log);
      await calls.ringing(call.id, event.ramal);
      return OK;
    case 'atendida':
      await calls.answered(call.id, instant, event.ramal && /^\d+$/.test(event.ramal) ? event.ramal : null);
      return OK;
    case 'encerrada': {
      const who = event.quem;
      if (!who) return missing('quem', event.evento, log);
      await db.transaction(async (tx) => {
        const { recorded } = await createCallsRepository({ db: tx, companyId: call.companyId }).ended(call.id, instant, who);
        // rtpengine finishes the call's pcap as it ends: the recording job turns it into the stored WAV.
        if (recorded) await scheduleRecording(tx, call.companyId, call.id);
      });
      return OK;
    }
    case 'falhou': {
      if (!event.codigo) return missing('codigo', event.evento, log);
      const code = Number(event.codigo);
      await db.transaction(async (tx) => {
        const scope = { db: tx, companyId: call.companyId };
        const closed = await createCallsRepository(scope).failed(call.id, instant, code);
        // An inbound call that rang and was not taken: the client is called back (missedCall.ts).
        if (closed?.direction === 'entrada' && !closed.answered && MISSED_CALL_CODES.includes(code)) {
          await recordMissedCall(scope, closed.clientId, now);
        }
      });
      return OK;
    }
  }
}

function missing(field: string, evento: string, log: FastifyBaseLogger): string {
  log.warn({ campo: field, evento }, 'evento de chamada do Kamailio incompleto: ignorado');
  return IGNORED;
}
