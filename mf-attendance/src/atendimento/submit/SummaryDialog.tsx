import { ACCOUNT_TYPES, formatBRL, maskCpf, type Client, type Operation, creditTypeLabel } from '@consig/shared';
import { Dialog } from '@consig/shared';
import { FigureList } from '../ui/FigureList';
import { calendarDay, iof, monthlyRate, percent } from '../ui/figures';
import type { SubmitKind } from './submission';

const TITLE: Record<SubmitKind, string> = { proposal: 'Resumo da venda', simulation: 'Resumo da simulação' };

const withDigit = (number: string | null, digit: string | null) => (number ? `${number}${digit ? `-${digit}` : ''}` : '---');

/** The account the credit is paid into, as the operation card holds it: 'Banco Itaú · Ag. 1234 · Conta 56789-0 (Conta Corrente)'. */
function accountOf(operation: Operation): string {
  const bank = operation.CO_Banco ? `${operation.CO_Banco}${operation.DE_Banco ? ` - ${operation.DE_Banco}` : ''}` : '---';
  const type = ACCOUNT_TYPES.find((candidate) => candidate.ID_TipoConta === operation.ID_TipoConta)?.label;
  return `${bank} · Ag. ${withDigit(operation.CO_Agencia, operation.CO_AgenciaDV)} · Conta ${withDigit(operation.CO_ContaCorrente, operation.CO_ContaCorrenteDV)}${type ? ` (${type})` : ''}`;
}

/** Whom the sale is for: name and CPF; the simulation also the e-mail it goes to. */
function ClientSummary({ kind, client }: { kind: SubmitKind; client: Client }) {
  const figures: [label: string, value: string][] = [
    ['Cliente', client.DE_Pessoa || '---'],
    ['CPF', maskCpf(client.CO_CPF || client.DE_CPF) || '---'],
  ];
  if (kind === 'simulation')
    figures.push(['Enviar para', client.EM_Email || 'Sem e-mail cadastrado: a simulação será registrada sem envio.']);
  return (
    <section className="att-submit__operation" aria-label="Cliente">
      <FigureList className="att-submit__figures att-submit__client" figures={figures} />
    </section>
  );
}

function OperationSummary({ operation }: { operation: Operation }) {
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
    ['Conta de crédito', accountOf(operation)],
  ];
  return (
    <section className="att-submit__operation" aria-label={name}>
      <h3>{name}</h3>
      <FigureList className="att-submit__figures" figures={figures} />
    </section>
  );
}

/**
 * 'Resumo da venda' / 'Resumo da simulação' (product-spec §2, §4): whom it is for (name, CPF; the simulation's
 * e-mail), the figures and the account each selected operation will carry, as they were when the summary opened,
 * and the confirm button (a spinner while the request is pending).
 */
export function SummaryDialog({
  kind,
  client,
  operations,
  pending,
  onConfirm,
  onClose,
}: {
  kind: SubmitKind;
  client: Client;
  operations: readonly Operation[];
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog title={TITLE[kind]} onClose={onClose}>
      <div className="att-submit__summary">
        <ClientSummary kind={kind} client={client} />
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
