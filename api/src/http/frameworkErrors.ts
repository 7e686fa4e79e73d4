/**
 * Requests refused before any hook of the app runs, answered like every other refusal: `{ success: false, text }`
 * in Portuguese, never Fastify's or Node's English JSON, and never quoting the request back (docs/rules.md "Bad
 * input"). The router refuses a path it cannot decode or a path parameter over its length (frameworkErrors); Node's
 * HTTP parser refuses a request line and headers over its limit, or a request that is no HTTP (clientErrorHandler).
 */
import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

export const FRAMEWORK_TEXT = {
  badPath: 'Endereço inválido.',
  longParameter: 'Endereço longo demais.',
  tooLarge: 'Cabeçalhos ou endereço grandes demais.',
  timeout: 'A requisição demorou demais para chegar.',
  malformed: 'Requisição malformada.',
} as const;

const jsonRefusal = (text: string) => ({ success: false, text });

export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') reply.code(414).send(jsonRefusal(FRAMEWORK_TEXT.longParameter));
  else reply.code(400).send(jsonRefusal(FRAMEWORK_TEXT.badPath));
}

/** Node's own refusals: the status it would give, with our body; the socket is then closed, as Node does. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, text] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, FRAMEWORK_TEXT.tooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, FRAMEWORK_TEXT.timeout]
        : [400, FRAMEWORK_TEXT.malformed];
  const body = JSON.stringify(jsonRefusal(text));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
