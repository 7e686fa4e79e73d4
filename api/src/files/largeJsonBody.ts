/**
 * JSON bodies of tens of megabytes (a spreadsheet sent as a data URL) parsed without holding up the event loop.
 * Fastify's own parser joins, decodes and JSON.parses a body in one go: for an import's 80 MB body about 300 ms
 * during which no other request is answered. A route scope that takes such bodies calls acceptLargeJsonBodies: a
 * body within the usual limit (BODY_LIMIT_BYTES) still goes to Fastify's parser as it is; a bigger one is joined a
 * chunk at a time, has its long strings (the file) cut out and decoded a piece at a time (timeSlices.ts), the
 * rest, which must fit the usual limit, parsed by Fastify's parser (prototype-poisoning checks included), and the
 * long strings put back. A long string's pieces stay at hand (textPieces): its consumer reads them one by one, as V8
 * would copy the whole string (tens of milliseconds for 80 MB) at its first read.
 */
import { randomUUID } from 'node:crypto';
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import { timeSlices, type Turn } from './timeSlices';
import { ApiError } from '../http/errors';
import { BODY_LIMIT_BYTES, formatLimit } from '../http/limits';

/** Strings of at least this many bytes (between their quotes) are decoded apart, in pieces. */
const LONG_STRING = 16 * 1024;
/** Bytes of a long string per piece: about a millisecond of decoding. */
const PIECE = 256 * 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LETTER_U = 0x75;

const invalidJson = () => new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY();
const tooLarge = () => new ApiError(413, `Requisição grande demais: fora os arquivos, o limite é de ${formatLimit(BODY_LIMIT_BYTES)}.`);

/** A long string of the body: the bytes between its quotes, and where its pieces end (never inside an escape). */
interface LongString {
  open: number;
  close: number;
  cuts: number[];
}

/**
 * The body's long strings, found by walking it: outside strings, each `"` opens one; inside, a backslash escapes
 * what follows (`\uXXXX` its four digits too) and the first quote not escaped closes it. Throws 413 once the body
 * outside long strings passes BODY_LIMIT_BYTES, so a body of millions of short strings costs no more than that.
 */
async function findLongStrings(body: Buffer, turn: Turn): Promise<LongString[]> {
  const found: LongString[] = [];
  let outside = 0;
  let position = 0;
  let quote = -1;
  let backslash = -2;
  for (;;) {
    const open = body.indexOf(QUOTE, position);
    if (open < 0) break;
    const cuts: number[] = [];
    let lastCut = open + 1;
    /** Cuts every PIECE bytes in `[from, to]`, text without escapes (its ends are safe cuts too). */
    const cutPlain = (from: number, to: number) => {
      while (to - lastCut >= PIECE) {
        lastCut = Math.max(from, lastCut + PIECE);
        cuts.push(lastCut);
      }
    };
    let at = open + 1;
    for (;;) {
      if (quote < at) quote = body.indexOf(QUOTE, at);
      if (quote < 0) throw invalidJson();
      if (backslash !== -1 && backslash < at) backslash = body.indexOf(BACKSLASH, at);
      if (backslash < 0 || backslash > quote) break;
      cutPlain(at, backslash);
      at = backslash + (body[backslash + 1] === LETTER_U ? 6 : 2);
      await turn();
    }
    cutPlain(at, quote);
    if (quote - open - 1 >= LONG_STRING) {
      found.push({ open: open + 1, close: quote, cuts });
      outside += open - position + 2;
    } else outside += quote + 1 - position;
    if (outside > BODY_LIMIT_BYTES) throw tooLarge();
    position = quote + 1;
    await turn();
  }
  if (outside + body.length - position > BODY_LIMIT_BYTES) throw tooLarge();
  return found;
}

/** A long string's value in pieces: each decoded (UTF-8, streaming across pieces) and unescaped by JSON.parse. */
async function decodeLongString(body: Buffer, { open, close, cuts }: LongString, turn: Turn): Promise<string[]> {
  const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });
  const pieces: string[] = [];
  let from = open;
  for (const to of [...cuts, close]) {
    const text = utf8.decode(body.subarray(from, to), { stream: to < close });
    try {
      pieces.push(JSON.parse(`"${text}"`) as string);
    } catch {
      // A control character or a broken escape, as JSON.parse would have found in the whole body.
      throw invalidJson();
    }
    from = to;
    await turn();
  }
  return pieces;
}

