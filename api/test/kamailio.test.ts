// The SIP edge (telephony/kamailio.cfg) as the softphones and the carrier meet it: a real Kamailio and a real
// rtpengine on free ports, asking a real API (PGlite or PostgreSQL) for its decisions and reporting its call
// events, spoken to over a real WebSocket with the credentials GET /atendente/ramal hands out; the carrier is
// SIPp, an independent SIP implementation.
import { once } from 'node:events';
import { createSocket } from 'node:dgram';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  INSTALL_COMMAND,
  kamailioInstalled,
  kamailioPath,
  startKamailio,
  telephonySettings,
  type RunningKamailio,
} from '../../telephony/kamailio';
import { ngSocket, rtpengineSettings, startRtpengine, type RunningRtpengine } from '../../telephony/rtpengine';
import { ephemeralCredentials } from '../src/attendant/sip';
import { eventuallyPasses } from './eventually';
import { freePort, freeUdpPort } from './freePorts';
import { startTestApp } from './harness';
import { carrierAnswering, carrierCalling, carrierRegistrar, INSTALL_SIPP, SIPP_PATH, type Sipp } from '../../telephony/sipp/sipp';
import { digestAuthorization, header, SipPhone, tagOf, uriOf, userOf, type Credentials } from './sipPhone';

const REALM = 'pabx.consig.test';
const SECRET = 'segredo-compartilhado-de-teste';
const API_SECRET = 'segredo-do-kamailio-para-a-api';
const TRUNK = { user: 'consig', password: 'senha-da-operadora' };
/** José Carlos Pereira's mobile (demo data), dialled with the leading 0 of product-spec §9. */
const JOSE_MOBILE = '11987654321';
/** The demo company's main number (its caller ID and a DID). */
const MAIN_NUMBER = '1130030303';
/** The lifetime of the credentials the tests make themselves (SIP_CREDENTIAL_SECONDS' default). */
const CREDENTIAL_SECONDS = 600;

/**
 * Whether `pid` is a live process. A zombie is not: whoever reaps orphans here (PID 1 of a container may never
 * do it) decides how long a server killed outright stays in the table, not the server.
 */
const isRunning = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] !== 'Z';
  } catch {
    return false;
  }
};

const folders: string[] = [];
const servers: (RunningKamailio | RunningRtpengine)[] = [];
const phones: SipPhone[] = [];
const carriers: Sipp[] = [];

/**
 * The API (a fresh database) with rtpengine and Kamailio as the launcher starts them, on free ports. With
 * `trunk`, Kamailio's trunk is SIPp answering as the carrier on `trunk.port`.
 */
