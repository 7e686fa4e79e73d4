/**
 * decodeDataUrlWithin (dataUrl.ts) for uploads of tens of megabytes: the same answers, the payload checked and
 * decoded a piece at a time with a turn of the event loop in between (timeSlices.ts). At once, 80 MB of base64
 * cost about half a second of the only thread that answers requests.
 */
import { ApiError } from '../http/errors';
import { base64Bytes, decodeDataUrl } from './dataUrl';
import type { Turn } from './timeSlices';

/** Characters of payload per piece (about a millisecond of work): a multiple of 4, so each piece of base64 decodes alone. */
const PIECE = 256 * 1024;

const BASE64 = /^[A-Za-z0-9+/]*$/;
/** The last piece may end in the padding. */
const BASE64_END = /^[A-Za-z0-9+/]*={0,2}$/;

/** A low surrogate: the second half of a character a piece must not be cut before. */
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;
/** Hex digits 8–B: a byte inside a UTF-8 sequence, which a piece must not start with. */
const CONTINUATION = /^[89AB]$/i;

/**
 * Where a piece of a %-encoded payload may end, at `end` or just after: not inside a %XX escape, not before an
 * escape that continues a UTF-8 sequence, not between the halves of a surrogate pair. Each piece then decodes alone
 * to what the whole would. Valid text has such a point within a few characters (a UTF-8 sequence is at most 4
 * bytes); null when there is none, which only a malformed payload can cause.
 */
function pieceEnd(payload: string, end: number): number | null {
  for (const last = Math.min(payload.length, end + 16); end < last; end++) {
    const insideEscape = payload[end - 1] === '%' || payload[end - 2] === '%';
    const continues = payload[end] === '%' && CONTINUATION.test(payload[end + 1] ?? '');
    if (!insideEscape && !continues && !isLowSurrogate(payload.charCodeAt(end))) return end;
  }
  return end === payload.length ? end : null;
}

/**
 * The bytes of an uploaded data URL of at most `maxBytes`, as decodeDataUrlWithin answers them (413, 400), the URL
 * given in pieces (textPieces, largeJsonBody.ts: a long string is read piece by piece, never whole). A
 * %-encoded one is told it is too big as soon as it is, before a malformed escape further on.
 */
export async function decodeDataUrlInSlices(
  dataUrl: readonly string[],
  maxBytes: number,
  texts: { malformed: string; tooBig: string },
  turn: Turn,
): Promise<Buffer> {
  const length = dataUrl.reduce((sum, piece) => sum + piece.length, 0);
  // The prefix (`data:text/csv;base64,`) ends at the first comma; alone, it is a data URL with nothing in it.
  let prefix = '';
  let payload: string[] = [];
  for (const [index, piece] of dataUrl.entries()) {
    const comma = piece.indexOf(',');
    if (comma < 0) {
      prefix += piece;
      continue;
    }
    prefix += piece.slice(0, comma + 1);
    payload = [piece.slice(comma + 1), ...dataUrl.slice(index + 1)];
    break;
  }
  const comma = prefix.endsWith(',') ? prefix.length - 1 : -1;
  if (comma >= 0 && base64Bytes(length - comma - 1) > maxBytes + 2) throw new ApiError(413, texts.tooBig);
  if (comma < 0 || !decodeDataUrl(prefix)) throw new ApiError(400, texts.malformed);
  const bytes = /;base64,$/i.test(prefix)
    ? await decodeBase64(payload, length - comma - 1, texts.malformed, turn)
    : await decodePercent(payload, maxBytes, texts, turn);
  if (bytes.length > maxBytes) throw new ApiError(413, texts.tooBig);
  return bytes;
}

/**
 * Buffer.from(payload, 'base64') a piece at a time, refusing any character outside the alphabet as decodeDataUrl
 * does. Pieces decode alone when they are multiples of 4 characters: what passes one is carried to the next.
 */
async function decodeBase64(payload: readonly string[], length: number, malformed: string, turn: Turn): Promise<Buffer> {
  if (length % 4 === 1) throw new ApiError(400, malformed);
  const bytes = Buffer.allocUnsafe(base64Bytes(length));
  let written = 0;
  let carry = '';
  for (const [index, piece] of payload.entries()) {
    const last = index === payload.length - 1;
    for (let from = 0; from < piece.length || (last && carry); from += PIECE) {
      const text = carry + piece.slice(from, from + PIECE);
      const end = last && from + PIECE >= piece.length;
      const usable = end ? text.length : text.length - (text.length % 4);
      carry = text.slice(usable);
      const part = text.slice(0, usable);
      if (!(end ? BASE64_END : BASE64).test(part)) throw new ApiError(400, malformed);
      written += bytes.write(part, written, 'base64');
      await turn();
    }
  }
  return bytes.subarray(0, written);
}

/** The %-encoded (not base64) payload's UTF-8 bytes, a piece at a time, each cut where it decodes alone (pieceEnd). */
async function decodePercent(
  payload: readonly string[],
  maxBytes: number,
  texts: { malformed: string; tooBig: string },
  turn: Turn,
): Promise<Buffer> {
  const decoded: Buffer[] = [];
  let size = 0;
  let carry = '';
  for (const [index, piece] of payload.entries()) {
    const last = index === payload.length - 1;
    for (let from = 0; from < piece.length || (last && carry); from += PIECE) {
      const text = carry + piece.slice(from, from + PIECE);
      const end = last && from + PIECE >= piece.length;
      const cut = end ? text.length : pieceEnd(text, Math.max(0, text.length - 20));
      if (cut === null) throw new ApiError(400, texts.malformed);
      carry = text.slice(cut);
      let part: Buffer;
      try {
        part = Buffer.from(decodeURIComponent(text.slice(0, cut)), 'utf8');
      } catch {
        throw new ApiError(400, texts.malformed);
      }
      size += part.length;
      if (size > maxBytes) throw new ApiError(413, texts.tooBig);
      decoded.push(part);
      await turn();
    }
  }
  return Buffer.concat(decoded, size);
}

/** Bytes per piece when encoding: a multiple of 3, so the pieces' base64 joined is the whole's (padding only at its end). */
const ENCODE_PIECE = 768 * 1024;

/** The bytes as base64, a piece per turn. */
export async function encodeBase64InSlices(bytes: Uint8Array, turn: Turn): Promise<string> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let text = '';
  for (let from = 0; from < buffer.length; from += ENCODE_PIECE) {
    text += buffer.toString('base64', from, Math.min(buffer.length, from + ENCODE_PIECE));
    await turn();
  }
  return text;
}
