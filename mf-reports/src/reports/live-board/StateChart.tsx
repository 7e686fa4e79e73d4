import { FLOOR_STATE_LABELS, FLOOR_STATES, type FloorState, type FloorTotals } from '@consig/shared';
import { useId } from 'react';

/** How many attendants are in each state, from the totals (offline: everyone not logged in). */
function countsOf(totals: FloorTotals, attendants: number): Record<FloorState, number> {
  return {
    disponivel: totals.available,
    tocando: totals.ringing,
    em_ligacao: totals.inCall,
    pos_atendimento: totals.afterCall,
    pausa: totals.paused,
    offline: attendants - totals.loggedIn,
  };
}

/**
 * The states as horizontal bars (plain CSS), read faster than the numbers: each bar's length is its share of
 * the attendants. The bars are decoration; each line says its state and count in words.
 */
export function StateChart({ totals, attendants }: { totals: FloorTotals; attendants: number }) {
  const captionId = useId();
  const counts = countsOf(totals, attendants);
  return (
    <figure className="rp-chart" aria-labelledby={captionId}>
      <figcaption id={captionId}>Atendentes por estado</figcaption>
      <ul>
        {FLOOR_STATES.map((state) => (
          <li key={state} className="rp-chart__line">
            <span className="rp-chart__label">{FLOOR_STATE_LABELS[state]}</span>
            <span className="rp-chart__track" aria-hidden="true">
              <span
                className={`rp-chart__bar rp-state--${state}`}
                style={{ width: `${attendants ? (counts[state] / attendants) * 100 : 0}%` }}
              />
            </span>
            <span className="rp-chart__count">{counts[state]}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
