import type { ReactNode } from 'react';

/** A labelled figure: what the attendant reads, and its value already formatted. */
export type Figure = readonly [label: string, value: ReactNode];

/** Figures as a description list (label over value), the way every panel of the screen shows them. */
export function FigureList({ figures, className, label }: { figures: readonly Figure[]; className: string; label?: string }) {
  return (
    <dl className={className} aria-label={label}>
      {figures.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