async function edge({ trunk }: { trunk?: { port: number; register?: boolean } } = {}) {
  const stateDir = mkdtempSync(join(tmpdir(), 'consig-kamailio-'));
  folders.push(stateDir);
  const { settings: media } = rtpengineSettings({
    env: { RTP_PORT_MIN: '36000', RTP_PORT_MAX: '36999' },
    stateDir,
    ngPort: await freeUdpPort(),
    listen: '127.0.0.1',
  });
  const api = await startTestApp({
    env: {
      SIP_SECRET: SECRET,
      SIP_REALM: REALM,
      SIP_API_SECRET: API_SECRET,
      RECORDINGS_SPOOL_DIR: media.spoolDir,
      RECORDINGS_DIR: join(stateDir, 'gravacoes'),
    },
  });
  const rtpengine = await startRtpengine(media);
  servers.push(rtpengine);
  const trunkEnv = trunk
    ? {
        SIP_TRUNK_URI: `sip:127.0.0.1:${trunk.port}`,
        SIP_TRUNK_USER: TRUNK.user,
        SIP_TRUNK_PASSWORD: TRUNK.password,
        SIP_TRUNK_ADDRESSES: '127.0.0.1',
        ...(trunk.register ? { SIP_TRUNK_REGISTER: '1' } : {}),
      }
    : {};
  const settings = telephonySettings({
    env: { SIP_SECRET: SECRET, SIP_REALM: REALM, SIP_API_SECRET: API_SECRET, ...trunkEnv },
    stateDir,
    wsPort: await freePort(),
    sipPort: await freePort(),
    listenHost: '127.0.0.1',
    apiUrl: api.url,
    rtpengine: ngSocket(media.ngPort),
  });
  let kamailio = await startKamailio(settings);
  servers.push(kamailio);
  const sip = { secret: SECRET, realm: REALM, wsUrl: `ws://127.0.0.1:${settings.wsPort}` };
  const credentials = (extension: string, now?: number) =>
    ephemeralCredentials(extension, { ...sip, credentialSeconds: CREDENTIAL_SECONDS }, now);
  const phone = async () => {
    const created = await SipPhone.connect(sip.wsUrl);
    phones.push(created);
    return created;
  };
  return {
    api,
    kamailio,
    settings,
    credentials,
    phone,
    /** A phone registered as `extension` (or a client's number). */
    async registered(extension: string) {
      const created = await phone();
      const { answer } = await created.register(extension, REALM, credentials(extension));
      expect(answer.status).toBe(200);
      return created;
    },
    /** The call rows of the API's database for a SIP Call-ID, as the records keep them. */
    async record(callId: string) {
      const [row] = await api.db.query<Record<string, unknown>>('select * from ligacao where co_sip_call_id = $1', [callId]);
      return row;
    },
    /** Kamailio killed outright (SIGKILL: no goodbye of any kind) and started again on the same ports. */
    async crashAndRestartKamailio() {
      process.kill(kamailio.pid!, 'SIGKILL');
      await kamailio.exited;
      kamailio = await startKamailio(settings);
      servers.push(kamailio);
    },
    async stop() {
      await kamailio.stop();
      await rtpengine.stop();
      await api.close();
    },
  };
}
type Edge = Awaited<ReturnType<typeof edge>>;

beforeAll(() => {
  // Never skipped: without Kamailio, rtpengine or SIPp this suite fails and says how to get them (npm test installs them).
  if (!kamailioInstalled()) {
    throw new Error(
      `Kamailio ou rtpengine não encontrado em ${kamailioPath()}. Instale com: sudo ${INSTALL_COMMAND} (ou defina KAMAILIO_PATH).`,
    );
  }
  if (!existsSync(SIPP_PATH))
    throw new Error(`SIPp não encontrado em ${SIPP_PATH}. Instale com: sudo ${INSTALL_SIPP} (ou defina SIPP_PATH).`);
});

afterEach(() => {
  for (const phone of phones.splice(0)) phone.close();
});

afterAll(async () => {
  await Promise.all(carriers.splice(0).map((carrier) => carrier.stop()));
  const pids = servers.map((server) => server.pid!);
  await Promise.all(servers.splice(0).map((server) => server.stop()));
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  // No Kamailio or rtpengine is left behind.
  expect(pids.filter(isRunning)).toEqual([]);
});

