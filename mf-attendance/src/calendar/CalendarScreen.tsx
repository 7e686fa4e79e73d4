import { ROLE, toIsoDate, useSession, type Callback } from '@consig/shared';
import { QueryLoading } from '@consig/shared/query';
import { useId, useState } from 'react';
import { useCallbacks } from './api/getCallbacks';
import { AttendantSelect } from './AttendantSelect';
import { CalendarGrid } from './CalendarGrid';
import { apiRange, daysShown, placeCallbacks, rangeHeading, stepped, type CalendarView } from './calendarDays';
import { DayList } from './DayList';
import { RescheduleDialog } from './RescheduleDialog';
import { useCalendarPlace } from './useCalendarPlace';
import { useNarrowScreen } from './useNarrowScreen';
import './calendar.css';

export const EMPTY_TEXT = 'Nenhum retorno neste período.';

const VIEWS: { view: CalendarView; label: string }[] = [
  { view: 'semana', label: 'Semana' },
  { view: 'dia', label: 'Dia' },
];

/**
 * 'Calendário': the callbacks still waiting in the queue, by week (Monday to Sunday) or by day, at the local time
 * of the attendant's clock. An attendant sees their own; supervisors and managers the team's or one attendant's.
 * Each callback opens the client or is moved to another slot; after a move the range is read again.
 */
export function CalendarScreen() {
  const { user } = useSession();
  const supervises = user?.ID_Funcao === ROLE.SUPERVISOR || user?.ID_Funcao === ROLE.GERENTE;
  const [place, go] = useCalendarPlace();
  const narrow = useNarrowScreen();
  const [moving, setMoving] = useState<Callback | null>(null);
  const titleId = useId();

  const days = daysShown(place.day, place.view);
  const heading = rangeHeading(days);
  // An attendant's own are the API's default; naming an attendant is a supervisor's choice.
  const attendantId = supervises ? place.attendantId : null;
  const callbacks = useCallbacks({ ...apiRange(days), ...(attendantId !== null ? { ID_Atendente: attendantId } : {}) });
  const placed = callbacks.data ? placeCallbacks(callbacks.data, days) : [];
  const showOwner = supervises && attendantId === null;

  let content;
  if (callbacks.isPending) content = <QueryLoading slow={callbacks.isSlow} />;
  else if (!callbacks.data)
    content = null; // a failed read: the query client has shown the server's text as a toast
  else if (placed.length === 0) content = <p className="consig-empty">{EMPTY_TEXT}</p>;
  else if (place.view === 'semana' && narrow)
    content = <DayList days={days} placed={placed} showOwner={showOwner} onReschedule={setMoving} />;
  else {
    content = <CalendarGrid days={days} placed={placed} caption={`Retornos: ${heading}`} showOwner={showOwner} onReschedule={setMoving} />;
  }

  return (
    <section className="consig-panel att-cal" aria-labelledby={titleId}>
      <div className="att-cal__bar">
        <div className="att-cal__views" role="group" aria-label="Visualização">
          {VIEWS.map(({ view, label }) => (
            <button
              key={view}
              type="button"
              className={place.view === view ? 'consig-button' : 'consig-button consig-button--ghost'}
              aria-pressed={place.view === view}
              onClick={() => go({ view })}
            >
              {label}
            </button>
          ))}
        </div>
        <div className="att-cal__steps" role="group" aria-label="Período">
          <button
            type="button"
            className="consig-button consig-button--ghost"
            onClick={() => go({ day: stepped(place.day, place.view, -1) })}
          >
            Anterior
          </button>
          <button type="button" className="consig-button consig-button--ghost" onClick={() => go({ day: toIsoDate() })}>
            Hoje
          </button>
          <button
            type="button"
            className="consig-button consig-button--ghost"
            onClick={() => go({ day: stepped(place.day, place.view, 1) })}
          >
            Próxima
          </button>
        </div>
        {supervises && <AttendantSelect value={place.attendantId} onChange={(id) => go({ attendantId: id })} />}
      </div>
      <h2 id={titleId} aria-live="polite">
        {heading}
      </h2>
      {content}
      {moving && <RescheduleDialog key={moving.FilaID} callback={moving} onClose={() => setMoving(null)} />}
    </section>
  );
}
