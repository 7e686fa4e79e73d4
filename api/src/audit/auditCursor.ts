/**
 * The keyset cursor of the audit list (newest first: ts_acao desc, id_auditoria desc), like the proposal list's
 * (proposals/listCursor.ts, which this platform folder may not import). Opaque to clients: base64url of the last
 * row's instant (microseconds since the epoch, as text: exact) and id (a bigint column, kept as text too).
 */
export interface AuditPosition {
  atMicros: string;
  id: string;
}

export function encodeAuditCursor(position: AuditPosition): string {
  return Buffer.from(`${position.atMicros}.${position.id}`).toString('base64url');
}

/** The position a cursor names, or null when the text is no cursor the API made. */
export function decodeAuditCursor(cursor: string): AuditPosition | null {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(cursor)) return null;
  const match = /^(-?\d{1,18})\.([1-9]\d{0,17})$/.exec(Buffer.from(cursor, 'base64url').toString('latin1'));
  return match ? { atMicros: match[1], id: match[2] } : null;
}
