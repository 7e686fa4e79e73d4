import { formatBRL, formatElapsed, formatHoursMinutesSeconds, reportRates, type ReportFigures } from '@consig/shared';
import { useId } from 'react';
import { formatCount, formatShare, NO_FIGURE } from './reportFormat';

/** The period's figures as cards, [name, value]; a rate whose whole is 0 shows '—'. */
export function summaryCards(totals: ReportFigures): [label: string, value: string][] {
  const rates = reportRates(totals);
  return [
    ['Tentativas', formatCount(totals.NU_Tentativas)],
    ['Atendidas', formatCount(totals.NU_Atendidas)],
    ['Taxa de contato', formatShare(rates.contactRate)],
    ['Tempo médio falado', rates.averageTalkSeconds === null ? NO_FIGURE : formatElapsed(rates.averageTalkSeconds)],
    ['Tempo total falado', formatHoursMinutesSeconds(totals.NU_SegundosFalados)],
    ['Propostas', formatCount(totals.NU_Propostas)],
    ['Valor', formatBRL(totals.VL_Propostas)],
    ['Conversão', formatShare(rates.conversion)],
    ['Ocupação', formatShare(rates.occupancy)],
    ['Tempo logado', formatHoursMinutesSeconds(totals.NU_SegundosLogado)],
    ['Em pausa', formatHoursMinutesSeconds(totals.NU_SegundosPausa)],
  ];
}

/** 'Resumo': the whole period's totals and rates (reportRates), one card each. */
export function ReportSummary({ totals }: { totals: ReportFigures }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>Resumo</h2>
      <dl className="rp-cards">
        {summaryCards(totals).map(([label, value]) => (
          <div key={label} className="rp-card">
            <dt>{label}</dt>
            <dd>
              <span className="rp-card__value">{value}</span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
