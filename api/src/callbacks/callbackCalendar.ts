/**
 * The callback calendar (docs/rules.md "Campaign queue" → "The callback calendar"): the waiting callbacks of a
 * range of São Paulo days, and moving one to another slot with the rules of outcome 305's DT_Retorno
 * (src/queue/outcomes.ts, callbackTimeRefusal). Routes call these; the SQL is in callbacks.repository.ts.
 */
import { CALLBACK_TEXT, type CallbackMoveResponse, type CallbacksResponse } from '@consig/shared/contracts';
import { formatSaoPauloDateTime } from '@consig/shared/format';
import type { CompanyScope } from '../auth/scope';
import { ApiError } from '../http/errors';
import { callbackTimeRefusal } from '../queue/outcomes';
import { parseCallbackAt } from '../queue/workingDay';
import { createCallbacksRepository, type CallbackRange } from './callbacks.repository';

const listText = (count: number) => (count === 0 ? 'Nenhum retorno neste período.' : `${count} retorno(s).`);

/** GET /crm/retornos: `range.attendantId` another company's person (or nobody) is 404. */
export async function listCallbacks(scope: CompanyScope, range: CallbackRange, now: Date): Promise<CallbacksResponse> {
  const callbacks = createCallbacksRepository(scope);
  if (range.attendantId !== null && !(await callbacks.personExists(range.attendantId))) {
    throw new ApiError(404, CALLBACK_TEXT.attendantNotFound);
  }
  const data = await callbacks.inRange(range, now);
  return { success: true, text: listText(data.length), data };
}

/**
 * PUT /crm/retornos/{FilaID}: the callback falls due at `DT_Retorno` instead, in one transaction. `attendantId`
 * (an attendant's own id; null for supervisors and managers): an attendant moves only their own callbacks (403).
 * Another company's row, or a row that is no waiting callback (claimed, closed, new), is 404. The time follows
 * the rules of 305's DT_Retorno, with their texts (400), and a refused move changes nothing.
 */
export async function moveCallback(
  { db, companyId }: CompanyScope,
  attendantId: number | null,
  queueId: number,
  DT_Retorno: string,
  now: Date,
): Promise<CallbackMoveResponse> {
  const dueAt = parseCallbackAt(DT_Retorno);
  return db.transaction(async (tx) => {
    const callbacks = createCallbacksRepository({ db: tx, companyId });
    const row = await callbacks.lockWaiting(queueId);
    if (!row) throw new ApiError(404, CALLBACK_TEXT.callbackNotFound);
    if (attendantId !== null && row.ownerId !== attendantId) throw new ApiError(403, CALLBACK_TEXT.othersCallback);
    const refusal = callbackTimeRefusal(dueAt, now);
    if (refusal) throw new ApiError(400, refusal);
    await callbacks.move(queueId, dueAt);
    const data = await callbacks.one(queueId, now);
    if (!data) throw new ApiError(404, CALLBACK_TEXT.callbackNotFound);
    return { success: true, text: `Retorno reagendado para ${formatSaoPauloDateTime(dueAt.toISOString())}.`, data };
  });
}
