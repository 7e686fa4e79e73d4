import { sanitizeMoneyInput, type Operation, CREDIT_TYPE, creditTypeLabel } from '@consig/shared';
import { useId } from 'react';
import { useAttendanceStore } from '../state/AttendanceContext';
import { FigureList } from '../ui/FigureList';
import { calendarDay, iof, monthlyRate, percent } from '../ui/figures';
import { OperationBankFields } from './OperationBankFields';
import { termChoices } from './terms';
import { useRecalculation } from './useRecalculation';
import './operations.css';

/**
 * The card of the active credit type (§2, §4 "Operation cards"): selection, term, amounts, the offer's figures,
 * its proposal in progress (ADE and status) and the bank and account the money goes to.
 */
export function OperationCard({ operation, clientId }: { operation: Operation; clientId: number }) {
  const store = useAttendanceStore();
  const { draft, change, holdDebitBalance } = useRecalculation(operation, clientId);
  const titleId = useId();
  const isFgts = operation.ID_TipoCredito === CREDIT_TYPE.FGTS;
  const proposal = operation.PropostaEmAndamento;

  return (
    <section className="consig-panel att-operation" aria-labelledby={titleId}>
      <div className="att-operation__head">
        <h3 id={titleId}>
          {creditTypeLabel(operation.ID_TipoCredito)}
          {operation.DE_Banco ? ` · ${operation.DE_Banco}` : ''}
        </h3>
        <label className="att-switch">
          <input
            type="checkbox"
            role="switch"
            checked={operation.SN_Selecionado === 1}
            onChange={(event) =>
              store.dispatch({
                type: 'operationChanged',
                operationId: operation.OperacaoID,
                changes: { SN_Selecionado: event.target.checked ? 1 : 0 },
              })
            }
          />
          Selecionado
        </label>
      </div>
      <div className="att-operation__inputs">
        <label>
          {isFgts ? 'Parcelas antecipadas' : 'Prazo'}
          <select value={draft.NU_Parcelas} onChange={(event) => change({ NU_Parcelas: Number(event.target.value) })}>
            {termChoices(operation, draft.NU_Parcelas).map(({ term, label, disabled }) => (
              <option key={term} value={term} disabled={disabled}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Parcela
          <input
            inputMode="decimal"
            value={draft.VL_Parcela}
            onChange={(event) => change({ VL_Parcela: sanitizeMoneyInput(event.target.value), TP_Calculo: 'parcela' })}
          />
        </label>
        <label>
          Valor líquido
          <input
            inputMode="decimal"
            value={draft.VL_Liquido}
            disabled={isFgts /* FGTS: the net value follows from the balance and the years */}
            onChange={(event) => change({ VL_Liquido: sanitizeMoneyInput(event.target.value), TP_Calculo: 'liquido' })}
          />
        </label>
        <label>
          Saldo devedor
          <input
            inputMode="decimal"
            value={draft.VL_SaldoDevedor}
            onChange={(event) => holdDebitBalance(sanitizeMoneyInput(event.target.value))}
          />
        </label>
      </div>
      {proposal && (
        // A proposal in progress is this operation's until it is paid, cancelled or refused; a registered one shows once
        // the operations are read again (the registration names their read as stale).
        <p className="att-operation__proposal" role="status">
          Proposta ADE {proposal.CO_ADE} em andamento: <strong>{proposal.DE_Status}</strong>
        </p>
      )}
      {operation.DE_Mensagem && <p className="att-operation__message">{operation.DE_Mensagem}</p>}
      <FigureList
        className="att-operation__figures"
        label="Valores da oferta"
        figures={[
          ['Bruto', operation.DE_Bruto],
          ['Líquido', operation.DE_Liquido],
          ['Taxa', monthlyRate(operation.VL_Taxa)],
          ['IOF', iof(operation.VL_IOF)],
          [
            'CET',
            operation.VL_CETMensal == null ? '---' : `${percent(operation.VL_CETMensal)} a.m. / ${percent(operation.VL_CETAnual)} a.a.`,
          ],
          ['Validade', calendarDay(operation.DT_Validade)],
        ]}
      />
      <OperationBankFields operation={operation} />
    </section>
  );
}
