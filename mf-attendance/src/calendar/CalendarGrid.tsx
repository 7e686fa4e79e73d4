import { toIsoDate, type Callback } from '@consig/shared';
import { columnHeading, hourLabel, hourRows, listHeading, type PlacedCallback } from './calendarDays';
import { CallbackCard } from './CallbackCard';

interface Props {
  /** The local days shown: seven (the week) or one (the day). */
  days: readonly string[];
  placed: readonly PlacedCallback[];
  caption: string;
  showOwner: boolean;
  onReschedule: (callback: Callback) => void;
}

/**
 * The week (Monday to Sunday columns) or the day as a table: a row per hour of the calling window (widened to a
 * callback outside it), each callback in its day's column and its hour's row. Days and hours are headers, so a
 * screen reader says where a callback is.
 */
export function CalendarGrid({ days, placed, caption, showOwner, onReschedule }: Props) {
  const today = toIsoDate();
  return (
    <table className={`att-cal-grid att-cal-grid--${days.length === 1 ? 'day' : 'week'}`}>
      <caption className="consig-visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className="att-cal-grid__hour">
            Hora
          </th>
          {days.map((day) => (
            <th key={day} scope="col" aria-current={day === today ? 'date' : undefined}>
              {days.length === 1 ? listHeading(day) : columnHeading(day)}
              {day === today && <span className="att-cal-grid__today"> (hoje)</span>}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {hourRows(placed).map((hour) => (
          <tr key={hour}>
            <th scope="row" className="att-cal-grid__hour">
              {hourLabel(hour)}
            </th>
            {days.map((day) => {
              const here = placed.filter((p) => p.day === day && p.hour === hour);
              return (
                <td key={day}>
                  {here.length > 0 && (
                    <ul className="att-cal-list">
                      {here.map(({ callback }) => (
                        <CallbackCard key={callback.FilaID} callback={callback} showOwner={showOwner} onReschedule={onReschedule} />
                      ))}
                    </ul>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