describe('Kamailio and rtpengine without a trunk (the default)', () => {
  let sip: Edge;
  beforeAll(async () => {
    sip = await edge();
  });
  afterAll(() => sip.stop());

  it('registers sip:1001@realm with the credentials GET /atendente/ramal hands out, after a 401 challenge', async () => {
    const phone = await sip.phone();
    const { challenge, answer } = await phone.register('1001', REALM, sip.credentials('1001'));
    expect({ status: challenge.status, realm: /realm="([^"]+)"/.exec(header(challenge, 'WWW-Authenticate') ?? '')?.[1] }).toEqual({
      status: 401,
      realm: REALM,
    });
    expect(answer.status).toBe(200);
    expect(uriOf(header(answer, 'Contact')!)).toContain(`sip:1001@${phone.contactHost}`);
  });

  it('refuses a wrong password, another extension’s credentials, expired ones and ones made with another secret', async () => {
    const attempts = [
      { ...sip.credentials('1001'), Pass: sip.credentials('1002').Pass },
      sip.credentials('1002'),
      // Handed out 11 minutes ago: valid for 10.
      sip.credentials('1001', Date.now() - (CREDENTIAL_SECONDS + 60) * 1000),
      ephemeralCredentials('1001', {
        secret: 'outro-segredo-qualquer-123',
        realm: REALM,
        wsUrl: '',
        credentialSeconds: CREDENTIAL_SECONDS,
      }),
    ];
    const statuses = [];
    for (const credentials of attempts) statuses.push((await (await sip.phone()).register('1001', REALM, credentials)).answer.status);
    expect(statuses).toEqual([403, 403, 403, 403]);
  });

  // Credentials live minutes (SIP_CREDENTIAL_SECONDS) and the softphone renews them: their expiry is what takes an
  // extension back from whoever holds it. Here they live 2 seconds, set on the API's config object (the variable's
  // floor is a minute).
  describe('credentials that expire while in use', () => {
    /** What GET /atendente/ramal hands Ana (1001) now, valid `seconds`. */
    async function handedOut(seconds: number): Promise<Credentials> {
      const token = await sip.api.login('atendente@demo.com.br');
      const configured = sip.api.config.sip.credentialSeconds;
      sip.api.config.sip.credentialSeconds = seconds;
      try {
        const { status, body } = await sip.api.call('GET', '/atendente/ramal', { token });
        expect({ status, extension: body.data?.Ramal }).toEqual({ status: 200, extension: '1001' });
        return body.data;
      } finally {
        sip.api.config.sip.credentialSeconds = configured;
      }
    }
    /** Until Kamailio's clock (this machine's) is a whole second past the expiry in User. */
    const pastExpiryOf = ({ User }: Credentials) =>
      new Promise((resolve) => setTimeout(resolve, (Number(User.split(':')[0]) + 1) * 1000 + 100 - Date.now()));

    it('once expired they open neither a registration nor a call; the renewed ones do, on the same connection', async () => {
      const phone = await sip.phone();
      const shortLived = await handedOut(2);
      expect((await phone.register('1001', REALM, shortLived)).answer.status).toBe(200);

      await pastExpiryOf(shortLived);
      const expired = await phone.register('1001', REALM, shortLived);
      const call = await phone.call(`sip:011987650000@${REALM}`, '1001', REALM, shortLived);
      expect({ challenge: expired.challenge.status, register: expired.answer.status, call: call.answer.status }).toEqual({
        challenge: 401,
        register: 403,
        call: 403,
      });

      const renewed = await handedOut(CREDENTIAL_SECONDS);
      expect(renewed.User).not.toBe(shortLived.User);
      expect((await phone.register('1001', REALM, renewed)).answer.status).toBe(200);
      // Authenticated, so routed: nobody is registered under that number.
      expect((await phone.call(`sip:011987650000@${REALM}`, '1001', REALM, renewed)).answer.status).toBe(404);
    });

    it('a call in progress outlives them: its hang-up is not challenged, while a new call with them is refused', async () => {
      const client = await sip.registered(`0${JOSE_MOBILE}`);
      const attendant = await sip.phone();
      const shortLived = await handedOut(2);
      expect((await attendant.register('1001', REALM, shortLived)).answer.status).toBe(200);
      const calling = attendant.call(`sip:0${JOSE_MOBILE}@${REALM}`, '1001', REALM, shortLived);
      const invite = await client.nextRequest('INVITE');
      client.reply(invite, 200, 'OK', 'atendeu');
      const { answer, dialog } = await calling;
      expect(answer.status).toBe(200);
      await client.nextRequest('ACK');

      await pastExpiryOf(shortLived);
      const another = await (await sip.phone()).call(`sip:011987650000@${REALM}`, '1001', REALM, shortLived);
      expect(another.answer.status).toBe(403);

      const hangingUp = attendant.inDialog('BYE', dialog!);
      const bye = await client.nextRequest('BYE');
      client.reply(bye, 200, 'OK', tagOf(header(bye, 'To')));
      expect((await hangingUp)!.status).toBe(200);
      await eventuallyPasses(async () =>
        expect(await sip.record(dialog!.callId)).toMatchObject({ co_situacao: 'encerrada', co_sip: 200, co_encerramento: 'chamador' }),
      );
    });
  });

  it('answers 404 to a call to a number nobody is registered under, and records the failed call', async () => {
    const attendant = await sip.registered('1001');
    const { answer } = await attendant.call(`sip:011987650000@${REALM}`, '1001', REALM, sip.credentials('1001'));
    expect(answer.status).toBe(404);
    const callId = header(answer, 'Call-ID')!;
    await eventuallyPasses(async () =>
      expect(await sip.record(callId)).toMatchObject({
        co_direcao: 'saida',
        nu_ramal: '1001',
        co_situacao: 'encerrada',
        co_sip: 404,
        co_encerramento: 'falhou',
      }),
    );
  });

  it('refuses a call placed as another extension', async () => {
    const attendant = await sip.phone();
    const { answer } = await attendant.call(`sip:1002@${REALM}`, '1001', REALM, sip.credentials('1002'));
    expect(answer.status).toBe(403);
  });

  it("delivers a call to the phone registered under the dialled number with the relay's media, and records it from Kamailio's events", async () => {
    const client = await sip.registered(`0${JOSE_MOBILE}`);
    const attendant = await sip.registered('1001');

    const calling = attendant.call(`sip:0${JOSE_MOBILE}@${REALM}`, '1001', REALM, sip.credentials('1001'));
    const invite = await client.nextRequest('INVITE');
    expect({ to: userOf(invite.uri!), from: userOf(header(invite, 'From')!) }).toEqual({ to: `0${JOSE_MOBILE}`, from: '1001' });
    // The media is anchored: the callee is offered rtpengine's port (RTP_PORT_MIN..MAX), not the caller's (9),
    // as a browser expects it (ICE, DTLS-SRTP, rtcp-mux) and only in G.711.
    const audio = /^m=audio (\d+) (\S+) ([\d ]+)$/m.exec(invite.body)!;
    expect({
      port: Number(audio[1]) >= 36000 && Number(audio[1]) <= 36999,
      profile: audio[2],
      ice: /a=ice-ufrag:/.test(invite.body),
      mux: /a=rtcp-mux/.test(invite.body),
    }).toEqual({
      port: true,
      profile: 'UDP/TLS/RTP/SAVPF',
      ice: true,
      mux: true,
    });
    client.reply(invite, 180, 'Ringing', 'atendeu');
    client.reply(invite, 200, 'OK', 'atendeu');
    const { answer, dialog } = await calling;
    expect(answer.status).toBe(200);
    expect(/^m=audio (\d+)/m.exec(answer.body)?.[1]).not.toBe('9');

    // The ACK and the BYE follow the route the INVITE recorded to the callee's WebSocket.
    expect((await client.nextRequest('ACK')).method).toBe('ACK');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const hangingUp = attendant.inDialog('BYE', dialog!);
    const bye = await client.nextRequest('BYE');
    client.reply(bye, 200, 'OK', tagOf(header(bye, 'To')));
    expect((await hangingUp)!.status).toBe(200);

    await eventuallyPasses(async () => {
      const row = await sip.record(dialog!.callId);
      expect(row).toMatchObject({
        co_direcao: 'saida',
        nu_ramal: '1001',
        co_situacao: 'encerrada',
        co_sip: 200,
        co_encerramento: 'chamador',
      });
      const talk = ((row.ts_fim as Date).getTime() - (row.ts_atendimento as Date).getTime()) / 1000;
      expect(talk).toBeGreaterThanOrEqual(1);
      expect(talk).toBeLessThan(2);
    });
  });

  it('connects extension to extension the same way, and passes a refusal back (486)', async () => {
    const callee = await sip.registered('1002');
    const caller = await sip.registered('1001');
    const calling = caller.call(`sip:1002@${REALM}`, '1001', REALM, sip.credentials('1001'));
    const invite = await callee.nextRequest('INVITE');
    callee.reply(invite, 486, 'Busy Here');
    const { answer } = await calling;
    expect(answer.status).toBe(486);
    await eventuallyPasses(async () =>
      expect(await sip.record(header(answer, 'Call-ID')!)).toMatchObject({ co_direcao: 'interna', co_sip: 486, co_encerramento: 'falhou' }),
    );
  });

  it('refuses at the edge a number on the "Não Me Perturbe" list, saying which rule, and the phone never rings', async () => {
    const [{ co_telefone: suppressed }] = await sip.api.db.query<{ co_telefone: string }>(
      'select co_telefone from nao_perturbe where id_empresa = 1 limit 1',
    );
    const client = await sip.registered(`0${suppressed}`);
    const attendant = await sip.registered('1001');
    const { answer } = await attendant.call(`sip:0${suppressed}@${REALM}`, '1001', REALM, sip.credentials('1001'));
    expect({ status: answer.status, rule: header(answer, 'X-Consig-Recusa') }).toEqual({ status: 403, rule: 'nao-perturbe' });
    await expect(client.nextRequest('INVITE', 500)).rejects.toThrow('no INVITE arrived');
    expect(await sip.record(header(answer, 'Call-ID')!)).toMatchObject({ co_encerramento: 'recusada', co_recusa: 'nao-perturbe' });
  });

  it('a call in progress when Kamailio dies is closed once Kamailio is back (its restart reaches the API), marked as such', async () => {
    const client = await sip.registered(`0${JOSE_MOBILE}`);
    const attendant = await sip.registered('1001');
    const calling = attendant.call(`sip:0${JOSE_MOBILE}@${REALM}`, '1001', REALM, sip.credentials('1001'));
    const invite = await client.nextRequest('INVITE');
    client.reply(invite, 200, 'OK', 'atendeu');
    const { dialog } = await calling;
    await eventuallyPasses(async () => expect(await sip.record(dialog!.callId)).toMatchObject({ co_situacao: 'em_curso' }));
    await sip.crashAndRestartKamailio();
    await eventuallyPasses(async () =>
      expect(await sip.record(dialog!.callId)).toMatchObject({ co_situacao: 'encerrada', co_encerramento: 'varredura' }),
    );
    // The next call works.
    const again = await sip.registered('1001');
    const { answer } = await again.call(`sip:011987650000@${REALM}`, '1001', REALM, sip.credentials('1001'));
    expect(answer.status).toBe(404);
  });

  // requests that only look in-dialog (a To-tag and a Route of the sender's choosing) used to be
  // relayed before any authentication.
  describe('requests that only look like part of a call', () => {
    it('an unauthenticated INVITE with a To-tag and a Route to another host is challenged and never reaches that host', async () => {
      const listener = createSocket('udp4');
      const reached: string[] = [];
      listener.on('message', (data) => reached.push(data.toString()));
      listener.bind(0, '127.0.0.1');
      await once(listener, 'listening');
      try {
        const attacker = await sip.phone();
        const answer = await attacker.send('INVITE', {
          uri: `sip:0800123456@127.0.0.1:${listener.address().port}`,
          from: `sip:banco@${REALM}`,
          to: `sip:0800123456@${REALM}`,
          toTag: 'forjada',
          routes: [`<sip:127.0.0.1:${listener.address().port};lr>`],
          body: '',
        });
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect({ status: answer!.status, reached: reached.length }).toEqual({ status: 407, reached: 0 });
      } finally {
        listener.close();
      }
    });

    it("an unauthenticated INVITE aimed at a registered phone's connection (;alias=) with a forged caller is challenged, and the phone never rings", async () => {
      const victim = await sip.registered('1002');
      const attacker = await sip.phone();
      // The victim's connection as Kamailio writes it in an alias: address, port and transport (5 = WS).
      const port = sip.settings.wsPort;
      const answer = await attacker.send('INVITE', {
        uri: `sip:1002@${victim.contactHost};alias=127.0.0.1~${victim.localPort}~5;transport=ws`,
        from: `sip:banco-oficial@${REALM}`,
        to: `sip:1002@${REALM}`,
        toTag: 'forjada',
        routes: [`<sip:127.0.0.1:${port};transport=ws;lr>`],
        extraHeaders: ['P-Asserted-Identity: "Banco Oficial" <sip:banco@banco.example>'],
        body: '',
      });
      expect(answer!.status).toBe(407);
      await expect(victim.nextRequest('INVITE', 500)).rejects.toThrow('no INVITE arrived');
    });

    it('with valid credentials, a request of no call this server set up gets 481 and reaches nobody', async () => {
      const victim = await sip.registered('1002');
      const attacker = await sip.registered('1001');
      const forged = {
        uri: `sip:1002@${victim.contactHost};alias=127.0.0.1~${victim.localPort}~5;transport=ws`,
        from: `sip:1001@${REALM}`,
        to: `sip:1002@${REALM}`,
        toTag: 'forjada',
        callId: 'uma-chamada-que-nao-existe',
        routes: [`<sip:127.0.0.1:${sip.settings.wsPort};transport=ws;lr>`],
      };
      const challenge = (await attacker.send('BYE', forged))!;
      expect(challenge.status).toBe(407);
      const { User, Pass } = sip.credentials('1001');
      const authorization = digestAuthorization(header(challenge, 'Proxy-Authenticate')!, {
        user: User,
        password: Pass,
        method: 'BYE',
        uri: forged.uri,
      });
      const answer = (await attacker.send('BYE', { ...forged, cseq: 2, extraHeaders: [`Proxy-Authorization: ${authorization}`] }))!;
      expect(answer.status).toBe(481);
      await expect(victim.nextRequest('BYE', 500)).rejects.toThrow('no BYE arrived');
    });
  });

  it("refuses the REGISTER of a deactivated person's extension with credentials still valid, and again registers it once reactivated", async () => {
    // Handed out before the deactivation: valid for 10 more minutes, which Kamailio alone would honour.
    const credentials = sip.credentials('1002');
    const manager = await sip.api.login('gerente@demo.com.br');
    const [{ id }] = await sip.api.db.query<{ id: number }>("select id_pessoa as id from pessoa where nu_ramal = '1002'");
    expect((await sip.api.call('POST', `/cadastros/pessoas/${id}/desativar`, { token: manager })).status).toBe(200);
    expect((await (await sip.phone()).register('1002', REALM, credentials)).answer.status).toBe(403);

    expect((await sip.api.call('POST', `/cadastros/pessoas/${id}/reativar`, { token: manager })).status).toBe(200);
    expect((await (await sip.phone()).register('1002', REALM, credentials)).answer.status).toBe(200);
  });

  it("drops within 5 s the registration a deactivated person's phone already holds, so it is not rung even once reactivated", async () => {
    const held = await sip.registered('1002');
    const caller = await sip.registered('1001');
    const manager = await sip.api.login('gerente@demo.com.br');
    const [{ id }] = await sip.api.db.query<{ id: number }>("select id_pessoa as id from pessoa where nu_ramal = '1002'");
    const dropped = () =>
      readFileSync(sip.settings.logFile, 'utf8')
        .split('\n')
        .filter((line) => line.includes('<1002> revoked')).length;
    const before = dropped();

    const deactivatedAt = Date.now();
    expect((await sip.api.call('POST', `/cadastros/pessoas/${id}/desativar`, { token: manager })).status).toBe(200);
    await eventuallyPasses(() => expect(dropped()).toBe(before + 1), 5000);
    console.log(`registro do ramal desativado removido pelo Kamailio em ${((Date.now() - deactivatedAt) / 1000).toFixed(1)} s`);

    // Active again but not registered again: a call to 1002 finds nobody, and the old phone never hears it.
    expect((await sip.api.call('POST', `/cadastros/pessoas/${id}/reativar`, { token: manager })).status).toBe(200);
    const { answer } = await caller.call(`sip:1002@${REALM}`, '1001', REALM, sip.credentials('1001'));
    expect(answer.status).toBe(404);
    await expect(held.nextRequest('INVITE', 500)).rejects.toThrow('no INVITE arrived');
  });

  it('refuses the REGISTER of an extension whose person has no telephony, even with genuine credentials', async () => {
    await sip.api.db.query("update pessoa set sn_telefonia = 0 where nu_ramal = '1001'");
    try {
      expect((await (await sip.phone()).register('1001', REALM, sip.credentials('1001'))).answer.status).toBe(403);
    } finally {
      await sip.api.db.query("update pessoa set sn_telefonia = 1 where nu_ramal = '1001'");
    }
    expect((await (await sip.phone()).register('1001', REALM, sip.credentials('1001'))).answer.status).toBe(200);
  });
});

