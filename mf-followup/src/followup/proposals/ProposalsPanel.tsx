import { ROLE, TableHead, useSession, type ProposalFilters } from '@consig/shared';
import { QueryLoading } from '@consig/shared/query';
import { useId } from 'react';
import { usePossibleStatuses } from '../api/getPossibleStatuses';
import type { useProposals } from '../api/getProposals';
import { ExportCsvButton } from './ExportCsvButton';
import { ProposalRow } from './ProposalRow';

const COLUMNS = ['Nome', 'ADE', 'CPF', 'Status da Proposta', 'Atendente', 'Indicador', 'Valor', 'Operação'];

interface Props {
  filters: ProposalFilters;
  proposals: ReturnType<typeof useProposals>;
}

/** 'Atividades recentes': the proposals of the filters, a page at a time ('Carregar mais' asks for the next one). */
export function ProposalsPanel({ filters, proposals }: Props) {
  const titleId = useId();
  const { user } = useSession();
  const possible = usePossibleStatuses();
  const rows = proposals.data?.pages.flatMap((page) => page.data) ?? [];
  const canDelete = user?.ID_Funcao === ROLE.GERENTE;

  return (
    <section className="consig-panel fu-proposals" aria-labelledby={titleId}>
      <div className="fu-proposals__head">
        <h2 id={titleId}>Atividades recentes</h2>
        <ExportCsvButton filters={filters} />
      </div>
      <div className="fu-proposals__scroll">
        <table className="consig-table" aria-labelledby={titleId}>
          <TableHead columns={COLUMNS} />
          <tbody>
            {rows.map((proposal) => (
              <ProposalRow key={proposal.ID_Proposta} proposal={proposal} possibleStatuses={possible.data ?? []} canDelete={canDelete} />
            ))}
            {rows.length === 0 && !proposals.isPending ? (
              <tr>
                <td colSpan={COLUMNS.length} className="consig-empty">
                  Nenhuma proposta para os filtros selecionados.
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      {proposals.isPending || proposals.isFetchingNextPage ? <QueryLoading /> : null}
      {proposals.hasNextPage && !proposals.isFetchingNextPage ? (
        <div className="fu-more">
          <button type="button" className="consig-button consig-button--ghost" onClick={() => proposals.fetchNextPage()}>
            Carregar mais
          </button>
        </div>
      ) : null}
    </section>
  );
}
