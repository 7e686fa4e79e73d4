import type { NationalHoliday } from '@consig/shared';
import { brazilianDay } from './weekdays';

/** The national holidays of this year and next, as the API computes them (the same days the queue skips). */
export function HolidayList({ holidays, titleId }: { holidays: readonly NationalHoliday[]; titleId: string }) {
  return (
    <ul className="ch-holidays" aria-labelledby={titleId}>
      {holidays.map((holiday) => (
        <li key={holiday.DT_Feriado}>
          <time dateTime={holiday.DT_Feriado}>{brazilianDay(holiday.DT_Feriado)}</time> {holiday.DE_Feriado}
        </li>
      ))}
    </ul>
  );
}