/**
 * The body as Fastify's parser would receive it (its limits and answers: 413, a wrong Content-Length 400), but
 * joined a chunk at a time: Buffer.concat of 80 MB takes tens of milliseconds in one go.
 */
async function receive(request: FastifyRequest, payload: NodeJS.ReadableStream, limit: number): Promise<Buffer> {
  const declared = Number(request.headers['content-length']);
  if (declared > limit) throw new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
  const chunks = await new Promise<Buffer[]>((resolve, reject) => {
    const received: Buffer[] = [];
    let size = 0;
    const stop = () => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onEnd);
    };
    function onData(chunk: Buffer | string) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += bytes.length;
      if (size > limit) {
        stop();
        reject(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
        return;
      }
      received.push(bytes);
    }
    function onEnd(error?: Error & { statusCode?: number }) {
      stop();
      if (!error) resolve(received);
      else reject(Object.assign(error, { statusCode: error.statusCode && error.statusCode >= 400 ? error.statusCode : 400 }));
    }
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onEnd);
    payload.resume();
  });
  const size = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  if (!Number.isNaN(declared) && size !== declared) throw new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH();
  if (size <= BODY_LIMIT_BYTES) return Buffer.concat(chunks, size);
  const body = Buffer.allocUnsafe(size);
  const turn = timeSlices();
  let offset = 0;
  for (const chunk of chunks) {
    offset += chunk.copy(body, offset);
    await turn();
  }
  return body;
}

/** The pieces of the long strings of a request's body, by the top-level field that holds them. */
const piecesOf = new WeakMap<FastifyRequest, Map<string, string[]>>();

/**
 * The text of the body's top-level `field` as pieces to read one by one: a long string as acceptLargeJsonBodies
 * decoded it, undefined for any other (read it as it is: it is short).
 */
export function textPieces(request: FastifyRequest, field: string): string[] | undefined {
  return piecesOf.get(request)?.get(field);
}

/** Puts each long string back where its placeholder is, as a value or a key (the parsed rest is small). */
function putBack(value: unknown, strings: Map<string, string>): unknown {
  const swap = (item: unknown) => (typeof item === 'string' ? (strings.get(item) ?? item) : item);
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const container = pending.pop();
    if (Array.isArray(container)) {
      container.forEach((item, index) => {
        container[index] = swap(item);
        pending.push(item);
      });
    } else if (typeof container === 'object' && container !== null) {
      const object = container as Record<string, unknown>;
      const entries = Object.entries(object);
      const renamed = entries.some(([key]) => strings.has(key));
      for (const [key, item] of entries) {
        if (renamed) delete object[key];
        object[renamed ? (swap(key) as string) : key] = swap(item);
        pending.push(item);
      }
    }
  }
  return swap(value);
}

export function acceptLargeJsonBodies(app: FastifyInstance): void {
  const defaultParser = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );
  const parseText = (request: FastifyRequest, text: string) =>
    new Promise<unknown>((resolve, reject) =>
      defaultParser(request, text, (error, value) => {
        if (error) reject(error);
        else resolve(value);
      }),
    );

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', async (request: FastifyRequest, payload: NodeJS.ReadableStream) => {
    const limit = request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? BODY_LIMIT_BYTES;
    const body = await receive(request, payload ?? request.raw, limit);
    if (body.length <= BODY_LIMIT_BYTES) return parseText(request, body.toString('utf8'));
    const turn = timeSlices();
    const long = await findLongStrings(body, turn);
    const placeholder = `${randomUUID()}:`;
    const pieces = new Map<string, string[]>();
    const rest: Buffer[] = [];
    let position = 0;
    for (const [index, string] of long.entries()) {
      pieces.set(placeholder + index, await decodeLongString(body, string, turn));
      rest.push(body.subarray(position, string.open), Buffer.from(placeholder + index));
      position = string.close;
    }
    rest.push(body.subarray(position));
    const value = await parseText(request, Buffer.concat(rest).toString('utf8'));
    const fields = new Map<string, string[]>();
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const [field, item] of Object.entries(value)) {
        const itemPieces = typeof item === 'string' ? pieces.get(item) : undefined;
        if (itemPieces) fields.set(field, itemPieces);
      }
    }
    piecesOf.set(request, fields);
    // Each long string whole, for validation (its length) and for any reader that does not ask for its pieces.
    const strings = new Map([...pieces].map(([key, parts]) => [key, parts.reduce((whole, part) => whole + part, '')]));
    return putBack(value, strings);
  });
}
