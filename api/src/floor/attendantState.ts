/**
 * An attendant's state, derived from what the server already knows (docs/rules.md "Attendant state"): nothing
 * here is told by the browser. The facts come from floor.repository.ts in one statement; this decides.
 */
import type { FloorState } from '@consig/shared/contracts';

export interface StateFacts {
  /** A signed-in socket on some API instance confirmed within the last 60 s. */
  present: boolean;
  /** PUT /atendente/tabular's pause (pessoa.id_status 201) and its reason. */
  pauseReason: number | null;
  /** The attendant's latest call: open ('tocando' / 'em_curso') or ended. */
  latestCall: { id: number; open: boolean; answered: boolean; endedAt: string | null; internal: boolean } | null;
  /** The latest outcome or status change the attendant recorded (historico_atendimento). */
  lastActionAt: string | null;
}

export interface DerivedState {
  state: FloorState;
  reasonId: number | null;
  callId: number | null;
}

/**
 * Precedence: offline (no socket anywhere: whatever else holds, nobody is at the desk), in call, ringing,
 * after-call work (the latest call was answered, has ended, and nothing was recorded since: no outcome and no
 * status change; a call between two extensions has no client, so no outcome and no after-call work), paused,
 * available.
 */
export function deriveState({ present, pauseReason, latestCall, lastActionAt }: StateFacts): DerivedState {
  if (!present) return { state: 'offline', reasonId: null, callId: null };
  if (latestCall?.open) return { state: latestCall.answered ? 'em_ligacao' : 'tocando', reasonId: null, callId: latestCall.id };
  const endedAt = latestCall?.answered && !latestCall.internal ? latestCall.endedAt : null;
  if (latestCall && endedAt && (!lastActionAt || Date.parse(lastActionAt) < Date.parse(endedAt))) {
    return { state: 'pos_atendimento', reasonId: null, callId: latestCall.id };
  }
  if (pauseReason !== null) return { state: 'pausa', reasonId: pauseReason, callId: null };
  return { state: 'disponivel', reasonId: null, callId: null };
}

/** Whether two derivations are the same state (a new history row is written only when they are not). */
export const sameState = (a: DerivedState, b: DerivedState) => a.state === b.state && a.reasonId === b.reasonId && a.callId === b.callId;
