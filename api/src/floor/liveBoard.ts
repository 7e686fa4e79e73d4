/**
 * The live board's use-cases ('Relatórios' → 'Ao vivo', roles 12 and 13; docs/rules.md "Attendant state"): the
 * board itself, a supervisor pausing or resuming an attendant, and the attendant's own day.
 */
import {
  ALERT_ATTENDANT_STATUS,
  ATTENDANT_STATUS,
  PAUSE_REASONS,
  type AttendantStatusResponse,
  type FloorBoard,
  type MyDay,
  type Person,
} from '@consig/shared/contracts';
import type { CompanyScope } from '../auth/scope';
import { setAttendantStatus } from '../attendant/attendantStatus';
import { ApiError } from '../http/errors';
import type { Realtime } from '../realtime/realtime';
import type { Floor } from './floor';
import { createFloorRepository } from './floor.repository';

/** Every active attendant of the company with their state, today's figures, and the board's clock and limit. */
export async function liveBoard(scope: CompanyScope, now: Date): Promise<FloorBoard> {
  const floor = createFloorRepository(scope);
  const [atendentes, limit, due] = await Promise.all([floor.boardRows(now), floor.afterCallLimit(), floor.callbacksDue(now)]);
  return { TS_Servidor: now.toISOString(), NU_LimitePosAtendimento: limit, NU_RetornosVencidos: due, atendentes };
}

/**
 * A manager sets the company's after-call limit: saved and audited (with the limit it replaces) together; every
 * board reads it within a minute. The same limit again changes nothing and is not audited (as 'Telefonia' does).
 * `address` is the manager's client address, for the audit.
 */
export async function setAfterCallLimit(scope: CompanyScope, actor: Person, seconds: number, address: string | null): Promise<void> {
  await scope.db.transaction(async (tx) => {
    const floor = createFloorRepository({ db: tx, companyId: scope.companyId });
    const before = await floor.afterCallLimit();
    if (before === seconds) return;
    await floor.setAfterCallLimit(seconds);
    await floor.audit(actor.ID_Pessoa, 'empresa.limite_pos_atendimento', address, {
      before: { NU_LimitePosAtendimento: before },
      after: { NU_LimitePosAtendimento: seconds },
    });
  });
}

const reasonName = (status: number) => PAUSE_REASONS.find((reason) => reason.ID_Status === status)?.DE_Status ?? '';

/**
 * A supervisor pauses an attendant (202–206) or resumes them (81): the same status change the attendant makes,
 * audited, then the attendant's screen is told (ALERT_ATTENDANT_STATUS) and the board follows.
 */
export async function setStatusFor(
  scope: CompanyScope,
  {
    actor,
    address,
    attendantId,
    status,
    now,
    floor,
    realtime,
  }: { actor: Person; address: string | null; attendantId: number; status: number; now: Date; floor: Floor; realtime: Realtime },
): Promise<AttendantStatusResponse> {
  const [attendant] = await createFloorRepository(scope).boardRows(now, attendantId);
  if (!attendant) throw new ApiError(404, 'Atendente não encontrado.');
  const resume = status === ATTENDANT_STATUS.AVAILABLE;
  const answer = await scope.db.transaction(async (tx) => {
    // Inside this transaction (a nested one joins it): the change, its audit and the alert commit together.
    const changed = await setAttendantStatus({ db: tx, companyId: scope.companyId }, attendantId, status, now);
    await createFloorRepository({ db: tx, companyId: scope.companyId }).audit(
      actor.ID_Pessoa,
      resume ? 'atendente.retomada' : 'atendente.pausa',
      address,
      { detail: { ID_Atendente: attendantId, ID_Status: status } },
    );
    const text = resume ? 'Seu supervisor retomou seu atendimento.' : `Seu supervisor registrou uma pausa: ${reasonName(status)}.`;
    await realtime.push(attendantId, { TP_Alerta: ALERT_ATTENDANT_STATUS, DE_Dados: changed.data, DE_Observacao: text }, tx);
    return changed;
  });
  await floor.refresh(scope.companyId, attendantId);
  const text = resume ? `${attendant.DE_Pessoa} está disponível.` : `${attendant.DE_Pessoa} em pausa: ${reasonName(status)}.`;
  return { ...answer, text };
}

/** The attendant's own day so far (São Paulo's calendar day): calls, talk, pauses, proposals. */
export async function myDay(scope: CompanyScope, personId: number, now: Date): Promise<MyDay> {
  return createFloorRepository(scope).dayOf(personId, now);
}
