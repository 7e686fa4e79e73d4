// 'Ouvir' (docs/rules.md "Attendant state") against a real rtpengine: the test plays Kamailio's part (the call's
// offer and answer on rtpengine's control socket, the call events on the API's Kamailio endpoints), and a
// supervisor asks the API to listen: rtpengine's own offer of both sides comes back, the browser's answer is
// taken, and stopping ends the fork. Refusals (roles, another company, no call, no relay) on both databases.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALERT_FLOOR_CHANGE, LISTENING_TEXT } from '@consig/shared/contracts';
import { rtpengineInstalled, rtpengineSettings, startRtpengine, type RunningRtpengine } from '../../telephony/rtpengine';
import { rtpengineControl } from '../src/calls/rtpengineControl';
import { eventuallyPasses } from './eventually';
import { freeUdpPort } from './freePorts';
import { decodeToken, startTestApp, type TestApp } from './harness';
import { upcoming } from './upcoming';
import { wsClients } from './wsClient';

const clock = { now: upcoming(3, 10) };
const sockets = wsClients();
const SUP = 'supervisor@demo.com.br';
const ANA = 'atendente@demo.com.br';
const BRUNO = 'atendente2@demo.com.br';
const OTHER = 'atendente@outra.com.br';

let stateDir: string;
let rtpengine: RunningRtpengine;
let ng: ReturnType<typeof rtpengineControl>;
let api: TestApp;
/** The same API without RTPENGINE_NG: telephony is off. */
let offline: TestApp;
const tokens: Record<string, string> = {};
const idOf = (email: string) => decodeToken(tokens[email]).pessoa.ID_Pessoa as number;

beforeAll(async () => {
  // Never skipped: npm test installs rtpengine; without it this suite fails saying how to get it.
  if (!rtpengineInstalled({})) throw new Error('rtpengine não encontrado. Instale com: sudo apt-get install -y rtpengine-daemon');
  stateDir = mkdtempSync(join(tmpdir(), 'consig-escuta-'));
  const { settings } = rtpengineSettings({
    env: { RTP_PORT_MIN: '37000', RTP_PORT_MAX: '37999' },
    stateDir,
    ngPort: await freeUdpPort(),
    listen: '127.0.0.1',
  });
  rtpengine = await startRtpengine(settings);
  ng = rtpengineControl(`127.0.0.1:${settings.ngPort}`);
  api = await startTestApp({ clock: () => clock.now, env: { RTPENGINE_NG: `127.0.0.1:${settings.ngPort}` } });
  offline = await startTestApp({ clock: () => clock.now });
  for (const email of [SUP, ANA, BRUNO, OTHER]) tokens[email] = await api.login(email);
});
afterEach(() => sockets.closeAll());
afterAll(async () => {
  await offline?.close();
  await api?.close();
  await rtpengine?.stop();
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
});

const call = (t: TestApp, method: string, path: string, email: string, body?: unknown) =>
  t.call(method, path, { token: tokens[email], body });
const listen = (t: TestApp, attendant: string, email = SUP) => call(t, 'POST', `/relatorios/ao-vivo/${idOf(attendant)}/ouvir`, email);

async function kamailio(t: TestApp, endpoint: 'saida' | 'eventos', fields: Record<string, string>) {
  const response = await fetch(`${t.url}/telefonia/sip/${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${t.config.sip.apiSecret}` },
    body: new URLSearchParams({ instante: (clock.now.getTime() / 1000).toFixed(6), ...fields }).toString(),
  });
  return response.text();
}

const sdp = (port: number, direction = 'sendrecv') =>
  [
    'v=0',
    `o=- ${port} 1 IN IP4 127.0.0.1`,
    's=-',
    'c=IN IP4 127.0.0.1',
    't=0 0',
    `m=audio ${port} RTP/AVP 0`,
    'a=rtpmap:0 PCMU/8000',
    `a=${direction}`,
    '',
  ].join('\r\n');

