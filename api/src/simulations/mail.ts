import { formatCents, type CalendarDate } from '@consig/shared/credit';
import { creditTypeLabel } from '@consig/shared/contracts';
import { rateText } from '../operations/offer';
import type { PricedOperation } from '../operations/pricing';

const percent = (text: string) => `${text.replace('.', ',')}%`;
const brazilianDay = (day: CalendarDate) => day.split('-').reverse().join('/');

/**
 * The summary the client receives, in Portuguese: per operation what the Autorregulação do consignado asks an
 * offer to show (docs/rules.md "Rules in force": rate, IOF, CET, validity) plus installment, term and net value.
 */
export function simulationText(clientName: string, operations: PricedOperation[]): string {
  const lines = operations.map(({ stored, figures }) => {
    const name = [creditTypeLabel(stored.ID_TipoCredito), stored.DE_Banco].filter(Boolean).join(' — ');
    const isFgts = figures.installment === 0;
    const term = isFgts ? `${figures.term} anos antecipados` : `${figures.term} parcelas de ${formatCents(figures.installment)}`;
    const cet = figures.cetMonthly
      ? `CET ${percent(figures.cetMonthly)} a.m. (${percent(figures.cetAnnual ?? '')} a.a.)`
      : 'CET não se aplica';
    return [
      `• ${name}`,
      `  Prazo: ${term}`,
      `  Valor líquido liberado: ${formatCents(figures.net)}`,
      `  Valor bruto: ${formatCents(figures.gross)}`,
      `  Taxa de juros: ${percent(rateText(figures.rate))} a.m.`,
      `  IOF: ${formatCents(figures.iof)}`,
      `  ${cet}`,
      `  Proposta válida até ${brazilianDay(figures.validUntil)}`,
    ].join('\n');
  });
  const greeting = clientName.trim() ? `Olá, ${clientName.trim()}.` : 'Olá.';
  return [
    greeting,
    '',
    'Segue a simulação de crédito consignado feita com você:',
    '',
    ...lines,
    '',
    'Os valores valem até a data indicada e dependem de aprovação do banco.',
  ].join('\n');
}

export const SIMULATION_SUBJECT = 'Sua simulação de crédito consignado';
