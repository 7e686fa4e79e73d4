import { toIsoDate, type Callback } from '@consig/shared';
import { listHeading, type PlacedCallback } from './calendarDays';
import { CallbackCard } from './CallbackCard';

interface Props {
  days: readonly string[];
  placed: readonly PlacedCallback[];
  showOwner: boolean;
  onReschedule: (callback: Callback) => void;
}

/** The week on a phone: the days that have callbacks, each a heading over its callbacks in due order (nothing scrolls sideways). */
export function DayList({ days, placed, showOwner, onReschedule }: Props) {
  const today = toIsoDate();
  return (
    <div className="att-cal-days">
      {days
        .filter((day) => placed.some((p) => p.day === day))
        .map((day) => (
          <section key={day} className="att-cal-days__day">
            <h3 aria-current={day === today ? 'date' : undefined}>
              {listHeading(day)}
              {day === today && ' (hoje)'}
            </h3>
            <ul className="att-cal-list">
              {placed
                .filter((p) => p.day === day)
                .map(({ callback }) => (
                  <CallbackCard key={callback.FilaID} callback={callback} showOwner={showOwner} onReschedule={onReschedule} />
                ))}
            </ul>
          </section>
        ))}
    </div>
  );
}