/** Ana signed in, calling José out; rtpengine anchors the call as Kamailio would have it do; answered. */
async function anaInCall(t: TestApp, sipCallId: string) {
  const socket = await sockets.connect(t, '10.7.0.1');
  socket.socket.send(tokens[ANA]);
  expect(await kamailio(t, 'saida', { chamada: sipCallId, ramal: '1001', destino: '011987654321' })).toMatch(/^decisao=permitir/);
  await ng.command({ command: 'offer', 'call-id': sipCallId, 'from-tag': 'ana', sdp: sdp(40000) });
  await ng.command({ command: 'answer', 'call-id': sipCallId, 'from-tag': 'ana', 'to-tag': 'carrier', sdp: sdp(40002) });
  await kamailio(t, 'eventos', { chamada: sipCallId, evento: 'atendida' });
  await eventuallyPasses(async () => {
    const { body } = await call(t, 'GET', '/relatorios/ao-vivo', SUP);
    expect(body.data.atendentes.find((row: { AtendenteID: number }) => row.AtendenteID === idOf(ANA)).CO_Estado).toBe('em_ligacao');
  });
  return socket;
}

/** A browser's receive-only answer to one of rtpengine's offers: its section's mid and first codec, ICE and DTLS. */
function browserAnswer(offer: string) {
  const sections = offer.split(/\r\n(?=m=)/).slice(1);
  return [
    'v=0',
    'o=- 4611731400430051336 2 IN IP4 127.0.0.1',
    's=-',
    't=0 0',
    ...sections.flatMap((section) => {
      const [, protocol, payload] = /^m=audio \d+ (\S+) (\d+)/.exec(section)!;
      const mid = /a=mid:(\S+)/.exec(section)![1];
      const rtpmap = new RegExp(`a=rtpmap:${payload} \\S+`).exec(section)![0];
      return [
        `m=audio 9 ${protocol} ${payload}`,
        'c=IN IP4 0.0.0.0',
        `a=mid:${mid}`,
        rtpmap,
        'a=recvonly',
        'a=rtcp-mux',
        'a=ice-ufrag:aBcD',
        'a=ice-pwd:0123456789abcdefghijklmn',
        `a=fingerprint:sha-256 ${Array.from({ length: 32 }, (_, i) => (i * 7).toString(16).padStart(2, '0').toUpperCase()).join(':')}`,
        'a=setup:active',
      ];
    }),
    '',
  ].join('\r\n');
}

