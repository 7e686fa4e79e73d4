/**
 * A ticket's image (product-spec §5 "Ticket form"; docs/rules.md "Proposals and tickets"): sent as a data URL,
 * kept only when its bytes are a PNG or a JPEG, whatever its name or declared type say, and at most 5 MB.
 */
import { FOLLOWUP_TEXT, TICKET_ATTACHMENT_MAX_BYTES } from '@consig/shared/contracts';
import { ApiError } from '../http/errors';
import { base64Bytes, decodeDataUrl } from '../imports/csvText';

export type ImageType = 'image/png' | 'image/jpeg';

export interface Attachment {
  bytes: Uint8Array;
  type: ImageType;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
// SOI marker followed by the first marker's 0xFF: every JPEG (JFIF, Exif, raw) starts so.
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, signature: number[]) =>
  bytes.length > signature.length && signature.every((byte, index) => bytes[index] === byte);

/** The image type the bytes are, by their magic bytes; null for anything else. */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  if (startsWith(bytes, JPEG_SIGNATURE)) return 'image/jpeg';
  return null;
}

/**
 * The attachment of a ticket or answer: null when none was sent (absent, null or ''); otherwise the image, or
 * 413 when over 5 MB, or 400 when it is not a data URL of a PNG or JPEG (a renamed text file included).
 */
export function readAttachment(dataUrl: string | null | undefined): Attachment | null {
  if (!dataUrl) return null;
  // Size first, from the text's length, before decoding megabytes of base64 (+2: padding characters).
  const comma = dataUrl.indexOf(',');
  if (comma >= 0 && base64Bytes(dataUrl.length - comma - 1) > TICKET_ATTACHMENT_MAX_BYTES + 2) {
    throw new ApiError(413, FOLLOWUP_TEXT.attachmentTooBig);
  }
  const bytes = decodeDataUrl(dataUrl);
  if (!bytes) throw new ApiError(400, FOLLOWUP_TEXT.attachmentType);
  if (bytes.length > TICKET_ATTACHMENT_MAX_BYTES) throw new ApiError(413, FOLLOWUP_TEXT.attachmentTooBig);
  const type = imageTypeOf(bytes);
  if (!type) throw new ApiError(400, FOLLOWUP_TEXT.attachmentType);
  return { bytes, type };
}
