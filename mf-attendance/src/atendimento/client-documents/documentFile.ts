import { CLIENT_DOCUMENT_MAX_BYTES, CLIENT_DOCUMENT_TEXT } from '@consig/shared';

/** What the file picker offers: the types the API keeps (it checks the bytes; this only narrows the list). */
export const DOCUMENT_ACCEPT = '.png,.jpg,.jpeg,.pdf,image/png,image/jpeg,application/pdf';

const ACCEPTED_NAME = /\.(png|jpe?g|pdf)$/i;

/**
 * Why a chosen file cannot be sent, said before it travels (the API says the same of what passes here): none
 * chosen, over 5 MB, or not named as a PNG, JPEG or PDF. Null when it may go.
 */
export function documentFileProblem(file: File | null): string | null {
  if (!file) return CLIENT_DOCUMENT_TEXT.fileRequired;
  if (file.size > CLIENT_DOCUMENT_MAX_BYTES) return CLIENT_DOCUMENT_TEXT.tooBig;
  if (!ACCEPTED_NAME.test(file.name)) return CLIENT_DOCUMENT_TEXT.type;
  return null;
}

/** A file's size as the list shows it: '820 KB', '1,5 MB'. */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;
}
