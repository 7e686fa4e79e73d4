/**
 * Files sent inside JSON as data URLs (spreadsheets to import, suppression lists, ticket images, client
 * documents): their bytes, and their size before decoding them.
 */
import { ApiError } from '../http/errors';

/** The file of a `data:[type][;base64],payload` URL, or null when it is not one. */
export function decodeDataUrl(value: string): Buffer | null {
  const match = /^data:[\w.+-]*\/?[\w.+-]*(?:;[\w-]+=[\w.-]+)*(;base64)?,/i.exec(value);
  if (!match) return null;
  const payload = value.slice(match[0].length);
  if (!match[1]) {
    try {
      return Buffer.from(decodeURIComponent(payload), 'utf8');
    } catch {
      return null;
    }
  }
  // Buffer.from skips characters outside the alphabet silently: refuse them instead of importing garbage.
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(payload) || payload.length % 4 === 1) return null;
  return Buffer.from(payload, 'base64');
}

/** How many bytes a base64 payload of `length` characters holds at most (the size check before decoding). */
export const base64Bytes = (length: number) => Math.floor((length * 3) / 4);

/**
 * The bytes of an uploaded data URL of at most `maxBytes`: 413 `tooBig` when larger (judged from the text's length
 * first, before decoding megabytes of base64; +2: padding characters), 400 `malformed` when it is no data URL.
 */
export function decodeDataUrlWithin(dataUrl: string, maxBytes: number, texts: { malformed: string; tooBig: string }): Buffer {
  const comma = dataUrl.indexOf(',');
  if (comma >= 0 && base64Bytes(dataUrl.length - comma - 1) > maxBytes + 2) throw new ApiError(413, texts.tooBig);
  const bytes = decodeDataUrl(dataUrl);
  if (!bytes) throw new ApiError(400, texts.malformed);
  if (bytes.length > maxBytes) throw new ApiError(413, texts.tooBig);
  return bytes;
}