describe("Kamailio with the carrier's trunk (SIPp)", () => {
  let sip: Edge;
  let carrier: Sipp;
  beforeAll(async () => {
    const port = await freePort();
    carrier = carrierAnswering({ port, ...TRUNK });
    carriers.push(carrier);
    sip = await edge({ trunk: { port } });
  });
  afterAll(() => sip.stop());

  it("sends a call to a number nobody here is registered under to the carrier with the company's number, answering its digest challenge", async () => {
    const attendant = await sip.registered('1001');
    const before = carrier.invites().length;
    const { answer, dialog } = await attendant.call(`sip:0${JOSE_MOBILE}@${REALM}`, '1001', REALM, sip.credentials('1001'));
    expect(answer.status).toBe(200);
    const invites = carrier.invites().slice(before);
    // The first INVITE was challenged (401); the second carries the trunk's credentials.
    expect(invites).toHaveLength(2);
    const [first, second] = invites;
    const headerOf = (message: string, name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(message)?.[1];
    expect({
      uri: first.split(' ')[1],
      from: userOf(headerOf(first, 'From')!),
      assertedIdentity: headerOf(first, 'P-Asserted-Identity'),
      credentialsForwarded: headerOf(first, 'Proxy-Authorization') !== undefined,
      profile: /^m=audio \d+ (\S+)/m.exec(first)?.[1],
      answered: /username="consig"/.test(headerOf(second, 'Authorization') ?? ''),
    }).toEqual({
      uri: `sip:0${JOSE_MOBILE}@127.0.0.1:${carrier.port}`,
      from: MAIN_NUMBER,
      assertedIdentity: `<sip:${MAIN_NUMBER}@127.0.0.1>`,
      credentialsForwarded: false,
      profile: 'RTP/AVP',
      answered: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await attendant.inDialog('BYE', dialog!))!.status).toBe(200);
    await eventuallyPasses(async () =>
      expect(await sip.record(dialog!.callId)).toMatchObject({
        co_direcao: 'saida',
        nu_identificador: MAIN_NUMBER,
        co_sip: 200,
        co_encerramento: 'chamador',
      }),
    );
  });

  it('still reaches an extension registered here', async () => {
    const callee = await sip.registered('1002');
    const caller = await sip.registered('1001');
    const calling = caller.call(`sip:1002@${REALM}`, '1001', REALM, sip.credentials('1001'));
    const invite = await callee.nextRequest('INVITE');
    expect(userOf(header(invite, 'From')!)).toBe('1001');
    callee.reply(invite, 486, 'Busy Here');
    expect((await calling).answer.status).toBe(486);
  });

  it('a refused number never reaches the carrier', async () => {
    const [{ co_telefone: suppressed }] = await sip.api.db.query<{ co_telefone: string }>(
      'select co_telefone from nao_perturbe where id_empresa = 1 limit 1',
    );
    const attendant = await sip.registered('1001');
    const before = carrier.invites().length;
    const { answer } = await attendant.call(`sip:0${suppressed}@${REALM}`, '1001', REALM, sip.credentials('1001'));
    expect({ status: answer.status, rule: header(answer, 'X-Consig-Recusa'), reachedCarrier: carrier.invites().length - before }).toEqual({
      status: 403,
      rule: 'nao-perturbe',
      reachedCarrier: 0,
    });
  });

  it('an INSS client inside the 180-day ban and a call outside the calling window are refused before the carrier, naming the rule', async () => {
    const attendant = await sip.registered('1001');
    const before = carrier.invites().length;
    const [banned] = await sip.api.db.query<{ phone: string }>(
      `select t.co_ddd || t.co_telefone as phone from cliente c join telefone t on t.id_cliente = c.id_cliente
        where c.id_empresa = 1 and c.dt_ddb > current_date - 170 order by c.dt_ddb limit 1`,
    );
    const ban = (await attendant.call(`sip:0${banned.phone}@${REALM}`, '1001', REALM, sip.credentials('1001'))).answer;

    // The demo company calls at any hour: now it calls only tomorrow (São Paulo), so José (SP) is out of hours.
    await sip.api.db.query('delete from janela_ligacao_dia where id_empresa = 1');
    await sip.api.db.query(
      `insert into janela_ligacao_dia (id_empresa, nu_dia_semana, hr_inicio, hr_fim)
       values (1, (extract(isodow from now() at time zone 'America/Sao_Paulo')::int % 7) + 1, '08:00', '18:00')`,
    );
    await sip.api.db.query('update janela_ligacao set sn_sempre_aberta = 0 where id_empresa = 1');
    try {
      const late = (await attendant.call(`sip:0${JOSE_MOBILE}@${REALM}`, '1001', REALM, sip.credentials('1001'))).answer;
      expect([ban, late].map((answer) => ({ status: answer.status, rule: header(answer, 'X-Consig-Recusa') }))).toEqual([
        { status: 403, rule: 'inss-180-dias' },
        { status: 403, rule: 'fora-do-horario' },
      ]);
      expect(carrier.invites().length - before).toBe(0);
    } finally {
      await sip.api.db.query('update janela_ligacao set sn_sempre_aberta = 1 where id_empresa = 1');
    }
  });

  it("a client calling the company's number rings the attendant with the client's id as display name (screen-pop)", async () => {
    const attendant = await sip.registered('1001');
    const [{ id_cliente: joseId }] = await sip.api.db.query<{ id_cliente: number }>(
      'select c.id_cliente from cliente c join telefone t using (id_cliente) where t.co_ddd || t.co_telefone = $1 and c.id_empresa = 1',
      [JOSE_MOBILE],
    );
    const calling = carrierCalling({ kamailio: `127.0.0.1:${sip.settings.sipPort}`, did: MAIN_NUMBER, caller: JOSE_MOBILE });
    carriers.push(calling);
    const invite = await attendant.nextRequest('INVITE', 10_000);
    expect({
      displayName: /^"?([^"<]*)"?\s*</.exec(header(invite, 'From')!)?.[1].trim(),
      caller: userOf(header(invite, 'From')!),
      plainToBrowser: /UDP\/TLS\/RTP\/SAVPF/.test(invite.body) && /a=fingerprint/.test(invite.body),
    }).toEqual({
      displayName: String(joseId),
      caller: JOSE_MOBILE,
      plainToBrowser: true,
    });
    attendant.reply(invite, 200, 'OK', 'atendente');
    const bye = await attendant.nextRequest('BYE', 10_000);
    attendant.reply(bye, 200, 'OK');
    expect(await calling.exited).toBe(0);
    await eventuallyPasses(async () =>
      expect(await sip.record(header(invite, 'Call-ID')!)).toMatchObject({
        co_direcao: 'entrada',
        id_cliente: joseId,
        nu_ramal: '1001',
        co_sip: 200,
        co_encerramento: 'chamador',
      }),
    );
  });

  it('with nobody to take it, the carrier hears 480 and the missed call is recorded', async () => {
    const calling = carrierCalling({ kamailio: `127.0.0.1:${sip.settings.sipPort}`, did: MAIN_NUMBER, caller: JOSE_MOBILE });
    carriers.push(calling);
    expect(await calling.exited).not.toBe(0);
    // With no message at all, what SIPp reported instead is what the failure shows.
    expect(calling.messages() || calling.problems()).toMatch(/^SIP\/2\.0 480 /m);
  });
});

describe('Kamailio registered at a carrier that wants it (SIP_TRUNK_REGISTER)', () => {
  it('registers with the trunk credentials, answering the digest challenge, with a Contact the carrier can send calls to', async () => {
    const port = await freePort();
    const registrar = carrierRegistrar({ port, ...TRUNK });
    carriers.push(registrar);
    const sip = await edge({ trunk: { port, register: true } });
    try {
      await eventuallyPasses(() => expect(registrar.messages()).toMatch(/^SIP\/2\.0 200 OK/m), 15_000);
      const registers = registrar
        .messages()
        .split(/^-{10,}.*$/m)
        .filter((block) => /message received/.test(block) && /^REGISTER /m.test(block));
      const last = registers.at(-1)!;
      expect({
        attempts: registers.length,
        answeredChallenge: /^Authorization: Digest .*username="consig"/m.test(last),
        contact: /^Contact: <sip:consig-tronco@127\.0\.0\.1:(\d+)/m.exec(last)?.[1],
      }).toEqual({ attempts: 2, answeredChallenge: true, contact: String(sip.settings.sipPort) });
    } finally {
      await sip.stop();
    }
  });
});
