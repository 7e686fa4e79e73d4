import { Dialog, TrashIcon, type ProposalListItem } from '@consig/shared';
import { useRef, useState } from 'react';
import { useDeleteProposal } from '../api/deleteProposal';

/** 'Proposta ADE 0000000123 de Maria Souza.': which proposal the confirmation removes. */
export const deleteSubject = ({ CO_ADE, DE_Pessoa }: Pick<ProposalListItem, 'CO_ADE' | 'DE_Pessoa'>) =>
  `Proposta ADE ${CO_ADE} de ${DE_Pessoa}.`;

/**
 * The row's delete button (managers only, product-spec §6) and its confirmation (§2, §4 "Proposal
 * removal"): Recusar keeps the proposal; Confirmar shows a spinner while the call runs, ignores repeated
 * clicks, and the dialog closes afterwards whatever the answer (the toast says which). The dialog names the
 * proposal (its ADE and client), so the manager sees which one goes.
 */
export function DeleteProposalButton({ proposal }: { proposal: Pick<ProposalListItem, 'ID_Proposta' | 'CO_ADE' | 'DE_Pessoa'> }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteProposal();
  // Two clicks in one tick both see isPending false: the ref is what stops the second.
  const sending = useRef(false);
  const close = () => setOpen(false);

  const confirm = () => {
    if (sending.current) return;
    sending.current = true;
    remove.mutate(proposal.ID_Proposta, {
      onSettled: () => {
        sending.current = false;
        close();
      },
    });
  };

  return (
    <>
      <button
        type="button"
        className="fu-icon-button fu-icon-button--danger"
        title="Deletar proposta."
        aria-label="Deletar proposta."
        onClick={() => setOpen(true)}
      >
        <TrashIcon size={18} aria-hidden="true" />
      </button>
      {open ? (
        <Dialog title="Tem certeza que deseja remover esta proposta?" onClose={() => !remove.isPending && close()}>
          <p className="fu-dialog__subject">{deleteSubject(proposal)}</p>
          <div className="fu-dialog__actions">
            <button type="button" className="consig-button consig-button--ghost" onClick={close} disabled={remove.isPending}>
              Recusar
            </button>
            <button type="button" className="consig-button" onClick={confirm} disabled={remove.isPending} aria-busy={remove.isPending}>
              {remove.isPending ? <span className="consig-spinner fu-spinner--inline" role="status" aria-label="Removendo..." /> : null}
              Confirmar
            </button>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
