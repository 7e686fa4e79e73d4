import { FOLLOWUP_TEXT, TICKET_ATTACHMENT_MAX_BYTES } from '@consig/shared';

/** What the file input offers (product-spec §5 "Ticket form": png, jpeg and jpg only). */
export const ATTACHMENT_ACCEPT = '.png,.jpeg,.jpg,image/png,image/jpeg';

const IMAGE_NAME = /\.(png|jpe?g)$/i;
const IMAGE_TYPES = ['image/png', 'image/jpeg'];

export interface Attachment {
  name: string;
  /** TX_Base: the image as a data URL. */
  dataUrl: string;
}

/**
 * Why the file cannot go with a ticket, or null. `accept` only filters the picker (a drop or "all files"
 * gets past it), so the name and type are checked again here; the API checks the content itself.
 */
export function attachmentProblem(file: File): string | null {
  if (!IMAGE_NAME.test(file.name) || (file.type !== '' && !IMAGE_TYPES.includes(file.type))) return FOLLOWUP_TEXT.attachmentType;
  if (file.size > TICKET_ATTACHMENT_MAX_BYTES) return FOLLOWUP_TEXT.attachmentTooBig;
  return null;
}
