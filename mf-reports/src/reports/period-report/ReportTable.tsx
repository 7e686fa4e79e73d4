import {
  formatBRL,
  formatElapsed,
  formatHoursMinutesSeconds,
  reportRates,
  TableHead,
  type Report,
  type ReportFigures,
} from '@consig/shared';
import { useId } from 'react';
import { bucketLabel, formatCount, formatShare, GROUPING_TEXT, NO_FIGURE } from './reportFormat';
import { TableScroll } from '../TableScroll';

/** The figures' columns, after the bucket's: counts, then the rates derived from them (reportRates). */
const FIGURE_COLUMNS: readonly { label: string; value: (figures: ReportFigures) => string }[] = [
  { label: 'Tentativas', value: (figures) => formatCount(figures.NU_Tentativas) },
  { label: 'Atendidas', value: (figures) => formatCount(figures.NU_Atendidas) },
  { label: 'Recebidas', value: (figures) => formatCount(figures.NU_Recebidas) },
  { label: 'Taxa de contato', value: (figures) => formatShare(reportRates(figures).contactRate) },
  { label: 'Tempo falado', value: (figures) => formatHoursMinutesSeconds(figures.NU_SegundosFalados) },
  {
    label: 'Tempo médio falado',
    value: (figures) => {
      const average = reportRates(figures).averageTalkSeconds;
      return average === null ? NO_FIGURE : formatElapsed(average);
    },
  },
  { label: 'Propostas', value: (figures) => formatCount(figures.NU_Propostas) },
  { label: 'Valor', value: (figures) => formatBRL(figures.VL_Propostas) },
  { label: 'Conversão', value: (figures) => formatShare(reportRates(figures).conversion) },
  { label: 'Tempo logado', value: (figures) => formatHoursMinutesSeconds(figures.NU_SegundosLogado) },
  { label: 'Em pausa', value: (figures) => formatHoursMinutesSeconds(figures.NU_SegundosPausa) },
  { label: 'Ocupação', value: (figures) => formatShare(reportRates(figures).occupancy) },
];

/** One row: the bucket (or 'Total') as its header, then its figures. */
function FiguresRow({ name, nameColumn, figures }: { name: string; nameColumn: string; figures: ReportFigures }) {
  return (
    <tr>
      <th scope="row" data-label={nameColumn}>
        {name}
      </th>
      {FIGURE_COLUMNS.map((column) => (
        <td key={column.label} data-label={column.label} className="rp-number">
          {column.value(figures)}
        </td>
      ))}
    </tr>
  );
}

/** 'Por dia' / 'Por hora do dia': a row per bucket with activity, then the period's 'Total'. */
export function ReportTable({ report }: { report: Report }) {
  const titleId = useId();
  const text = GROUPING_TEXT[report.agrupar];
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>{text.title}</h2>
      <TableScroll labelledBy={titleId}>
        <table className="consig-table rp-table rp-report-table" aria-labelledby={titleId}>
          <TableHead columns={[text.column, ...FIGURE_COLUMNS.map((column) => column.label)]} />
          <tbody>
            {report.linhas.map((line) => (
              <FiguresRow key={line.DE_Chave} name={bucketLabel(line.DE_Chave, report.agrupar)} nameColumn={text.column} figures={line} />
            ))}
          </tbody>
          <tfoot className="rp-total">
            <FiguresRow name="Total" nameColumn={text.column} figures={report.totais} />
          </tfoot>
        </table>
      </TableScroll>
    </section>
  );
}
