import { WarningIcon, type FloorTotals } from '@consig/shared';
import { useId, type ReactNode } from 'react';
import { StateChart } from './StateChart';

interface Props {
  totals: FloorTotals;
  /** Every attendant of the board, offline ones included (the chart's last bar). */
  attendants: number;
  limitSeconds: number;
  overdueCallbacks: number;
}

/** One figure of the strip: its name, its number and what else it needs said (a warning is said in words too). */
function Card({ label, value, warning = false, children }: { label: string; value: number; warning?: boolean; children?: ReactNode }) {
  return (
    <div className={warning ? 'rp-card rp-card--warning' : 'rp-card'}>
      <dt>{label}</dt>
      <dd>
        <span className="rp-card__value">{value}</span>
        {children}
      </dd>
    </div>
  );
}

/**
 * The floor at a glance (floorTotals): who is logged in, available, in a call, ringing, in after-call work (and
 * how many over the company's limit), paused (per reason), the calls under way and the callbacks already due;
 * beside it the same states as bars.
 */
export function FloorTotalsStrip({ totals, attendants, limitSeconds, overdueCallbacks }: Props) {
  const titleId = useId();
  return (
    <section className="rp-totals" aria-labelledby={titleId}>
      <h2 id={titleId}>Resumo</h2>
      <div className="rp-totals__body">
        <dl className="rp-cards">
          <Card label="Logados" value={totals.loggedIn} />
          <Card label="Disponíveis" value={totals.available} />
          <Card label="Em ligação" value={totals.inCall} />
          <Card label="Tocando" value={totals.ringing} />
          <Card label="Pós-atendimento" value={totals.afterCall} warning={totals.afterCallOverLimit > 0}>
            {totals.afterCallOverLimit > 0 && (
              <span className="rp-card__detail rp-warning">
                <WarningIcon size={14} /> {totals.afterCallOverLimit} acima de {limitSeconds} s
              </span>
            )}
          </Card>
          <Card label="Em pausa" value={totals.paused}>
            {totals.pausedByReason.length > 0 && (
              <ul className="rp-card__detail rp-card__reasons">
                {totals.pausedByReason.map((reason) => (
                  <li key={reason.ID_MotivoPausa ?? 'sem-motivo'}>
                    {reason.DE_MotivoPausa}: {reason.count}
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card label="Ligações em curso" value={totals.callsInProgress} />
          <Card label="Retornos vencidos" value={overdueCallbacks} warning={overdueCallbacks > 0} />
        </dl>
        <StateChart totals={totals} attendants={attendants} />
      </div>
    </section>
  );
}
