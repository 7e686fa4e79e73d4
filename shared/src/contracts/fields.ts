import * as z from 'zod/mini';

// Building blocks for request contracts. Every string a request carries has a length limit and every
// number is a real JSON integer: an unbounded field lets one request fill the log, the database index
// or the memory (docs/rules.md "Bounded inputs"). The API's tests walk every route's request schemas
// and fail on a string without a limit.

/** The Portuguese text of a string over its limit. */
export const tooLong = (max: number) => `Use no máximo ${max} ${max === 1 ? 'caractere' : 'caracteres'}.`;

/** A string of at most `max` characters. */
export const boundedText = (max: number) => z.string().check(z.maxLength(max, tooLong(max)));

/** Largest value of a PostgreSQL `integer` column: ids beyond it would fail in the database (500). */
export const INT4_MAX = 2_147_483_647;

/**
 * An id in a path or query string: plain digits only, no sign, leading zero, spaces, exponent or
 * hexadecimal (`z.coerce` would take '0x2a' and ' 4.2e1 ' as 42), and within an `integer` column.
 */
export const idParam = z.pipe(
  z.string().check(z.maxLength(10, 'Identificador inválido.'), z.regex(/^[1-9]\d*$/, 'Identificador inválido.')),
  z.pipe(z.transform(Number), z.number().check(z.maximum(INT4_MAX, 'Identificador inválido.'))),
);
