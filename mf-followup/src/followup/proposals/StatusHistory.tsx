import { formatSaoPauloDateTime, type ProposalHistoryEntry } from '@consig/shared';
import { QueryLoading } from '@consig/shared/query';
import { useProposalHistory } from '../api/getProposalHistory';

/** 'Digitada → Cancelada'; the first entry, the registration, has no previous status. */
export const historyChange = (entry: ProposalHistoryEntry) =>
  entry.DE_StatusAnterior === null ? `Registrada em ${entry.DE_Status}` : `${entry.DE_StatusAnterior} → ${entry.DE_Status}`;

/**
 * 'Histórico de status' of 'Resumo da Proposta' (docs/rules.md "Proposal status by role"): every change, oldest
 * first, as 'dd/mm/aaaa hh:mm' in São Paulo, who, and from → to.
 */
export function StatusHistory({ proposalId }: { proposalId: number }) {
  const history = useProposalHistory(proposalId);
  const entries = history.data ?? [];

  return (
    <section aria-label="Histórico de status">
      <h3>Histórico de status</h3>
      {history.isPending ? (
        <QueryLoading slow={history.isSlow} />
      ) : entries.length === 0 ? (
        <p className="consig-empty">Nenhuma mudança de status registrada.</p>
      ) : (
        <ol className="fu-history">
          {entries.map((entry, index) => (
            <li key={index}>
              <time dateTime={entry.TS_Alteracao}>{formatSaoPauloDateTime(entry.TS_Alteracao)}</time> · {entry.DE_Pessoa} ·{' '}
              {historyChange(entry)}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
