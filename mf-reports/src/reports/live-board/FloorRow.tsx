import {
  ATTENDANT_STATUS,
  FLOOR_STATE_LABELS,
  formatBRL,
  formatElapsed,
  formatHoursMinutesSeconds,
  secondsSince,
  WarningIcon,
  type FloorAttendant,
} from '@consig/shared';
import { useSetFloorAttendantStatus } from './api/setFloorAttendantStatus';
import { isOverAfterCallLimit } from './floorRows';

interface Props {
  row: FloorAttendant;
  limitSeconds: number;
  /** The server's clock now (milliseconds), ticking. */
  now: number;
  onPause: (row: FloorAttendant) => void;
  onListen: (row: FloorAttendant) => void;
  /** Someone's call is being heard already (one at a time). */
  listening: boolean;
}

/** 'Em pausa: Almoço' for a pause with its reason; the state's name otherwise. */
const stateText = (row: FloorAttendant) =>
  row.CO_Estado === 'pausa' && row.DE_MotivoPausa
    ? `${FLOOR_STATE_LABELS.pausa}: ${row.DE_MotivoPausa}`
    : FLOOR_STATE_LABELS[row.CO_Estado];

/**
 * One attendant on the board. The state is a coloured dot and its name; after-call work over the company's
 * limit is a warning row that also says 'acima do limite'. 'Pausar' for whoever is working (not paused, not
 * offline), 'Retomar' for a pause, 'Ouvir' (listening in silence) while in a call.
 */
export function FloorRow({ row, limitSeconds, now, onPause, onListen, listening }: Props) {
  const resume = useSetFloorAttendantStatus();
  const seconds = secondsSince(row.TS_Estado, now);
  const overLimit = isOverAfterCallLimit(row, limitSeconds, now);

  return (
    <tr className={overLimit ? 'rp-row--warning' : undefined}>
      <td data-label="Atendente">{row.DE_Pessoa}</td>
      <td data-label="Estado">
        <span className="rp-state">
          <span className={`rp-dot rp-state--${row.CO_Estado}`} aria-hidden="true" />
          {stateText(row)}
        </span>
      </td>
      <td data-label="Tempo no estado">
        <time dateTime={`PT${seconds}S`}>{formatElapsed(seconds)}</time>
        {overLimit && (
          <span className="rp-warning rp-over">
            <WarningIcon size={14} /> acima do limite
          </span>
        )}
      </td>
      <td data-label="Campanha">{row.DE_Campanha ?? '—'}</td>
      <td data-label="Cliente">
        {row.DE_Cliente ? (
          <>
            <span className="rp-client">{row.DE_Cliente}</span> {row.DE_CPFParcial && <span className="rp-cpf">{row.DE_CPFParcial}</span>}
          </>
        ) : (
          '—'
        )}
      </td>
      <td data-label="Ligações" className="rp-number">
        {row.NU_Ligacoes}
      </td>
      <td data-label="Tempo falado" className="rp-number">
        {formatHoursMinutesSeconds(row.NU_SegundosFalados)}
      </td>
      <td data-label="Propostas" className="rp-number">
        {row.NU_Propostas}
      </td>
      <td data-label="Valor" className="rp-number">
        {formatBRL(row.VL_Propostas)}
      </td>
      <td className="rp-actions">
        {row.CO_Estado === 'pausa' ? (
          <button
            type="button"
            className="consig-button consig-button--ghost"
            aria-label={`Retomar ${row.DE_Pessoa}`}
            disabled={resume.isPending}
            onClick={() => resume.mutate({ attendantId: row.AtendenteID, ID_Status: ATTENDANT_STATUS.AVAILABLE })}
          >
            Retomar
          </button>
        ) : row.CO_Estado !== 'offline' ? (
          <button
            type="button"
            className="consig-button consig-button--ghost"
            aria-label={`Pausar ${row.DE_Pessoa}`}
            onClick={() => onPause(row)}
          >
            Pausar
          </button>
        ) : null}
        {row.CO_Estado === 'em_ligacao' && (
          <button
            type="button"
            className="consig-button consig-button--ghost"
            aria-label={`Ouvir ${row.DE_Pessoa}`}
            disabled={listening}
            onClick={() => onListen(row)}
          >
            Ouvir
          </button>
        )}
      </td>
    </tr>
  );
}