describe('POST /relatorios/ao-vivo/{AtendenteID}/ouvir', () => {
  it('needs a token and a supervisor or manager; another company’s attendant is not found; nobody in a call is a 409', async () => {
    expect((await api.call('POST', `/relatorios/ao-vivo/${idOf(ANA)}/ouvir`)).status).toBe(401);
    expect((await listen(api, ANA, BRUNO)).status).toBe(403);
    expect(await listen(api, OTHER)).toEqual({ status: 404, body: { success: false, text: 'Atendente não encontrado.' } });
    expect(await listen(api, BRUNO)).toEqual({ status: 409, body: { success: false, text: LISTENING_TEXT.notInCall } });
  });

  it('gives the browser rtpengine’s offers of each side (WebRTC, send-only), takes its answers, audits it, and stops', async () => {
    const sipCallId = `escuta-${Date.now()}@listening.test`;
    const board = await sockets.connect(api, '10.7.0.2');
    board.socket.send(tokens[SUP]);
    await anaInCall(api, sipCallId);
    const alertsBefore = board.received.filter((alert) => alert.TP_Alerta === ALERT_FLOOR_CHANGE).length;

    const { status, body } = await listen(api, ANA);
    expect(status).toBe(200);
    const offers: string[] = body.data.DE_Ofertas;
    // One offer per side of the call, each one media section only sent to the listener, over ICE and DTLS-SRTP.
    expect(offers).toHaveLength(2);
    for (const offer of offers) {
      expect(offer.match(/^m=audio \d+ UDP\/TLS\/RTP\/SAVPF /gm)).toHaveLength(1);
      expect(offer).toMatch(/^a=sendonly/m);
      expect(offer).toMatch(/^a=ice-ufrag:/m);
      expect(offer).toMatch(/^a=fingerprint:sha-256 /m);
      expect(offer).toMatch(/^a=rtcp-mux/m);
    }
    // A wrong number of answers is refused before anything reaches the relay.
    expect(
      (await call(api, 'PUT', `/relatorios/ao-vivo/escuta/${body.data.ID_Escuta}`, SUP, { DE_Respostas: [browserAnswer(offers[0])] })).body,
    ).toEqual({
      success: false,
      text: LISTENING_TEXT.oneAnswerPerOffer,
    });

    const answered = await call(api, 'PUT', `/relatorios/ao-vivo/escuta/${body.data.ID_Escuta}`, SUP, {
      DE_Respostas: offers.map(browserAnswer),
    });
    expect(answered).toEqual({ status: 200, body: { success: true, text: LISTENING_TEXT.answered } });
    // Nobody else is told: rtpengine's view of the call keeps its two parties' streams, and the board saw no change.
    const query = await ng.command({ command: 'query', 'call-id': sipCallId });
    expect(Object.keys(query.tags as object)).toEqual(expect.arrayContaining(['ana', 'carrier', expect.stringMatching(/^escuta-.+\.0$/)]));
    expect(board.received.filter((alert) => alert.TP_Alerta === ALERT_FLOOR_CHANGE)).toHaveLength(alertsBefore);

    const audit = await api.db.query<{ address: string; detail: object }>(
      `select de_endereco as address, js_detalhe as detail from auditoria where tp_acao = 'ligacao.escuta'`,
    );
    expect(audit).toEqual([{ address: '127.0.0.1', detail: { ID_Ligacao: expect.any(Number), ID_Atendente: idOf(ANA) } }]);

    expect(await call(api, 'DELETE', `/relatorios/ao-vivo/escuta/${body.data.ID_Escuta}`, SUP)).toEqual({
      status: 200,
      body: { success: true, text: LISTENING_TEXT.stopped },
    });
    expect((await call(api, 'DELETE', `/relatorios/ao-vivo/escuta/${body.data.ID_Escuta}`, SUP)).status).toBe(404);
    const [row] = await api.db.query<{ ended: boolean }>('select ts_fim is not null as ended from escuta_ligacao where id_escuta = $1', [
      body.data.ID_Escuta,
    ]);
    expect(row.ended).toBe(true);
    await ng.command({ command: 'delete', 'call-id': sipCallId });
  });

  it('only the supervisor who asked may answer or stop a listening; a bad answer is a 400', async () => {
    const sipCallId = `escuta2-${Date.now()}@listening.test`;
    await anaInCall(api, sipCallId);
    const { body } = await listen(api, ANA);
    const path = `/relatorios/ao-vivo/escuta/${body.data.ID_Escuta}`;
    const manager = await api.login('gerente@demo.com.br');
    const answers = body.data.DE_Ofertas.map(browserAnswer);
    expect((await api.call('PUT', path, { token: manager, body: { DE_Respostas: answers } })).status).toBe(404);
    expect((await call(api, 'PUT', path, SUP, { DE_Respostas: ['oi', 'v=0'] })).body).toEqual({
      success: false,
      text: 'DE_Respostas.0: Resposta SDP inválida.',
    });
    expect((await call(api, 'PUT', path, BRUNO, { DE_Respostas: answers })).status).toBe(403);
    expect((await call(api, 'DELETE', path, SUP)).status).toBe(200);
    await ng.command({ command: 'delete', 'call-id': sipCallId });
  });

  it('without the media relay configured, listening is unavailable (503)', async () => {
    for (const email of [SUP, ANA]) tokens[`${email}#offline`] = await offline.login(email);
    const socket = await sockets.connect(offline, '10.7.0.3');
    socket.socket.send(tokens[`${ANA}#offline`]);
    const sipCallId = `escuta3-${Date.now()}@listening.test`;
    await kamailio(offline, 'saida', { chamada: sipCallId, ramal: '1001', destino: '011987654321' });
    await kamailio(offline, 'eventos', { chamada: sipCallId, evento: 'atendida' });
    await eventuallyPasses(async () =>
      expect(await offline.call('POST', `/relatorios/ao-vivo/${idOf(ANA)}/ouvir`, { token: tokens[`${SUP}#offline`] })).toEqual({
        status: 503,
        body: { success: false, text: LISTENING_TEXT.unavailable },
      }),
    );
  });
});
