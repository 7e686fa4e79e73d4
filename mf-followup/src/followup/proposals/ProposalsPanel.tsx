import { TableHead } from '@consig/shared';
import { useId } from 'react';

const COLUMNS = ['Nome', 'ADE', 'CPF', 'Status da Proposta', 'Atendente', 'Indicador', 'Valor', 'Operação'];

/** 'Atividades recentes': the proposal table. Rows (and the CSV export) arrive with the proposal list in a later issue. */
export function ProposalsPanel() {
  const titleId = useId();

  return (
    <section className="consig-panel fu-proposals" aria-labelledby={titleId}>
      <h2 id={titleId}>Atividades recentes</h2>
      <div className="fu-proposals__scroll">
        <table className="consig-table" aria-labelledby={titleId}>
          <TableHead columns={COLUMNS} />
          <tbody>
            <tr>
              <td colSpan={COLUMNS.length} className="consig-empty">
                Nenhuma proposta para os filtros selecionados.
              </td>
            </tr>
          </tbody>
        </table>
      </div>
    </section>
  );
}
