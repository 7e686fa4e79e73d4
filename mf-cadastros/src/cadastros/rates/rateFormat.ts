/** '1.85' → '1,85%' (the API writes rates as configured, two to four decimals). */
export const percentLabel = (percent: string) => `${percent.replace('.', ',')}%`;

/** '2025-04-04' → '04/04/2025', as the screens write days. */
export const dayLabel = (day: string) => day.split('-').reverse().join('/');
