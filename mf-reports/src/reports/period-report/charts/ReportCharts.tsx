import { formatHoursMinutesSeconds, type Report } from '@consig/shared';
import type { ChartConfiguration, TooltipItem } from 'chart.js';
import { useId, useMemo } from 'react';
import { formatCount, formatShare } from '../reportFormat';
import { ChartCanvas } from './ChartCanvas';
import {
  callsSeries,
  describeCalls,
  describeOutcomes,
  describePauses,
  describeTalk,
  outcomeSeries,
  pauseSeries,
  talkSeries,
} from './chartData';

type Config = ChartConfiguration<'bar' | 'line', (number | null)[], string>;

// The theme's colours (theme.css), spelt out: a canvas does not read CSS variables. Series told apart by colour
// are also told apart by lightness and shape (light bars with a border, dark bars, a dashed line with diamonds),
// every chart has its figures in words (its text alternative) and in the tables.
const COLOURS = { primary: '#0b5fff', primaryLight: '#b2ccff', warning: '#b54708', success: '#067647' };

/** A horizontal bar chart grows with its bars, so each stays readable. */
const barsHeight = (bars: number) => Math.max(140, 36 * bars + 48);

function callsConfig(report: Report): Config {
  const series = callsSeries(report);
  return {
    type: 'bar',
    data: {
      labels: series.labels,
      datasets: [
        {
          type: 'bar',
          label: 'Tentativas',
          data: series.attempts,
          backgroundColor: COLOURS.primaryLight,
          borderColor: COLOURS.primary,
          borderWidth: 1,
          yAxisID: 'y',
          order: 2,
        },
        { type: 'bar', label: 'Atendidas', data: series.answered, backgroundColor: COLOURS.primary, yAxisID: 'y', order: 2 },
        {
          type: 'line',
          label: 'Taxa de contato (%)',
          data: series.contactRate,
          borderColor: COLOURS.warning,
          backgroundColor: COLOURS.warning,
          borderDash: [6, 4],
          pointStyle: 'rectRot',
          pointRadius: 4,
          yAxisID: 'rate',
          order: 1,
        },
      ],
    },
    options: {
      interaction: { mode: 'index', intersect: false },
      scales: {
        y: { beginAtZero: true, ticks: { precision: 0 }, title: { display: true, text: 'Ligações' } },
        rate: {
          position: 'right',
          min: 0,
          max: 100,
          grid: { drawOnChartArea: false },
          title: { display: true, text: 'Taxa de contato (%)' },
        },
      },
      plugins: {
        tooltip: {
          callbacks: {
            label: (item: TooltipItem<'bar' | 'line'>) =>
              item.dataset.yAxisID === 'rate'
                ? `Taxa de contato: ${formatShare(item.parsed.y === null ? null : item.parsed.y / 100)}`
                : `${item.dataset.label}: ${formatCount(item.parsed.y ?? 0)}`,
          },
        },
      },
    },
  };
}

function talkConfig(report: Report): Config {
  const series = talkSeries(report);
  return {
    type: 'bar',
    data: {
      labels: series.labels,
      datasets: [{ type: 'bar', label: 'Tempo falado (minutos)', data: series.minutes, backgroundColor: COLOURS.success }],
    },
    options: {
      scales: { y: { beginAtZero: true, title: { display: true, text: 'Minutos' } } },
      plugins: {
        legend: { display: false },
        tooltip: { callbacks: { label: (item) => `Tempo falado: ${formatHoursMinutesSeconds(series.seconds[item.dataIndex] ?? 0)}` } },
      },
    },
  };
}

function outcomesConfig(report: Report): Config {
  const series = outcomeSeries(report);
  return {
    type: 'bar',
    data: {
      labels: series.labels,
      datasets: [{ type: 'bar', label: 'Resultados', data: series.counts, backgroundColor: COLOURS.primary }],
    },
    options: {
      indexAxis: 'y',
      scales: { x: { beginAtZero: true, ticks: { precision: 0 } } },
      plugins: {
        legend: { display: false },
        tooltip: {
          callbacks: {
            label: (item) => `${formatCount(series.counts[item.dataIndex] ?? 0)} (${formatShare(series.shares[item.dataIndex] ?? null)})`,
          },
        },
      },
    },
  };
}

function pausesConfig(report: Report): Config {
  const series = pauseSeries(report);
  return {
    type: 'bar',
    data: {
      labels: series.labels,
      datasets: [{ type: 'bar', label: 'Tempo em pausa (minutos)', data: series.minutes, backgroundColor: COLOURS.warning }],
    },
    options: {
      indexAxis: 'y',
      scales: { x: { beginAtZero: true, title: { display: true, text: 'Minutos' } } },
      plugins: {
        legend: { display: false },
        tooltip: { callbacks: { label: (item) => `Em pausa: ${formatHoursMinutesSeconds(series.seconds[item.dataIndex] ?? 0)}` } },
      },
    },
  };
}

/** One chart with its caption; with nothing to draw, the caption and the sentence alone. */
function ReportFigure({
  caption,
  description,
  config,
  height,
}: {
  caption: string;
  description: string;
  config: Config | null;
  height?: number;
}) {
  const captionId = useId();
  return (
    <figure className="rp-chart rp-report-chart" aria-labelledby={captionId}>
      <figcaption id={captionId}>{caption}</figcaption>
      {config ? <ChartCanvas config={config} label={description} height={height} /> : <p className="consig-empty">{description}</p>}
    </figure>
  );
}

/**
 * The report's four charts: calls attempted and answered with the contact rate, talk time, outcomes, and time
 * paused by reason. Loaded on its own (React.lazy), with Chart.js, only when a report is shown.
 */
export function ReportCharts({ report }: { report: Report }) {
  const per = report.agrupar === 'hora' ? 'por hora do dia' : 'por dia';
  const configs = useMemo(
    () => ({ calls: callsConfig(report), talk: talkConfig(report), outcomes: outcomesConfig(report), pauses: pausesConfig(report) }),
    [report],
  );
  const outcomes = configs.outcomes.data.labels?.length ?? 0;
  const pauses = configs.pauses.data.labels?.length ?? 0;

  return (
    <div className="rp-report-charts">
      <ReportFigure caption={`Tentativas, atendidas e taxa de contato ${per}`} description={describeCalls(report)} config={configs.calls} />
      <ReportFigure caption={`Tempo falado ${per}`} description={describeTalk(report)} config={configs.talk} />
      <ReportFigure
        caption="Resultados das ligações"
        description={describeOutcomes(report)}
        config={outcomes > 0 ? configs.outcomes : null}
        height={barsHeight(outcomes)}
      />
      <ReportFigure
        caption="Tempo em pausa por motivo"
        description={describePauses(report)}
        config={pauses > 0 ? configs.pauses : null}
        height={barsHeight(pauses)}
      />
    </div>
  );
}
