import { WEEKDAY_NAMES } from '@consig/shared';

/** ISO weekdays, Monday first. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export const WEEKDAY_OPTIONS = WEEKDAYS.map((weekday) => ({ value: weekday, label: WEEKDAY_NAMES[weekday] }));

/** 'na segunda-feira', 'no sábado': what a screen reader adds to a row's 'Liga'. */
export const onWeekday = (weekday: number) => `${weekday <= 5 ? 'na' : 'no'} ${WEEKDAY_NAMES[weekday].toLowerCase()}`;

/** '2026-12-25' → '25/12/2026', as the screens write days. */
export const brazilianDay = (day: string) => day.split('-').reverse().join('/');
