/**
 * The attendant's own status (GET /atendente/status, PUT /atendente/tabular): available (81) or on a pause
 * with its reason (202–206). The routes call these; the SQL is in attendant.repository.ts.
 */
import type { AttendantStatusResponse } from '@consig/shared/contracts';
import type { CompanyScope } from '../auth/scope';
import { ApiError, TEXT } from '../http/errors';
import { createQueueRepository } from '../queue/queue.repository';
import { createAttendantRepository, type AttendantStatus } from './attendant.repository';

/** The answer both routes give: the status and, on a pause, its reason in the text. */
export function statusAnswer(row: AttendantStatus | undefined): AttendantStatusResponse {
  // The bearer hook has just found the person; gone now means removed in between: the session ended.
  if (!row) throw new ApiError(401, TEXT.unauthorized);
  const text = row.DE_MotivoPausa ? `Pausa registrada: ${row.DE_MotivoPausa}.` : 'Você está disponível.';
  const status = { ID_Status: row.ID_Status, ID_MotivoPausa: row.ID_MotivoPausa };
  return { success: true, text, ...status, data: status };
}

/** Sets the status; it and its line in the attendance history (reports count pauses) commit together. */
export async function setAttendantStatus(
  { db, companyId }: CompanyScope,
  personId: number,
  status: number,
  now: Date,
): Promise<AttendantStatusResponse> {
  return db.transaction(async (tx) => {
    const repository = createAttendantRepository({ db: tx, companyId });
    await repository.setStatus(personId, status);
    await createQueueRepository({ db: tx, companyId }).record({ attendantId: personId, status, at: now });
    return statusAnswer(await repository.statusOf(personId));
  });
}
