import type { PossibleStatus, ProposalListItem } from '@consig/shared';
import { useChangeProposalStatus } from '../api/changeProposalStatus';

interface Props {
  proposal: ProposalListItem;
  possible: readonly PossibleStatus[];
}

/**
 * The row's status dropdown (product-spec §4 "Proposal status"): starts on the current status and sends a
 * change at once; the counts and the list are then read again. A status that is not among the possible
 * ones is still shown, so the dropdown never claims a status the proposal does not have.
 */
export function ProposalStatusSelect({ proposal, possible }: Props) {
  const change = useChangeProposalStatus();
  const options = possible.some((status) => status.StatusID === proposal.ID_Status)
    ? possible
    : [{ StatusID: proposal.ID_Status, DE_Status: proposal.DE_Status }, ...possible];

  return (
    <select
      className="fu-status-select"
      aria-label={`Status da proposta ${proposal.CO_ADE}`}
      value={change.isPending ? change.variables.ID_Status : proposal.ID_Status}
      disabled={change.isPending}
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
