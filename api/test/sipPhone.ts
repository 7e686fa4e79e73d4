import { createHash, randomBytes } from 'node:crypto';
import WebSocket from 'ws';

/** A SIP message as received: request (method, uri) or response (status, reason). */
export interface SipMessage {
  method?: string;
  uri?: string;
  status?: number;
  reason?: string;
  headers: [string, string][];
  body: string;
}

/** The first value of a header (case-insensitive), or undefined. */
export function header(message: SipMessage, name: string): string | undefined {
  return headers(message, name)[0];
}

/** Every value of a header, in order (a comma-separated one counts as one). */
export function headers(message: SipMessage, name: string): string[] {
  return message.headers.filter(([key]) => key.toLowerCase() === name.toLowerCase()).map(([, value]) => value);
}

export function parseSip(text: string): SipMessage {
  const split = text.indexOf('\r\n\r\n');
  const [start, ...lines] = text.slice(0, split).split('\r\n');
  const headerList = lines.map((line): [string, string] => {
    const colon = line.indexOf(':');
    return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
  });
  const body = text.slice(split + 4);
  const status = /^SIP\/2\.0 (\d{3}) (.*)$/.exec(start);
  if (status) return { status: Number(status[1]), reason: status[2], headers: headerList, body };
  const [method, uri] = start.split(' ');
  return { method, uri, headers: headerList, body };
}

const token = () => randomBytes(6).toString('hex');
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** The parameters of a `Digest realm="…", nonce="…", qop="auth"` challenge. */
function challengeOf(value: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [, key, quoted, bare] of value.replace(/^Digest\s+/i, '').matchAll(/(\w+)=(?:"([^"]*)"|([^\s,]+))/g)) {
    params[key] = quoted ?? bare;
  }
  return params;
}

/** RFC 2617 digest credentials answering `challenge` for `method uri`. */
export function digestAuthorization(
  challenge: string,
  { user, password, method, uri }: { user: string; password: string; method: string; uri: string },
) {
  const { realm, nonce, qop, opaque } = challengeOf(challenge);
  const ha1 = md5(`${user}:${realm}:${password}`);
  const ha2 = md5(`${method}:${uri}`);
  const cnonce = token();
  const nc = '00000001';
  const response = qop ? md5(`${ha1}:${nonce}:${nc}:${cnonce}:auth:${ha2}`) : md5(`${ha1}:${nonce}:${ha2}`);
  return (
    `Digest username="${user}", realm="${realm}", nonce="${nonce}", uri="${uri}", response="${response}", algorithm=MD5` +
    (qop ? `, qop=auth, nc=${nc}, cnonce="${cnonce}"` : '') +
    (opaque ? `, opaque="${opaque}"` : '')
  );
}

export interface Credentials {
  User: string;
  Pass: string;
}

/** What a request needs beyond its method; From/To are SIP URIs. */
interface Outgoing {
  uri: string;
  from: string;
  to: string;
  callId?: string;
  cseq?: number;
  toTag?: string;
  fromTag?: string;
  extraHeaders?: string[];
  body?: string;
}

/** An established call as its caller sees it: enough to send ACK and BYE along the recorded route. */
export interface Dialog {
  callId: string;
  from: string;
  fromTag: string;
  to: string;
  toTag: string;
  remoteTarget: string;
  routes: string[];
  cseq: number;
}

const SDP = ['v=0', 'o=- 1 1 IN IP4 127.0.0.1', 's=-', 'c=IN IP4 127.0.0.1', 't=0 0', 'm=audio 9 RTP/AVP 0', ''].join('\r\n');

/**
 * A bare SIP user agent over WebSocket (RFC 7118), the way the browser softphone talks to Kamailio: enough
 * to register, call, answer and hang up, with digest authentication. The tests play attendants and the
 * clients' phones with it.
 */
