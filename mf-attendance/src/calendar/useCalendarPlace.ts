import { toIsoDate } from '@consig/shared';
import { useSearchParams } from 'react-router-dom';
import { dateOf, type CalendarView } from './calendarDays';

/** Where the calendar is, kept in the address (`?dia=2026-11-25&visao=dia&atendente=7`), so a reload or a link reopens it. */
export const PLACE_PARAMS = { day: 'dia', view: 'visao', attendant: 'atendente' } as const;

export interface CalendarPlace {
  /** A local day of the range shown ('YYYY-MM-DD'); today when absent or malformed. */
  day: string;
  view: CalendarView;
  /** The attendant a supervisor looks at; null: the team. */
  attendantId: number | null;
}

export function readPlace(params: URLSearchParams, today = toIsoDate()): CalendarPlace {
  const day = params.get(PLACE_PARAMS.day) ?? '';
  const attendant = params.get(PLACE_PARAMS.attendant) ?? '';
  return {
    day: dateOf(day) ? day : today,
    view: params.get(PLACE_PARAMS.view) === 'dia' ? 'dia' : 'semana',
    attendantId: /^[1-9]\d{0,8}$/.test(attendant) ? Number(attendant) : null,
  };
}

/** The place in the address, and a change of it (each change a new history entry, so 'Voltar' goes back a week). */
export function useCalendarPlace(): [CalendarPlace, (change: Partial<CalendarPlace>) => void] {
  const [params, setParams] = useSearchParams();
  const place = readPlace(params);
  const go = (change: Partial<CalendarPlace>) => {
    const next = { ...place, ...change };
    const search: Record<string, string> = { [PLACE_PARAMS.day]: next.day, [PLACE_PARAMS.view]: next.view };
    if (next.attendantId !== null) search[PLACE_PARAMS.attendant] = String(next.attendantId);
    setParams(search);
  };
  return [place, go];
}
