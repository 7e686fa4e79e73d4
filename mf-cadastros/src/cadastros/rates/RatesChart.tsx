import { type RateRow } from '@consig/shared';
import { dayLabel, percentLabel } from './rateFormat';

const WIDTH = 640;
const HEIGHT = 180;
const PAD = { left: 44, right: 12, top: 10, bottom: 24 };
/** One color per credit type (1 to 7), dark enough on white (≥ 3:1 for graphics, WCAG 1.4.11). */
const COLORS = ['#0b5fff', '#b54708', '#067647', '#7a2e9e', '#c11574', '#0e7090', '#5f6b7a'];

const dayNumber = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));

interface Series {
  type: number;
  name: string;
  /** The any-bank rates of the type, oldest first: the line steps at each one's day. */
  steps: { day: string; percent: number; text: string }[];
}

function seriesOf(rates: readonly RateRow[]): Series[] {
  const byType = new Map<number, Series>();
  for (const rate of rates) {
    if (rate.ID_Banco !== null) continue;
    const series = byType.get(rate.ID_TipoCredito) ?? { type: rate.ID_TipoCredito, name: rate.DE_TipoCredito, steps: [] };
    series.steps.push({ day: rate.DT_Vigencia, percent: Number(rate.VL_TaxaMensal), text: rate.VL_TaxaMensal });
    byType.set(rate.ID_TipoCredito, series);
  }
  const all = [...byType.values()];
  for (const series of all) series.steps.sort((a, b) => a.day.localeCompare(b.day));
  return all;
}

/**
 * The rate for any bank of each credit type over time, a step line from each rate's day to the next one's (the last
 * one to today, or to its own day when it is a future rate). Plain SVG: a glance at how rates moved, the table below
 * holds the figures. Bank-specific rates are left out, so each type is one line.
 */
export function RatesChart({ rates, today }: { rates: readonly RateRow[]; today: string }) {
  const series = seriesOf(rates);
  if (series.length === 0) return null;
  const days = series.flatMap((s) => s.steps.map((step) => dayNumber(step.day)));
  const start = Math.min(...days);
  const end = Math.max(dayNumber(today), ...days);
  const top = Math.max(...series.flatMap((s) => s.steps.map((step) => step.percent))) * 1.15;
  const x = (day: number) => PAD.left + (end === start ? 0 : ((day - start) / (end - start)) * (WIDTH - PAD.left - PAD.right));
  const y = (percent: number) => HEIGHT - PAD.bottom - (percent / top) * (HEIGHT - PAD.top - PAD.bottom);
  const path = ({ steps }: Series) =>
    steps
      .map((step, index) => {
        const from = dayNumber(step.day);
        const to = index + 1 < steps.length ? dayNumber(steps[index + 1].day) : Math.max(end, from);
        return `${index === 0 ? 'M' : 'L'}${x(from).toFixed(1)},${y(step.percent).toFixed(1)} H${x(to).toFixed(1)}`;
      })
      .join(' ');
  const summary = series.map(
    (s) => `${s.name}: ${s.steps.map((step) => `${percentLabel(step.text)} desde ${dayLabel(step.day)}`).join(', ')}`,
  );

  return (
    <figure className="cd-rates-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Taxas para todos os bancos ao longo do tempo. ${summary.join('. ')}.`}
      >
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} className="cd-rates-chart-axis" />
        {[0, top / 2].map((tick) => (
          <text key={tick} x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" className="cd-rates-chart-label">
            {tick.toFixed(1).replace('.', ',')}%
          </text>
        ))}
        <text x={PAD.left} y={HEIGHT - 6} className="cd-rates-chart-label">
          {dayLabel(new Date(start).toISOString().slice(0, 10))}
        </text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end" className="cd-rates-chart-label">
          {dayLabel(new Date(end).toISOString().slice(0, 10))}
        </text>
        <line x1={x(dayNumber(today))} x2={x(dayNumber(today))} y1={PAD.top} y2={y(0)} className="cd-rates-chart-today" />
        {series.map((s) => (
          <path key={s.type} d={path(s)} stroke={COLORS[(s.type - 1) % COLORS.length]} className="cd-rates-chart-line" />
        ))}
      </svg>
      <figcaption>
        <ul className="cd-rates-chart-legend" aria-hidden="true">
          {series.map((s) => (
            <li key={s.type}>
              <span className="cd-rates-chart-swatch" style={{ background: COLORS[(s.type - 1) % COLORS.length] }} />
              {s.name}
            </li>
          ))}
        </ul>
        <span className="cd-note">Taxas para todos os bancos, por tipo de crédito; a linha vertical é hoje.</span>
      </figcaption>
    </figure>
  );
}