export class SipPhone {
  private readonly pending = new Map<string, (response: SipMessage) => void>();
  private readonly requests: SipMessage[] = [];
  private requestWaiters: (() => void)[] = [];
  /** The made-up host of this phone's Contact, as browsers write it. */
  readonly contactHost = `${token()}.invalid`;

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => this.receive(parseSip(data.toString())));
  }

  static async connect(url: string): Promise<SipPhone> {
    const socket = new WebSocket(url, 'sip');
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    return new SipPhone(socket);
  }

  /** The local port of this phone's connection (what Kamailio writes in its contact alias). */
  get localPort(): number {
    return (this.socket as unknown as { _socket: { localPort: number } })._socket.localPort;
  }

  close() {
    this.socket.terminate();
  }

  private receive(message: SipMessage) {
    if (message.method) {
      this.requests.push(message);
      for (const wake of this.requestWaiters.splice(0)) wake();
      return;
    }
    if (message.status! < 200) return; // 100 Trying, 180 Ringing: wait for the final answer
    const key = `${header(message, 'Call-ID')} ${header(message, 'CSeq')}`;
    this.pending.get(key)?.(message);
  }

  /** The next request of `method` this phone receives (an INVITE ringing it, a BYE ending a call). */
  async nextRequest(method: string, timeoutMs = 5000): Promise<SipMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.requests.findIndex((request) => request.method === method);
      if (index >= 0) return this.requests.splice(index, 1)[0];
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${method} arrived in ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.requestWaiters.push(() => (clearTimeout(timer), resolve()));
      });
    }
  }

  /** Sends a request; resolves with its final response (ACK has none: resolves at once). */
  send(method: string, outgoing: Outgoing & { routes?: string[] }): Promise<SipMessage | undefined> {
    const callId = outgoing.callId ?? token();
    const cseq = `${outgoing.cseq ?? 1} ${method === 'ACK' ? 'ACK' : method}`;
    const body = outgoing.body ?? '';
    const lines = [
      `${method} ${outgoing.uri} SIP/2.0`,
      `Via: SIP/2.0/WS ${this.contactHost};branch=z9hG4bK${token()};rport`,
      'Max-Forwards: 70',
      ...(outgoing.routes ?? []).map((route) => `Route: ${route}`),
      `From: <${outgoing.from}>;tag=${outgoing.fromTag ?? token()}`,
      `To: <${outgoing.to}>${outgoing.toTag ? `;tag=${outgoing.toTag}` : ''}`,
      `Call-ID: ${callId}`,
      `CSeq: ${cseq}`,
      `Contact: <sip:${new URL(outgoing.from.replace(/^sip:/, 'http://')).username}@${this.contactHost};transport=ws>`,
      ...(outgoing.extraHeaders ?? []),
      ...(body ? ['Content-Type: application/sdp'] : []),
      `Content-Length: ${Buffer.byteLength(body)}`,
      '',
      body,
    ];
    const answered =
      method === 'ACK'
        ? Promise.resolve(undefined)
        : new Promise<SipMessage>((resolve, reject) => {
            const key = `${callId} ${cseq}`;
            const timer = setTimeout(() => (this.pending.delete(key), reject(new Error(`no final answer to ${method} in 5 s`))), 5000);
            this.pending.set(key, (response) => {
              clearTimeout(timer);
              this.pending.delete(key);
              resolve(response);
            });
          });
    this.socket.send(lines.join('\r\n'));
    return answered;
  }

  /**
   * REGISTER `sip:{extension}@{realm}` the softphone's way: unauthenticated first, then answering the
   * 401 challenge with the credentials. Returns both answers.
   */
  async register(extension: string, realm: string, credentials: Credentials) {
    const aor = `sip:${extension}@${realm}`;
    const request = { uri: `sip:${realm}`, from: aor, to: aor, callId: token(), fromTag: token(), extraHeaders: ['Expires: 600'] };
    const challenge = (await this.send('REGISTER', { ...request, cseq: 1 }))!;
    const challengeHeader = header(challenge, 'WWW-Authenticate');
    if (challenge.status !== 401 || !challengeHeader) return { challenge, answer: challenge };
    const authorization = digestAuthorization(challengeHeader, {
      user: credentials.User,
      password: credentials.Pass,
      method: 'REGISTER',
      uri: request.uri,
    });
    const answer = (await this.send('REGISTER', {
      ...request,
      cseq: 2,
      extraHeaders: [...request.extraHeaders, `Authorization: ${authorization}`],
    }))!;
    return { challenge, answer };
  }

  /**
   * INVITE `target` from `sip:{extension}@{realm}`, answering the 407 challenge. Resolves with the final
   * answer and, for a 2xx, the dialog (after sending the ACK).
   */
  async call(target: string, extension: string, realm: string, credentials: Credentials) {
    const request = { uri: target, from: `sip:${extension}@${realm}`, to: target, callId: token(), fromTag: token(), body: SDP };
    let answer = (await this.send('INVITE', { ...request, cseq: 1 }))!;
    const challengeHeader = header(answer, 'Proxy-Authenticate');
    if (answer.status === 407 && challengeHeader) {
      // A failure answer to an INVITE is acknowledged within its transaction.
      await this.send('ACK', { ...request, cseq: 1, body: '', toTag: tagOf(header(answer, 'To')) });
      const authorization = digestAuthorization(challengeHeader, {
        user: credentials.User,
        password: credentials.Pass,
        method: 'INVITE',
        uri: target,
      });
      answer = (await this.send('INVITE', { ...request, cseq: 2, extraHeaders: [`Proxy-Authorization: ${authorization}`] }))!;
    }
    const cseq = Number(header(answer, 'CSeq')!.split(' ')[0]);
    if (answer.status! >= 300) {
      await this.send('ACK', { ...request, cseq, body: '', toTag: tagOf(header(answer, 'To')) });
      return { answer, dialog: undefined };
    }
    const dialog: Dialog = {
      callId: request.callId,
      from: request.from,
      fromTag: request.fromTag,
      to: target,
      toTag: tagOf(header(answer, 'To'))!,
      remoteTarget: uriOf(header(answer, 'Contact')!),
      // A caller's route set is the answer's Record-Route, last first.
      routes: headers(answer, 'Record-Route')
        .flatMap((value) => value.split(/,\s*(?=<)/))
        .reverse(),
      cseq,
    };
    await this.inDialog('ACK', dialog, cseq);
    return { answer, dialog };
  }

  /** A request inside `dialog` (ACK with the INVITE's CSeq, BYE with the next one). */
  inDialog(method: string, dialog: Dialog, cseq = ++dialog.cseq) {
    return this.send(method, {
      uri: dialog.remoteTarget,
      routes: dialog.routes,
      from: dialog.from,
      fromTag: dialog.fromTag,
      to: dialog.to,
      toTag: dialog.toTag,
      callId: dialog.callId,
      cseq,
    });
  }

  /** Answers a received request with `status`; a 2xx to an INVITE carries this phone's Contact and SDP. */
  reply(request: SipMessage, status: number, reason: string, toTag = token()) {
    const isInviteOk = request.method === 'INVITE' && status < 300;
    const body = isInviteOk ? SDP : '';
    const user = new URL(request.uri!.replace(/^sip:/, 'http://')).username;
    const lines = [
      `SIP/2.0 ${status} ${reason}`,
      ...headers(request, 'Via').map((via) => `Via: ${via}`),
      ...headers(request, 'Record-Route').map((route) => `Record-Route: ${route}`),
      `From: ${header(request, 'From')}`,
      `To: ${header(request, 'To')}${tagOf(header(request, 'To')) || status === 100 ? '' : `;tag=${toTag}`}`,
      `Call-ID: ${header(request, 'Call-ID')}`,
      `CSeq: ${header(request, 'CSeq')}`,
      ...(isInviteOk ? [`Contact: <sip:${user}@${this.contactHost};transport=ws>`, 'Content-Type: application/sdp'] : []),
      `Content-Length: ${Buffer.byteLength(body)}`,
      '',
      body,
    ];
    this.socket.send(lines.join('\r\n'));
  }
}

/** The tag parameter of a From/To value. */
export const tagOf = (value: string | undefined) => /;tag=([^;>\s]+)/.exec(value ?? '')?.[1];

/** The URI inside a `"Name" <sip:…>;params` value. */
export const uriOf = (value: string) => /<([^>]+)>/.exec(value)?.[1] ?? value.split(';')[0];

/** The user part of a SIP URI. */
export const userOf = (uri: string) => /^sips?:([^@;>]+)@/.exec(uriOf(uri))?.[1];
