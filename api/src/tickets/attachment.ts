/**
 * A ticket's image (product-spec §5 "Ticket form"; docs/rules.md "Proposals and tickets"): sent as a data URL,
 * kept only when its bytes are a PNG or a JPEG, whatever its name or declared type say, and at most 5 MB.
 */
import { FOLLOWUP_TEXT, TICKET_ATTACHMENT_MAX_BYTES } from '@consig/shared/contracts';
import { fileTypeOf, readUploadedFile, type UploadedFile } from '../files/uploadedFile';

export type ImageType = 'image/png' | 'image/jpeg';

export type Attachment = UploadedFile<ImageType>;

const IMAGE_TYPES: readonly ImageType[] = ['image/png', 'image/jpeg'];

/** The image type the bytes are, by their magic bytes; null for anything else. */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  const type = fileTypeOf(bytes);
  return (IMAGE_TYPES as readonly string[]).includes(type ?? '') ? (type as ImageType) : null;
}

/**
 * The attachment of a ticket or answer: null when none was sent (absent, null or ''); otherwise the image, or
 * 413 when over 5 MB, or 400 when it is not a data URL of a PNG or JPEG (a renamed text file included).
 */
export const readAttachment = (dataUrl: string | null | undefined): Attachment | null =>
  readUploadedFile(dataUrl, {
    accepts: IMAGE_TYPES,
    maxBytes: TICKET_ATTACHMENT_MAX_BYTES,
    texts: { type: FOLLOWUP_TEXT.attachmentType, tooBig: FOLLOWUP_TEXT.attachmentTooBig },
  });
