/**
 * SQL that writes an instant for the screens: ISO 8601 with São Paulo's offset
 * ('2025-03-10T14:05:09.123-03:00'), so they show the call centre's wall-clock time whatever the browser's
 * zone. The offset is the difference of the two wall clocks; São Paulo's is always negative, so to_char
 * prints its sign. A null instant stays null.
 */
export const saoPauloInstant = (column: string) =>
  `case when ${column} is null then null else
     to_char(${column} at time zone 'America/Sao_Paulo', 'YYYY-MM-DD"T"HH24:MI:SS.MS')
     || to_char((${column} at time zone 'America/Sao_Paulo') - (${column} at time zone 'UTC'), 'HH24:MI') end`;

/** SQL that writes an instant as ISO 8601 in UTC with milliseconds ('2025-03-10T17:05:09.123Z'); null stays null. */
export const utcInstant = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** SQL for the instant São Paulo's calendar day of `instant` (an SQL expression) began. */
export const saoPauloDayStart = (instant: string) =>
  `((${instant} at time zone 'America/Sao_Paulo')::date)::timestamp at time zone 'America/Sao_Paulo'`;
