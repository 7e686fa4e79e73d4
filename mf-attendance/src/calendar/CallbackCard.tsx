import { routeLinks, type Callback } from '@consig/shared';
import { Link } from 'react-router-dom';
import { timeOf } from './calendarDays';

interface Props {
  callback: Callback;
  /** The team's calendar names whose callback it is. */
  showOwner: boolean;
  onReschedule: (callback: Callback) => void;
}

/**
 * One callback: its time, the client and the campaign, 'Vencido' once its time has passed (a word, not only a
 * colour), 'Abrir cliente' (the client service screen) and 'Reagendar'. The actions name the client for screen
 * readers, since a week holds many of them.
 */
export function CallbackCard({ callback, showOwner, onReschedule }: Props) {
  const overdue = callback.SN_Vencido === 1;
  return (
    <li className={overdue ? 'att-cal-card att-cal-card--overdue' : 'att-cal-card'}>
      <p className="att-cal-card__when">
        <time dateTime={callback.TS_Retorno}>{timeOf(callback.TS_Retorno)}</time>
        {overdue && <span className="consig-badge att-cal-card__overdue">Vencido</span>}
      </p>
      <p className="att-cal-card__client" title={callback.DE_Cliente}>
        {callback.DE_Cliente}
      </p>
      <p className="att-cal-card__detail">
        <span className="consig-visually-hidden">Campanha: </span>
        {callback.DE_Campanha}
      </p>
      {showOwner && (
        <p className="att-cal-card__detail">
          <span className="consig-visually-hidden">Atendente: </span>
          {callback.DE_Atendente ?? 'Sem atendente'}
        </p>
      )}
      <p className="att-cal-card__actions">
        <Link to={routeLinks.attendance(callback.ClienteID)}>
          Abrir cliente<span className="consig-visually-hidden"> {callback.DE_Cliente}</span>
        </Link>
        <button type="button" className="consig-button consig-button--ghost att-cal-card__move" onClick={() => onReschedule(callback)}>
          Reagendar<span className="consig-visually-hidden"> retorno de {callback.DE_Cliente}</span>
        </button>
      </p>
    </li>
  );
}
