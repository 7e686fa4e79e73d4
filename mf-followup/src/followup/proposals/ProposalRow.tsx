import { BotIcon, formatBRL, maskCpf, type PossibleStatus, type ProposalListItem } from '@consig/shared';
import { useState } from 'react';
import { apiUrl } from '../lib/apiUrl';
import { TicketButtons } from '../tickets/TicketButtons';
import { DeleteProposalButton } from './DeleteProposalButton';
import { ProposalStatusSelect } from './ProposalStatusSelect';
import { ProposalSummaryDialog } from './ProposalSummaryDialog';

interface Props {
  proposal: ProposalListItem;
  possibleStatuses: readonly PossibleStatus[];
  canDelete: boolean;
}

/** One proposal of 'Atividades recentes' with the row's controls of product-spec §2. */
export function ProposalRow({ proposal: p, possibleStatuses, canDelete }: Props) {
  const [summaryOpen, setSummaryOpen] = useState(false);

  return (
    <tr>
      <td>
        <div className="fu-name">
          <img className="fu-bank-logo" src={apiUrl(p.LN_LogoBanco)} alt={p.DE_Banco} title={p.DE_Banco} width={24} height={24} />
          {p.SN_API === 1 ? (
            <span className="fu-bot" role="img" aria-label="Proposta digitada pela API" title="Proposta digitada pela API">
              <BotIcon size={18} aria-hidden="true" />
            </span>
          ) : null}
          <span title={p.DE_Pessoa}>{p.DE_Pessoa}</span>
        </div>
      </td>
      <td>
        <button type="button" className="fu-link" aria-haspopup="dialog" onClick={() => setSummaryOpen(true)}>
          {p.CO_ADE}
        </button>
        {summaryOpen ? <ProposalSummaryDialog proposal={p} onClose={() => setSummaryOpen(false)} /> : null}
      </td>
      <td className="fu-nowrap">{maskCpf(p.CO_CPF)}</td>
      <td>
        <ProposalStatusSelect proposal={p} possible={possibleStatuses} />
      </td>
      <td>{p.DE_Atendente}</td>
      <td>{p.DE_Indicador ?? '—'}</td>
      <td className="fu-nowrap">{formatBRL(p.DE_Liquido)}</td>
      <td>
        <div>{p.DE_Operacao}</div>
        <div className="fu-row-actions">
          <TicketButtons proposalId={p.ID_Proposta} ticketStatus={p.ID_StatusChamado} />
          {canDelete ? <DeleteProposalButton proposal={p} /> : null}
        </div>
      </td>
    </tr>
  );
}
