/**
 * The keyset cursor of the proposal list (newest typed first: dt_digitacao desc, id_proposta desc). Opaque to
 * clients: base64url of the last row's instant (microseconds since the epoch, exact, as text) and id.
 */
export interface ListPosition {
  /** dt_digitacao as microseconds since 1970-01-01 UTC (text: beyond 2^53 is not at stake, but stays exact). */
  typedAtMicros: string;
  id: number;
}

export function encodeCursor(position: ListPosition): string {
  return Buffer.from(`${position.typedAtMicros}.${position.id}`).toString('base64url');
}

/** The position a cursor names, or null when the text is no cursor the API made. */
export function decodeCursor(cursor: string): ListPosition | null {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(cursor)) return null;
  const match = /^(-?\d{1,18})\.(\d{1,10})$/.exec(Buffer.from(cursor, 'base64url').toString('latin1'));
  if (!match) return null;
  const id = Number(match[2]);
  if (id < 1 || id > 2_147_483_647) return null;
  return { typedAtMicros: match[1], id };
}
