import { allowedStatusTargets, useSession, type PossibleStatus, type ProposalListItem } from '@consig/shared';
import { useChangeProposalStatus } from '../api/changeProposalStatus';

interface Props {
  proposal: ProposalListItem;
  possible: readonly PossibleStatus[];
}

/** Why the dropdown is disabled: the signed-in role may move this proposal nowhere (docs/rules.md "Proposal status by role"). */
export const NO_STATUS_CHANGE_TITLE = 'Seu perfil não pode alterar o status desta proposta.';

/**
 * The row's status dropdown (product-spec §4 "Proposal status"): starts on the current status and sends a
 * change at once; the counts and the list are then read again. It offers only the statuses the signed-in
 * person may move this proposal to, by the rule the API enforces (`allowedStatusTargets`, shared), beside the
 * current one, which is shown even when it is not among the possible ones, so the dropdown never claims a
 * status the proposal does not have.
 */
export function ProposalStatusSelect({ proposal, possible }: Props) {
  const { user } = useSession();
  const change = useChangeProposalStatus();
  const changer = { role: user?.ID_Funcao ?? 0, own: user?.ID_Pessoa === proposal.ID_Atendente };
  const targets = allowedStatusTargets(
    changer,
    proposal.ID_Status,
    possible.map((status) => status.StatusID),
  );
  const options = [
    { StatusID: proposal.ID_Status, DE_Status: proposal.DE_Status },
    ...possible.filter((status) => targets.includes(status.StatusID)),
  ].sort((a, b) => a.StatusID - b.StatusID);
  const locked = targets.length === 0;

  return (
    <select
      className="fu-status-select"
      aria-label={`Status da proposta ${proposal.CO_ADE}`}
      title={locked ? NO_STATUS_CHANGE_TITLE : undefined}
      value={change.isPending ? change.variables.ID_Status : proposal.ID_Status}
      disabled={change.isPending || locked}
      onChange={(event) => change.mutate({ PropostaID: proposal.ID_Proposta, ID_Status: Number(event.target.value) })}
    >
      {options.map((status) => (
        <option key={status.StatusID} value={status.StatusID}>
          {status.DE_Status}
        </option>
      ))}
    </select>
  );
}
