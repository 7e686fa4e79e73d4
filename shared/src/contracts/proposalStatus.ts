import * as z from 'zod/mini';
import { ROLE } from './domain';
import { envelope } from './envelope';

// Who may move a proposal from which status to which (docs/rules.md "Proposal status by
// role"). The one copy of the rule: the API refuses with it (PUT /crm/proposta) and the follow-up's row
// dropdown offers only what it allows, so the two can never disagree.

/** Proposal status codes (docs/rules.md "Status codes"; labels in PROPOSAL_STATUSES). */
export const PROPOSAL_STATUS = {
  AGUARDANDO_DIGITACAO: 10,
  DIGITADA: 20,
  PENDENTE: 30,
  EM_ANALISE: 40,
  APROVADA: 50,
  PAGA: 60,
  CANCELADA: 90,
  REPROVADA: 91,
} as const;

const S = PROPOSAL_STATUS;
/** An attendant cancels their own proposal only while the bank has not taken it up yet. */
const ATTENDANT_CANCELS_FROM: readonly number[] = [S.AGUARDANDO_DIGITACAO, S.DIGITADA, S.PENDENTE];
/** The statuses a supervisor moves between; out of Cancelada and Reprovada only a manager moves a proposal. */
const SUPERVISOR_STATUSES: readonly number[] = [S.AGUARDANDO_DIGITACAO, S.DIGITADA, S.PENDENTE, S.EM_ANALISE, S.CANCELADA, S.REPROVADA];
const SUPERVISOR_MOVES_FROM: readonly number[] = [S.AGUARDANDO_DIGITACAO, S.DIGITADA, S.PENDENTE, S.EM_ANALISE];
/** Set only by a manager: the bank approved or paid (commission depends on them). */
const MANAGER_ONLY_TARGETS: readonly number[] = [S.APROVADA, S.PAGA];

export const PROPOSAL_STATUS_TEXT = {
  attendantOnlyCancels: 'Atendentes só podem cancelar as próprias propostas enquanto estão em Aguardando digitação, Digitada ou Pendente.',
  managerOnlyTarget: 'Apenas gerentes podem marcar uma proposta como Aprovada ou Paga.',
  managerOnlyFrom: 'Apenas gerentes podem alterar o status de uma proposta Aprovada, Paga, Cancelada ou Reprovada.',
  unchanged: 'A proposta já está neste status.',
} as const;

/** Who asks for a change: their role (ID_Funcao) and whether they are the proposal's attendant. */
export interface StatusChanger {
  role: number;
  own: boolean;
}

/**
 * Why `changer` may not move a proposal from `from` to `to` (a Portuguese sentence for the 403), or null when
 * they may. `from === to` is no change and is not this rule's concern (null).
 */
export function statusChangeRefusal({ role, own }: StatusChanger, from: number, to: number): string | null {
  if (from === to) return null;
  if (role === ROLE.GERENTE) return null;
  if (role === ROLE.SUPERVISOR) {
    if (MANAGER_ONLY_TARGETS.includes(to)) return PROPOSAL_STATUS_TEXT.managerOnlyTarget;
    if (!SUPERVISOR_MOVES_FROM.includes(from)) return PROPOSAL_STATUS_TEXT.managerOnlyFrom;
    return SUPERVISOR_STATUSES.includes(to) ? null : PROPOSAL_STATUS_TEXT.managerOnlyTarget;
  }
  const cancelsOwn = role === ROLE.ATENDENTE && own && to === S.CANCELADA && ATTENDANT_CANCELS_FROM.includes(from);
  return cancelsOwn ? null : PROPOSAL_STATUS_TEXT.attendantOnlyCancels;
}

/** The statuses among `candidates` that `changer` may move a proposal in `from` to (`from` itself excluded). */
export function allowedStatusTargets(changer: StatusChanger, from: number, candidates: readonly number[]): number[] {
  return candidates.filter((to) => to !== from && statusChangeRefusal(changer, from, to) === null);
}

/**
 * One entry of a proposal's status history (extension, GET /crm/proposta/{id}/historico): who changed it,
 * when, from which status to which. The first entry is the registration (no previous status).
 */
export const proposalHistoryEntry = z.object({
  /** ISO 8601 instant in UTC ('2026-03-10T12:00:00.000Z'). */
  TS_Alteracao: z.string(),
  ID_Pessoa: z.int(),
  DE_Pessoa: z.string(),
  ID_StatusAnterior: z.nullable(z.int()),
  DE_StatusAnterior: z.nullable(z.string()),
  ID_Status: z.int(),
  DE_Status: z.string(),
});
export type ProposalHistoryEntry = z.infer<typeof proposalHistoryEntry>;
/** Oldest first. */
export const proposalHistoryResponse = envelope(z.array(proposalHistoryEntry));
