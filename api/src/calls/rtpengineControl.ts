/**
 * rtpengine's control protocol (ng) over UDP, for what the API asks of the media relay itself: a supervisor's
 * silent listening (`subscribe request` / `subscribe answer` / `unsubscribe`). Kamailio drives every call's media
 * through its own rtpengine module; this is only the API's side door. A message is a cookie, a space and a
 * bencoded dictionary; the answer repeats the cookie (docs/architecture.md "Telephony").
 */
import dgram from 'node:dgram';
import { randomBytes } from 'node:crypto';

export type Bencodable = string | number | Bencodable[] | { [key: string]: Bencodable | undefined };

/** Bencode (byte strings in UTF-8, as SDP and tags are ASCII; dictionary keys sorted as the format asks). */
export function bencode(value: Bencodable): Buffer {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new RangeError('bencode: only integers');
    return Buffer.from(`i${value}e`);
  }
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([Buffer.from(`${bytes.length}:`), bytes]);
  }
  if (Array.isArray(value)) return Buffer.concat([Buffer.from('l'), ...value.map(bencode), Buffer.from('e')]);
  const keys = Object.keys(value)
    .filter((key) => value[key] !== undefined)
    .sort();
  return Buffer.concat([Buffer.from('d'), ...keys.flatMap((key) => [bencode(key), bencode(value[key]!)]), Buffer.from('e')]);
}

/** Decodes one bencoded value (strings as UTF-8 text); throws on anything malformed or trailing. */
export function bdecode(input: Buffer): Bencodable {
  let at = 0;
  const fail = (): never => {
    throw new SyntaxError(`bencode inválido na posição ${at}`);
  };
  const next = (): Bencodable => {
    const kind = input[at];
    if (kind === 0x69 /* i */) {
      const end = input.indexOf(0x65, at);
      if (end < 0) fail();
      const text = input.toString('latin1', at + 1, end);
      if (!/^-?\d+$/.test(text)) fail();
      at = end + 1;
      return Number(text);
    }
    if (kind === 0x6c /* l */) {
      at += 1;
      const list: Bencodable[] = [];
      while (input[at] !== 0x65) {
        if (at >= input.length) fail();
        list.push(next());
      }
      at += 1;
      return list;
    }
    if (kind === 0x64 /* d */) {
      at += 1;
      const dictionary: Record<string, Bencodable> = {};
      while (input[at] !== 0x65) {
        if (at >= input.length) fail();
        const key = next();
        if (typeof key !== 'string') fail();
        dictionary[key as string] = next();
      }
      at += 1;
      return dictionary;
    }
    const colon = input.indexOf(0x3a, at);
    const length = colon < 0 ? NaN : Number(input.toString('latin1', at, colon));
    if (!Number.isSafeInteger(length) || length < 0 || colon + 1 + length > input.length) fail();
    at = colon + 1 + length;
    return input.toString('utf8', colon + 1, at);
  };
  const value = next();
  if (at !== input.length) fail();
  return value;
}

export class RtpengineUnavailable extends Error {}

export interface RtpengineControl {
  /** Sends one command; resolves with rtpengine's answer dictionary, or rejects (unavailable, or its error). */
  command(message: Record<string, Bencodable | undefined>): Promise<Record<string, Bencodable>>;
}

/** A client of rtpengine's ng socket at `address` ('127.0.0.1:22222' or 'udp:127.0.0.1:22222'). */
export function rtpengineControl(address: string, { timeoutMs = 1000, attempts = 2 } = {}): RtpengineControl {
  const [, host, port] = /^(?:udp:)?([^:]+):(\d+)$/.exec(address) ?? [];
  if (!host) throw new Error(`RTPENGINE_NG inválido: ${address} (use host:porta)`);
  const once = (payload: Buffer, cookie: string) =>
    new Promise<Buffer | undefined>((resolve) => {
      const socket = dgram.createSocket('udp4');
      const done = (answer: Buffer | undefined) => {
        clearTimeout(timer);
        socket.close();
        resolve(answer);
      };
      const timer = setTimeout(() => done(undefined), timeoutMs);
      socket.on('message', (message) => {
        if (message.toString('latin1', 0, cookie.length + 1) === `${cookie} `) done(message.subarray(cookie.length + 1));
      });
      socket.on('error', () => done(undefined));
      socket.send(payload, Number(port), host);
    });
  return {
    async command(message) {
      // The same cookie on a retry: rtpengine answers a retransmission from its cache instead of acting twice.
      const cookie = randomBytes(6).toString('hex');
      const payload = Buffer.concat([Buffer.from(`${cookie} `), bencode(message)]);
      for (let attempt = 0; attempt < attempts; attempt++) {
        const answer = await once(payload, cookie);
        if (!answer) continue;
        const decoded = bdecode(answer);
        if (typeof decoded !== 'object' || Array.isArray(decoded)) throw new RtpengineUnavailable('resposta do rtpengine inválida');
        if (decoded.result === 'error') throw new Error(`rtpengine: ${String(decoded['error-reason'] ?? 'erro')}`);
        return decoded as Record<string, Bencodable>;
      }
      throw new RtpengineUnavailable('o rtpengine não respondeu');
    },
  };
}
