import { formatHoursMinutesSeconds, NO_ACTIVITY, reportRates, reportShare, type Report, type ReportFigures } from '@consig/shared';
import { bucketLabel, formatCount, formatShare } from '../reportFormat';

// What the charts draw, shaped from a report by plain functions (tested without a canvas), and the sentence each
// chart is read as (its canvas's text alternative). The same figures are in the tables under them.

const DAY_MS = 86_400_000;

const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** Every bucket key from `first` to `last`: each day, or each hour of the day ('08'…'23'). */
function keysBetween(first: string, last: string, grouping: Report['agrupar']): string[] {
  const keys: string[] = [];
  if (grouping === 'hora') {
    for (let hour = Number(first); hour <= Number(last); hour += 1) keys.push(String(hour).padStart(2, '0'));
    return keys;
  }
  for (let day = first; day <= last; day = dayAfter(day)) keys.push(day);
  return keys;
}

export interface ChartBucket {
  label: string;
  figures: ReportFigures;
}

/**
 * The report's buckets in order, with the quiet days or hours between the first and the last active one filled
 * with zeros, so the axis runs evenly (an idle hour shows as an empty slot, not as a missing one).
 */
export function chartBuckets(report: Report): ChartBucket[] {
  const byKey = new Map(report.linhas.map((line) => [line.DE_Chave, line]));
  const keys = [...byKey.keys()].sort();
  if (keys.length === 0) return [];
  return keysBetween(keys[0], keys[keys.length - 1], report.agrupar).map((key) => ({
    label: bucketLabel(key, report.agrupar),
    figures: byKey.get(key) ?? NO_ACTIVITY,
  }));
}

/** A share as a percent for an axis (0–100, one decimal), null when its whole is 0 (a gap in the line). */
const asPercent = (share: number | null) => (share === null ? null : Math.round(share * 1000) / 10);
/** Seconds as minutes for an axis, one decimal. */
export const asMinutes = (seconds: number) => Math.round(seconds / 6) / 10;

/** The bucket with the largest `value` (the first of equals), or null when every value is 0. */
function peak<T>(items: readonly T[], value: (item: T) => number): T | null {
  let best: T | null = null;
  for (const item of items) if (value(item) > 0 && (best === null || value(item) > value(best))) best = item;
  return best;
}

const unitOf = (report: Report, count: number) =>
  report.agrupar === 'hora' ? (count === 1 ? 'hora' : 'horas') : count === 1 ? 'dia' : 'dias';

/** (a) Calls attempted and answered per bucket (bars) and the contact rate (line, percent). */
export function callsSeries(report: Report) {
  const buckets = chartBuckets(report);
  return {
    labels: buckets.map((bucket) => bucket.label),
    attempts: buckets.map((bucket) => bucket.figures.NU_Tentativas),
    answered: buckets.map((bucket) => bucket.figures.NU_Atendidas),
    contactRate: buckets.map((bucket) => asPercent(reportRates(bucket.figures).contactRate)),
  };
}

export function describeCalls(report: Report): string {
  const buckets = chartBuckets(report);
  const { NU_Tentativas, NU_Atendidas } = report.totais;
  const busiest = peak(buckets, (bucket) => bucket.figures.NU_Tentativas);
  return [
    `${buckets.length} ${unitOf(report, buckets.length)}: ${formatCount(NU_Tentativas)} tentativas e ${formatCount(NU_Atendidas)} atendidas,`,
    `taxa de contato ${formatShare(reportRates(report.totais).contactRate)}.`,
    busiest ? `Mais tentativas em ${busiest.label} (${formatCount(busiest.figures.NU_Tentativas)}).` : 'Nenhuma tentativa.',
  ].join(' ');
}

/** (b) Talk time per bucket: minutes for the axis, the seconds kept for the tooltips. */
export function talkSeries(report: Report) {
  const buckets = chartBuckets(report);
  const seconds = buckets.map((bucket) => bucket.figures.NU_SegundosFalados);
  return { labels: buckets.map((bucket) => bucket.label), seconds, minutes: seconds.map(asMinutes) };
}

export function describeTalk(report: Report): string {
  const busiest = peak(chartBuckets(report), (bucket) => bucket.figures.NU_SegundosFalados);
  const total = `Tempo falado no período: ${formatHoursMinutesSeconds(report.totais.NU_SegundosFalados)}.`;
  return busiest ? `${total} Maior em ${busiest.label} (${formatHoursMinutesSeconds(busiest.figures.NU_SegundosFalados)}).` : total;
}

/** (c) Outcomes of the period: every code with a count, largest first, and each one's share of them. */
export function outcomeSeries(report: Report) {
  const outcomes = report.resultados.filter((outcome) => outcome.NU_Quantidade > 0).sort((a, b) => b.NU_Quantidade - a.NU_Quantidade);
  const total = outcomes.reduce((sum, outcome) => sum + outcome.NU_Quantidade, 0);
  return {
    labels: outcomes.map((outcome) => outcome.DE_Status),
    counts: outcomes.map((outcome) => outcome.NU_Quantidade),
    shares: outcomes.map((outcome) => reportShare(outcome.NU_Quantidade, total)),
    total,
  };
}

export function describeOutcomes(report: Report): string {
  const { labels, counts, shares, total } = outcomeSeries(report);
  if (total === 0) return 'Nenhum resultado registrado no período.';
  const parts = labels.map((label, index) => `${label}: ${formatCount(counts[index])} (${formatShare(shares[index])})`);
  return `${formatCount(total)} resultados. ${parts.join('; ')}.`;
}

/** (d) Time paused by reason, longest first: minutes for the axis, the seconds for the tooltips. */
export function pauseSeries(report: Report) {
  const pauses = report.pausas.filter((pause) => pause.NU_Segundos > 0).sort((a, b) => b.NU_Segundos - a.NU_Segundos);
  const seconds = pauses.map((pause) => pause.NU_Segundos);
  return { labels: pauses.map((pause) => pause.DE_MotivoPausa), seconds, minutes: seconds.map(asMinutes) };
}

export function describePauses(report: Report): string {
  const { labels, seconds } = pauseSeries(report);
  if (labels.length === 0) return 'Nenhuma pausa no período.';
  return `${labels.map((label, index) => `${label}: ${formatHoursMinutesSeconds(seconds[index])}`).join('; ')}.`;
}
