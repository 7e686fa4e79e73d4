/**
 * The attendant's working day on the queue: the next client and the call's outcome, each in one
 * transaction. Routes call these; the SQL is in queue.repository.ts, the rules in callingRules.ts and
 * outcomes.ts.
 */
import {
  AGENCY,
  ATTENDANT_STATUS,
  CREDIT_TYPE,
  type NextClientResponse,
  type CallOutcomeRequest,
  type CallOutcomeResponse,
} from '@consig/shared/contracts';
import { saoPauloDate } from '@consig/shared/credit';
import type { CompanyScope } from '../auth/scope';
import { isUniqueViolation } from '../db';
import { ApiError, TEXT } from '../http/errors';
import { DEFAULT_WINDOW, marketingBanCutoff, statesOpenNow, type CompanyWindow } from './callingRules';
import { decide, decisionText, OUTCOME } from './outcomes';
import { createQueueRepository, type CallableNow } from './queue.repository';

/** A callback its owner has not taken this long after it fell due goes to any attendant of the campaign. */
export const CALLBACK_OWNER_MINUTES = 60;

export const NO_CLIENT_TEXT = 'Nenhum cliente disponível agora nas campanhas em andamento em que você está.';
export const PAUSED_TEXT = 'Você está em pausa: escolha "Livre" para voltar a receber clientes.';

export function callableNow(window: CompanyWindow, now: Date): CallableNow {
  return {
    now,
    openStates: statesOpenNow(window, now),
    banCutoff: marketingBanCutoff(saoPauloDate(now)),
    callbackOpenBefore: new Date(now.getTime() - CALLBACK_OWNER_MINUTES * 60_000),
  };
}

/** PostgreSQL's unique violation: two claims raced for one client through two campaigns. */

/**
 * GET /crm/cliente/proximo. A unique violation means a concurrent claim took the same client through
 * another campaign in the instant between its commit and our lock (the database refused the double
 * hold): the claim is simply tried again, and sees that client taken.
 */
export async function nextClient({ db, companyId }: CompanyScope, personId: number, now: Date): Promise<NextClientResponse> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const queue = createQueueRepository({ db: tx, companyId });
        const attendant = await queue.lockAttendant(personId);
        if (!attendant) throw new ApiError(401, TEXT.unauthorized);
        if (attendant.status === ATTENDANT_STATUS.PAUSED) return { success: false, text: PAUSED_TEXT, data: null };
        const entry =
          (await queue.renewHeld(personId, now)) ??
          (await queue.claimNext(personId, attendant.campaigns, callableNow(attendant.window, now)));
        if (!entry) return { success: false, text: NO_CLIENT_TEXT, data: null };
        return {
          success: true,
          text: `Cliente da campanha ${entry.DE_Campanha}.`,
          data: { cliente: { ClienteID: entry.ClienteID, ID_Campanha: entry.ID_Campanha, DE_Campanha: entry.DE_Campanha } },
        };
      });
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
    }
  }
}

/** A lead's credit type from the agency of its campaign or client (1 FGTS, 4 INSS; none: INSS). */
export const leadCreditType = (agency: number | null) => (agency === AGENCY.FGTS ? CREDIT_TYPE.FGTS : CREDIT_TYPE.INSS);

/**
 * DT_Retorno (its format checked by the contract, callbackInstant) as an instant: 400 when its figures name none
 * ('2026-13-01T10:00:00-03:00'). Outcome 305 and a callback moved on the calendar read it alike.
 */
export function parseCallbackAt(text: string): Date {
  const at = new Date(text);
  if (Number.isNaN(at.getTime())) throw new ApiError(400, 'DT_Retorno: Data de retorno inválida.');
  return at;
}

/** PUT /crm/tabulacao/cliente: only the attendant holding the client may record its outcome. */
export async function tabulate(
  { db, companyId }: CompanyScope,
  personId: number,
  body: CallOutcomeRequest,
  now: Date,
): Promise<CallOutcomeResponse> {
  const callbackAt = body.DT_Retorno ? parseCallbackAt(body.DT_Retorno) : null;
  return db.transaction(async (tx) => {
    const queue = createQueueRepository({ db: tx, companyId });
    const entry = await queue.lockHeld(personId, body.ID_Cliente);
    if (!entry) {
      if (!(await queue.clientExists(body.ID_Cliente))) throw new ApiError(404, TEXT.clientNotFound);
      throw new ApiError(403, 'Este cliente não está com você: só quem o recebeu da fila registra o resultado da ligação.');
    }
    const decision = decide({
      outcome: body.ID_Status,
      attemptsBefore: entry.NU_Tentativas,
      now,
      callbackAt,
      // Only a callback without a time needs the calling window (its next business opening).
      window: body.ID_Status === OUTCOME.RETORNAR && !callbackAt ? await queue.callingWindow() : DEFAULT_WINDOW,
      state: entry.SG_Estado,
    });
    let comesBack: Date | null = null;
    switch (decision.kind) {
      case 'refused':
        throw new ApiError(400, decision.text);
      case 'retry':
        await queue.requeue(entry, { kind: 'nova_tentativa', dueAt: decision.dueAt, owner: null, outcome: body.ID_Status, now });
        comesBack = decision.dueAt;
        break;
      case 'callback':
        await queue.requeue(entry, { kind: 'retorno', dueAt: decision.dueAt, owner: personId, outcome: body.ID_Status, now });
        comesBack = decision.dueAt;
        break;
      case 'doNotCall':
        await queue.markDoNotCall(entry.ClienteID, OUTCOME.FALECIDO, now);
        break;
      case 'lead':
        await queue.close(entry, body.ID_Status, now);
        await queue.addLead(entry.ClienteID, personId, leadCreditType(entry.ID_Orgao), now);
        break;
      case 'close':
        await queue.close(entry, body.ID_Status, now);
        break;
    }
    await queue.record({
      attendantId: personId,
      status: body.ID_Status,
      clientId: entry.ClienteID,
      campaignId: entry.ID_Campanha,
      at: now,
    });
    return {
      success: true,
      text: decisionText(body.ID_Status, decision),
      data: { ID_Cliente: entry.ClienteID, ID_Status: body.ID_Status, TS_Retorno: comesBack?.toISOString() ?? null },
    };
  });
}
