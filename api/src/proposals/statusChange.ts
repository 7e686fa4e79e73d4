/**
 * A proposal's status change (PUT /crm/proposta; docs/rules.md "Proposal status by role"): the one way the
 * API changes proposta.id_status. The rule is shared with the follow-up's dropdown (statusChangeRefusal);
 * the change and its history row commit together.
 */
import { FOLLOWUP_TEXT, INT4_MAX, PROPOSAL_STATUS_TEXT, statusChangeRefusal, type Person } from '@consig/shared/contracts';
import { recordAudit } from '../audit/audit';
import { ownRowsOnly } from '../auth/roles';
import type { CompanyScope } from '../auth/scope';
import { ApiError } from '../http/errors';
import { createProposalStatusRepository } from './proposalStatus.repository';

/**
 * Moves `proposalId` to `status` for `pessoa`: 400 when it is no proposal status, 404 when the caller cannot see
 * the proposal (another company's, or another attendant's for an attendant), 403 with the rule's text when
 * their role may not make that move. The same status again changes nothing and writes no history. The change,
 * its history row and its audit row (from `address`) commit together. Resolves to the answer's text.
 */
export async function changeProposalStatus(
  scope: CompanyScope,
  person: Person,
  proposalId: number,
  status: number,
  address: string | null,
): Promise<string> {
  // A number the status column cannot hold is no status either: the query would fail on it (500), not find nothing.
  const storable = Math.abs(status) <= INT4_MAX;
  if (!storable || !(await createProposalStatusRepository(scope).isPossibleStatus(status))) {
    throw new ApiError(400, FOLLOWUP_TEXT.statusInvalid);
  }
  return scope.db.transaction(async (tx) => {
    const proposals = createProposalStatusRepository({ db: tx, companyId: scope.companyId });
    const proposal = await proposals.lockForChange(proposalId, ownRowsOnly(person));
    if (!proposal) throw new ApiError(404, FOLLOWUP_TEXT.proposalNotFound);
    if (proposal.status === status) return PROPOSAL_STATUS_TEXT.unchanged;
    const refusal = statusChangeRefusal(
      { role: person.ID_Funcao, own: proposal.attendantId === person.ID_Pessoa },
      proposal.status,
      status,
    );
    if (refusal) throw new ApiError(403, refusal);
    await proposals.setStatus(proposalId, proposal.status, status, person.ID_Pessoa);
    await recordAudit(tx, {
      companyId: scope.companyId,
      personId: person.ID_Pessoa,
      action: 'proposta.status',
      address,
      detail: { ID_Proposta: proposalId },
      before: { ID_Status: proposal.status },
      after: { ID_Status: status },
    });
    return FOLLOWUP_TEXT.statusChanged;
  });
}
