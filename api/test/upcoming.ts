import { saoPauloDate } from '@consig/shared/credit';
import { isNationalHoliday, localTime } from '../src/queue/callingRules';

/**
 * The next `isoWeekday` (1 Monday … 7 Sunday) after today that is no holiday, at `hour`:00 in São Paulo: a
 * clock for the app that business rules (calling hours) see as that working day, whenever the tests run.
 */
export function upcoming(isoWeekday: number, hour: number): Date {
  for (let days = 1; ; days++) {
    const day = saoPauloDate(new Date(Date.now() + days * 86_400_000));
    const instant = new Date(`${day}T${String(hour).padStart(2, '0')}:00:00-03:00`);
    if (localTime(instant, 'America/Sao_Paulo').weekday === isoWeekday && !isNationalHoliday(day)) return instant;
  }
}
