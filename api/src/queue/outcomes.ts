/**
 * What each call outcome does to the client's place in the queue (docs/rules.md "Campaign queue").
 * Pure: the route applies the decision in one transaction.
 */
import { CALL_OUTCOMES } from '@consig/shared/contracts';
import { formatSaoPauloDateTime } from '@consig/shared/format';
import { nextBusinessOpening, type CompanyWindow } from './callingRules';

export const OUTCOME = { NAO_ATENDE: 301, FALECIDO: 302, SEM_INTERESSE: 303, SEM_MARGEM: 304, RETORNAR: 305, VIROU_CLIENTE: 306 } as const;

/** 301: the client comes back after this long, for at most MAX_ATTEMPTS calls in all. */
export const RETRY_AFTER_MINUTES = 30;
export const MAX_ATTEMPTS = 3;
/** 305 with a time: no further ahead than this (a forgotten callback must not sit in the queue for a year). */
export const CALLBACK_MAX_DAYS = 60;

export type Decision =
  | { kind: 'retry'; dueAt: Date; attempt: number }
  | { kind: 'close'; attempt: number; exhausted: boolean }
  | { kind: 'doNotCall' }
  | { kind: 'callback'; dueAt: Date }
  | { kind: 'lead' }
  | { kind: 'refused'; text: string };

export interface DecisionInput {
  outcome: number;
  /** Calls already tabulated for this client in this campaign. */
  attemptsBefore: number;
  now: Date;
  /** 305: the time the client asked for, if any. */
  callbackAt: Date | null;
  window: CompanyWindow;
  /** The client's state (its time zone and state rules), null when unknown. */
  state: string | null;
}

/**
 * Whether a callback may fall due at `callbackAt` (305's DT_Retorno, and a callback moved on the calendar):
 * the refusal's text, or null. In the future, and no further ahead than CALLBACK_MAX_DAYS.
 */
export function callbackTimeRefusal(callbackAt: Date, now: Date): string | null {
  if (callbackAt.getTime() <= now.getTime()) return 'A data de retorno deve ser no futuro.';
  if (callbackAt.getTime() > now.getTime() + CALLBACK_MAX_DAYS * 86_400_000) {
    return `A data de retorno deve estar nos próximos ${CALLBACK_MAX_DAYS} dias.`;
  }
  return null;
}

export function decide({ outcome, attemptsBefore, now, callbackAt, window, state }: DecisionInput): Decision {
  const attempt = attemptsBefore + 1;
  if (callbackAt && outcome !== OUTCOME.RETORNAR) return { kind: 'refused', text: 'Data de retorno só vale para "Retornar ligação".' };
  switch (outcome) {
    case OUTCOME.NAO_ATENDE:
      return attempt < MAX_ATTEMPTS
        ? { kind: 'retry', attempt, dueAt: new Date(now.getTime() + RETRY_AFTER_MINUTES * 60_000) }
        : { kind: 'close', attempt, exhausted: true };
    case OUTCOME.FALECIDO:
      return { kind: 'doNotCall' };
    case OUTCOME.RETORNAR: {
      if (!callbackAt) return { kind: 'callback', dueAt: nextBusinessOpening(window, state, now) };
      const refusal = callbackTimeRefusal(callbackAt, now);
      return refusal ? { kind: 'refused', text: refusal } : { kind: 'callback', dueAt: callbackAt };
    }
    case OUTCOME.VIROU_CLIENTE:
      return { kind: 'lead' };
    default:
      return { kind: 'close', attempt, exhausted: false };
  }
}

const label = (outcome: number) => CALL_OUTCOMES.find((o) => o.ID_Status === outcome)?.DE_Status ?? String(outcome);

/** '23/11/2026 às 08:00' (Brasília time, the call centre's clock). */
export function brasiliaTime(instant: Date): string {
  return formatSaoPauloDateTime(instant.toISOString()).replace(' ', ' às ');
}

/** The attendant's confirmation, in Portuguese. */
export function decisionText(outcome: number, decision: Exclude<Decision, { kind: 'refused' }>): string {
  switch (decision.kind) {
    case 'retry':
      return `${label(outcome)}: o cliente volta para a fila em ${RETRY_AFTER_MINUTES} minutos (tentativa ${decision.attempt} de ${MAX_ATTEMPTS}).`;
    case 'close':
      return decision.exhausted
        ? `${label(outcome)}: tentativas esgotadas (${decision.attempt} de ${MAX_ATTEMPTS}); cliente encerrado nesta campanha.`
        : `Atendimento encerrado: ${label(outcome)}.`;
    case 'doNotCall':
      return 'Cliente marcado para não ligar em nenhuma campanha da empresa.';
    case 'callback':
      return `Retorno agendado para ${brasiliaTime(decision.dueAt)} (horário de Brasília).`;
    case 'lead':
      return 'Virou cliente: lead registrado no seu painel.';
  }
}
