import { formatBRL, formatHoursMinutesSeconds, type MyDay } from '@consig/shared';
import { QueryLoading } from '@consig/shared/query';
import { FigureList, type Figure } from '../ui/FigureList';
import { useMyDay } from './api/getMyDay';
import './myDay.css';

/** What the strip says when the day could not be read (the screen goes on working; it is read again in a minute). */
export const MY_DAY_FAILED_TEXT = 'Não foi possível carregar seu dia.';

const figuresOf = (day: MyDay): Figure[] => [
  ['Ligações', day.NU_Ligacoes],
  ['Tempo falado', formatHoursMinutesSeconds(day.NU_SegundosFalados)],
  ['Pausas', formatHoursMinutesSeconds(day.NU_SegundosPausa)],
  ['Propostas', `${day.NU_Propostas} (${formatBRL(day.VL_Propostas)})`],
];

/**
 * 'Meu dia': the attendant's own São Paulo day so far (calls, time talked, time paused, proposals and their
 * value), read every minute and again after a call outcome or a proposal. A failed read keeps the figures
 * already shown; with none yet, a short text stands in their place.
 */
export function MyDayStrip() {
  const { data: day, isError, isSlow } = useMyDay();
  let content;
  if (day) content = <FigureList className="att-my-day__figures" figures={figuresOf(day)} />;
  else if (isError) content = <p className="att-my-day__failure">{MY_DAY_FAILED_TEXT}</p>;
  else content = <QueryLoading slow={isSlow} />;
  return (
    <section className="consig-panel att-my-day" aria-label="Meu dia">
      {content}
    </section>
  );
}
