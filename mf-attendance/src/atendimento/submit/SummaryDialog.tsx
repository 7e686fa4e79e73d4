import { formatBRL, type Operacao, creditTypeLabel } from '@consig/shared';
import { Dialog } from '@consig/shared';
import { FigureList } from '../ui/FigureList';
import { calendarDay, iof, monthlyRate, percent } from '../ui/figures';
import type { SubmitKind } from './submission';

const TITLE: Record<SubmitKind, string> = { proposal: 'Resumo da venda', simulation: 'Resumo da simulação' };

function OperationSummary({ operation }: { operation: Operacao }) {
  const name = `${creditTypeLabel(operation.ID_TipoCredito)}${operation.DE_Banco ? ` · ${operation.DE_Banco}` : ''}`;
  const figures: [label: string, value: string][] = [
    ['Prazo', String(operation.NU_Parcelas)],
    ['Parcela', formatBRL(operation.VL_Parcela)],
    ['Valor bruto', formatBRL(operation.VL_Bruto)],
    ['Valor líquido', formatBRL(operation.VL_Liquido)],
    ['Taxa', monthlyRate(operation.VL_Taxa)],
    ['IOF', iof(operation.VL_IOF)],
    ['CET mensal', percent(operation.VL_CETMensal)],
    ['CET anual', percent(operation.VL_CETAnual)],
    ['Validade', calendarDay(operation.DT_Validade)],
  ];
  return (
    <section className="att-submit__operation" aria-label={name}>
      <h3>{name}</h3>
      <FigureList className="att-submit__figures" figures={figures} />
    </section>
  );
}

/**
 * 'Resumo da venda' / 'Resumo da simulação' (product-spec §2, §4): the figures each selected operation will
 * carry, as they were when the summary opened, and the confirm button (a spinner while the request is pending).
 */
export function SummaryDialog({
  kind,
  operations,
  pending,
  onConfirm,
  onClose,
}: {
  kind: SubmitKind;
  operations: readonly Operacao[];
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog title={TITLE[kind]} onClose={onClose}>
      <div className="att-submit__summary">
        {operations.map((operation) => (
          <OperationSummary key={operation.OperacaoID} operation={operation} />
        ))}
      </div>
      <div className="att-submit__confirm">
        <button type="button" className="consig-button" onClick={onConfirm} disabled={pending} aria-busy={pending}>
          {pending && <span className="consig-spinner consig-spinner--inline" aria-hidden="true" />}
          {pending ? 'Enviando...' : 'Confirmar'}
        </button>
      </div>
    </Dialog>
  );
}
