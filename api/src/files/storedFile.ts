import type { FastifyReply } from 'fastify';
import type { UploadedFile } from './uploadedFile';

/** `name` as a quoted-string of plain ASCII: the old `filename=` parameter, for clients that read only that. */
const asciiName = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');

/**
 * Sends a stored file (a ticket's image, a client's document) as its bytes. Personal data: no shared cache keeps
 * it; the type is the one the bytes were checked to be when stored, and nosniff stops a browser guessing another.
 * With `downloadAs`, the browser saves it under that name (RFC 6266: an ASCII `filename` and the UTF-8 `filename*`).
 */
export function sendStoredFile(reply: FastifyReply, file: UploadedFile, { downloadAs }: { downloadAs?: string } = {}) {
  const bytes = Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength);
  reply.type(file.type).header('cache-control', 'private').header('x-content-type-options', 'nosniff');
  if (downloadAs) {
    reply.header(
      'content-disposition',
      `attachment; filename="${asciiName(downloadAs)}"; filename*=UTF-8''${encodeURIComponent(downloadAs)}`,
    );
  }
  // The route's 200 schema documents a string of bytes; Fastify sends a Buffer as it is, never through the serializer.
  return reply.send(bytes as unknown as string);
}
