import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { useEffect, useRef } from 'react';

// Only what the report's charts draw (bars, one line, category and linear axes, legend, tooltips): Chart.js
// leaves every other controller, element, scale and plugin out of the bundle.
Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Legend, Tooltip);

/** Motion only for whoever has not asked their system for less. */
const reducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

interface Props {
  /** Kept stable by the caller (memoised): a new configuration draws the chart anew. */
  config: ChartConfiguration<'bar' | 'line', (number | null)[], string>;
  /** The chart in a sentence: a canvas is an image to assistive technology, and this is its text alternative. */
  label: string;
  /** The drawing's height in pixels (the width follows its column); 260 unless told. */
  height?: number;
}

/** One Chart.js chart on a canvas (role="img", named by `label`), destroyed when it leaves or its configuration changes. */
export function ChartCanvas({ config, label, height = 260 }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return undefined;
    const chart = new Chart(canvas.current, {
      ...config,
      options: {
        locale: 'pt-BR',
        responsive: true,
        maintainAspectRatio: false,
        ...(reducedMotion() ? { animation: false } : {}),
        ...config.options,
      },
    });
    return () => chart.destroy();
  }, [config]);

  return (
    <div className="rp-chart-canvas" style={{ height }}>
      <canvas ref={canvas} role="img" aria-label={label}>
        {label}
      </canvas>
    </div>
  );
}
