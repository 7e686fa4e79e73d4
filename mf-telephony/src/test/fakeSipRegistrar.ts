import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A SIP request as the registrar saw it: the first line and the headers by lower-case name. */
export interface SipRequest {
  method: string;
  uri: string;
  headers: Record<string, string>;
}

const WS_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
export const REGISTRAR_REALM = 'consig.local';

function parse(text: string): SipRequest | null {
  const [head] = text.split('\r\n\r\n');
  const [first, ...lines] = head.split('\r\n');
  const match = /^([A-Z]+) (\S+) SIP\/2\.0$/.exec(first);
  if (!match) return null;
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { method: match[1], uri: match[2], headers };
}

function reply(request: SipRequest, status: string, extra: string[] = []) {
  const { via, from, to, 'call-id': callId, cseq } = request.headers;
  return [
    `SIP/2.0 ${status}`,
    `Via: ${via}`,
    `From: ${from}`,
    `To: ${to};tag=registrar`,
    `Call-ID: ${callId}`,
    `CSeq: ${cseq}`,
    ...extra,
    'Content-Length: 0',
    '',
    '',
  ].join('\r\n');
}

/** One unmasked WebSocket text frame (server to client). */
function textFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const length = payload.length;
  const header = length < 126 ? Buffer.from([0x81, length]) : Buffer.from([0x81, 126, length >> 8, length & 0xff]);
  return Buffer.concat([header, payload]);
}

/** Splits the client's masked frames out of `buffer`; returns the texts and what is left. */
function readFrames(buffer: Buffer): { texts: string[]; rest: Buffer; closed: boolean } {
  const texts: string[] = [];
  let offset = 0;
  let closed = false;
  while (buffer.length - offset >= 2) {
    const opcode = buffer[offset] & 0x0f;
    let length = buffer[offset + 1] & 0x7f;
    let at = offset + 2;
    if (length === 126) {
      if (buffer.length < at + 2) break;
      length = buffer.readUInt16BE(at);
      at += 2;
    } else if (length === 127) {
      if (buffer.length < at + 8) break;
      length = Number(buffer.readBigUInt64BE(at));
      at += 8;
    }
    if (buffer.length < at + 4 + length) break;
    const mask = buffer.subarray(at, at + 4);
    const payload = Buffer.from(buffer.subarray(at + 4, at + 4 + length).map((byte, i) => byte ^ mask[i % 4]));
    if (opcode === 1) texts.push(payload.toString());
    if (opcode === 8) closed = true;
    offset = at + 4 + length;
  }
  return { texts, rest: buffer.subarray(offset), closed };
}

/**
 * A SIP registrar over WebSocket small enough to read: it challenges each REGISTER once (Digest, MD5) and
 * accepts the authenticated one ('refuse': answers it 403; 'silent': never completes the WebSocket handshake). Enough to drive the real JsSIP agent in unit tests (registration, the
 * credentials it sends, reconnection after the server restarts); calls go through Kamailio in e2e.
 */
export async function startFakeSipRegistrar({
  port = 0,
  behaviour = 'accept',
}: { port?: number; behaviour?: 'accept' | 'refuse' | 'silent' } = {}) {
  const requests: SipRequest[] = [];
  /** The first lines of the responses the client sent (e.g. 'SIP/2.0 180 Ringing'), with their CSeq. */
  const responses: { status: string; cseq: string }[] = [];
  const sockets = new Set<Socket>();
  const server = createServer();

  server.on('upgrade', (request: IncomingMessage, socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    if (behaviour === 'silent') return; // takes the connection, never completes the handshake
    const accept = createHash('sha1').update(`${request.headers['sec-websocket-key']}${WS_GUID}`).digest('base64');
    socket.write(
      [
        'HTTP/1.1 101 Switching Protocols',
        'Upgrade: websocket',
        'Connection: Upgrade',
        `Sec-WebSocket-Accept: ${accept}`,
        'Sec-WebSocket-Protocol: sip',
        '',
        '',
      ].join('\r\n'),
    );
    let pending: Buffer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      const { texts, rest, closed } = readFrames(Buffer.concat([pending, chunk]));
      pending = rest;
      for (const text of texts) {
        if (text.startsWith('SIP/2.0')) {
          responses.push({ status: text.slice(0, text.indexOf('\r\n')), cseq: /\r\nCSeq: ([^\r]+)/i.exec(text)?.[1] ?? '' });
          continue;
        }
        const sip = parse(text);
        if (!sip) continue;
        requests.push(sip);
        if (sip.method !== 'REGISTER') continue;
        const answer = sip.headers.authorization
          ? behaviour === 'refuse'
            ? reply(sip, '403 Forbidden')
            : reply(sip, '200 OK', [`Contact: ${sip.headers.contact};expires=600`])
          : reply(sip, '401 Unauthorized', [
              `WWW-Authenticate: Digest realm="${REGISTRAR_REALM}", nonce="n${requests.length}", algorithm=MD5`,
            ]);
        socket.write(textFrame(answer));
      }
      if (closed) socket.end();
    });
  });

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;

  return {
    url: `ws://127.0.0.1:${address.port}`,
    port: address.port,
    requests,
    responses,
    /** Sends a SIP message to the connected client(s), as a caller's proxy would. */
    send(message: string) {
      sockets.forEach((socket) => socket.write(textFrame(message)));
    },
    /** Stops at once, dropping every connection as a crashed or restarted server would. */
    async stop() {
      sockets.forEach((socket) => socket.destroy());
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
