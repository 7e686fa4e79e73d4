/**
 * Files that arrive as data URLs (ticket attachments, client documents): kept only when their bytes are of a
 * type the caller accepts, whatever their name or declared type say, and within a size. The stored type is the
 * one the bytes were checked to be, and it is the type they are served with (storedFile.ts).
 */
import { ApiError } from '../http/errors';
import { decodeDataUrlWithin } from './dataUrl';

export type FileType = 'image/png' | 'image/jpeg' | 'application/pdf';

export interface UploadedFile<T extends FileType = FileType> {
  bytes: Uint8Array;
  type: T;
}

// Each type by the bytes every file of it starts with.
const SIGNATURES: readonly [FileType, readonly number[]][] = [
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  // SOI marker followed by the first marker's 0xFF: every JPEG (JFIF, Exif, raw) starts so.
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['application/pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]], // '%PDF-'
];

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length > signature.length && signature.every((byte, index) => bytes[index] === byte);

/** The type the bytes are, by their magic bytes; null for anything else (a signature with nothing after it included). */
export function fileTypeOf(bytes: Uint8Array): FileType | null {
  return SIGNATURES.find(([, signature]) => startsWith(bytes, signature))?.[0] ?? null;
}

export interface FileRules<T extends FileType> {
  accepts: readonly T[];
  maxBytes: number;
  /** The refusals' texts: of a file of another type (400), of one over `maxBytes` (413). */
  texts: { type: string; tooBig: string };
}

/**
 * The file of a data URL: null when none was sent (absent, null or ''); otherwise its bytes and type, or 413
 * when over `maxBytes`, or 400 when it is no data URL or its bytes are of no accepted type (a renamed text file
 * included).
 */
export function readUploadedFile<T extends FileType>(
  dataUrl: string | null | undefined,
  { accepts, maxBytes, texts }: FileRules<T>,
): UploadedFile<T> | null {
  if (!dataUrl) return null;
  const bytes = decodeDataUrlWithin(dataUrl, maxBytes, { malformed: texts.type, tooBig: texts.tooBig });
  const type = fileTypeOf(bytes);
  if (!type || !(accepts as readonly FileType[]).includes(type)) throw new ApiError(400, texts.type);
  return { bytes, type: type as T };
}
