// The SIP server (telephony/kamailio.cfg) as the softphones meet it: a real Kamailio on free ports, spoken to
// over a real WebSocket with the credentials GET /atendente/ramal hands out (ephemeralCredentials).
import { once } from 'node:events';
import { createSocket, type Socket } from 'node:dgram';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
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
import { ephemeralCredentials } from '../src/attendant/sip';
import { header, parseSip, SipPhone, tagOf, uriOf, userOf, type SipMessage } from './sipPhone';

const REALM = 'pabx.consig.test';
const SECRET = 'segredo-compartilhado-de-teste';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const folders: string[] = [];
const running: RunningKamailio[] = [];
const phones: SipPhone[] = [];

/** Kamailio with the repository's configuration, as the launcher starts it, on free ports. */
async function kamailio(env: Record<string, string> = {}) {
  const stateDir = mkdtempSync(join(tmpdir(), 'consig-kamailio-'));
  folders.push(stateDir);
  const settings = telephonySettings({
    env: { SIP_SECRET: SECRET, SIP_REALM: REALM, ...env },
    stateDir,
    wsPort: await freePort(),
    sipPort: await freePort(),
    listenHost: '127.0.0.1',
  });
  const server = await startKamailio(settings);
  running.push(server);
  const sip = { secret: SECRET, realm: REALM, wsUrl: `ws://127.0.0.1:${settings.wsPort}` };
  return {
    server,
    /** The credentials the API would hand `extension` (optionally as of another time). */
    credentials: (extension: string, now?: number) => ephemeralCredentials(extension, sip, now),
    phone: async () => {
      const phone = await SipPhone.connect(sip.wsUrl);
      phones.push(phone);
      return phone;
    },
  };
}

beforeAll(() => {
  // Never skipped: without Kamailio this suite fails and says how to get it (npm test installs it).
  if (!kamailioInstalled()) {
    throw new Error(`Kamailio não encontrado em ${kamailioPath()}. Instale com: sudo ${INSTALL_COMMAND} (ou defina KAMAILIO_PATH).`);
  }
});

afterEach(() => {
  for (const phone of phones.splice(0)) phone.close();
});

afterAll(async () => {
  const pids = running.map((server) => server.pid!);
  await Promise.all(running.splice(0).map((server) => server.stop()));
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  // No Kamailio is left behind.
  expect(pids.filter(isRunning)).toEqual([]);
});

describe('Kamailio without a trunk (the default)', () => {
  let sip: Awaited<ReturnType<typeof kamailio>>;
  beforeAll(async () => {
    sip = await kamailio();
  });

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

  it('refuses a wrong password', async () => {
    const phone = await sip.phone();
    const { answer } = await phone.register('1001', REALM, { ...sip.credentials('1001'), Pass: sip.credentials('1002').Pass });
    expect(answer.status).toBe(403);
  });

  it("refuses credentials of one extension registering another's address", async () => {
    const phone = await sip.phone();
    const { answer } = await phone.register('1001', REALM, sip.credentials('1002'));
    expect(answer.status).toBe(403);
  });

  it('refuses expired credentials', async () => {
    const phone = await sip.phone();
    // Handed out 13 hours ago: valid for 12.
    const { answer } = await phone.register('1001', REALM, sip.credentials('1001', Date.now() - 13 * 3600 * 1000));
    expect(answer.status).toBe(403);
  });

  it('refuses credentials made with another secret', async () => {
    const phone = await sip.phone();
    const forged = ephemeralCredentials('1001', { secret: 'outro-segredo-qualquer-123', realm: REALM, wsUrl: '' });
    const { answer } = await phone.register('1001', REALM, forged);
    expect(answer.status).toBe(403);
  });

  it('answers 404 to a call to a number nobody is registered under', async () => {
    const attendant = await sip.phone();
    await attendant.register('1001', REALM, sip.credentials('1001'));
    const { answer } = await attendant.call(`sip:011987650000@${REALM}`, '1001', REALM, sip.credentials('1001'));
    expect(answer.status).toBe(404);
  });

  it('refuses a call placed as another extension', async () => {
    const attendant = await sip.phone();
    const { answer } = await attendant.call(`sip:1002@${REALM}`, '1001', REALM, sip.credentials('1002'));
    expect(answer.status).toBe(403);
  });

  it('delivers a call to the phone registered under the dialled number, and carries the answer and the hang-up', async () => {
    const client = await sip.phone();
    expect((await client.register('011987654321', REALM, sip.credentials('011987654321'))).answer.status).toBe(200);
    const attendant = await sip.phone();
    expect((await attendant.register('1001', REALM, sip.credentials('1001'))).answer.status).toBe(200);

    const calling = attendant.call(`sip:011987654321@${REALM}`, '1001', REALM, sip.credentials('1001'));
    const invite = await client.nextRequest('INVITE');
    expect({ to: userOf(invite.uri!), from: userOf(header(invite, 'From')!) }).toEqual({ to: '011987654321', from: '1001' });
    const toTag = 'atendeu';
    client.reply(invite, 180, 'Ringing', toTag);
    client.reply(invite, 200, 'OK', toTag);
    const { answer, dialog } = await calling;
    expect(answer.status).toBe(200);

    // The ACK and the BYE follow the route the INVITE recorded to the callee's WebSocket.
    expect((await client.nextRequest('ACK')).method).toBe('ACK');
    const hangingUp = attendant.inDialog('BYE', dialog!);
    const bye = await client.nextRequest('BYE');
    client.reply(bye, 200, 'OK', tagOf(header(bye, 'To')));
    expect((await hangingUp)!.status).toBe(200);
  });

  it('connects extension to extension the same way, and passes a refusal back (486)', async () => {
    const callee = await sip.phone();
    await callee.register('1002', REALM, sip.credentials('1002'));
    const caller = await sip.phone();
    await caller.register('1001', REALM, sip.credentials('1001'));

    const calling = caller.call(`sip:1002@${REALM}`, '1001', REALM, sip.credentials('1001'));
    const invite = await callee.nextRequest('INVITE');
    callee.reply(invite, 486, 'Busy Here');
    expect((await calling).answer.status).toBe(486);
  });
});

describe('Kamailio with a trunk to the phone network', () => {
  let gateway: Socket;
  const received: SipMessage[] = [];
  let sip: Awaited<ReturnType<typeof kamailio>>;

  beforeAll(async () => {
    // The gateway: a UDP SIP endpoint that records what reaches it and answers busy.
    gateway = createSocket('udp4');
    gateway.on('message', (data, from) => {
      const message = parseSip(data.toString());
      if (message.method !== 'INVITE') return;
      received.push(message);
      const copy = (name: string) => message.headers.filter(([key]) => key.toLowerCase() === name.toLowerCase()).map(([, value]) => `${name}: ${value}`);
      const busy = ['SIP/2.0 486 Busy Here', ...copy('Via'), ...copy('From'), `${copy('To')[0]};tag=gw`, ...copy('Call-ID'), ...copy('CSeq'), 'Content-Length: 0', '', ''];
      gateway.send(busy.join('\r\n'), from.port, from.address);
    });
    gateway.bind(0, '127.0.0.1');
    await once(gateway, 'listening');
    sip = await kamailio({ SIP_TRUNK_URI: `sip:127.0.0.1:${gateway.address().port}`, SIP_CALLER_ID: '03031234567' });
  });

  afterAll(() => gateway.close());

  it('relays a call to a number nobody here is registered under to the trunk, showing the company number', async () => {
    const attendant = await sip.phone();
    await attendant.register('1001', REALM, sip.credentials('1001'));
    const { answer } = await attendant.call(`sip:011987654321@${REALM}`, '1001', REALM, sip.credentials('1001'));

    expect(answer.status).toBe(486);
    expect(received).toHaveLength(1);
    const [invite] = received;
    expect({
      uri: invite.uri,
      from: userOf(header(invite, 'From')!),
      assertedIdentity: header(invite, 'P-Asserted-Identity'),
      credentialsForwarded: header(invite, 'Proxy-Authorization') !== undefined,
    }).toEqual({
      uri: 'sip:011987654321@127.0.0.1',
      from: '03031234567',
      assertedIdentity: '<sip:03031234567@127.0.0.1>',
      credentialsForwarded: false,
    });
  });

  it('still reaches an extension registered here', async () => {
    const callee = await sip.phone();
    await callee.register('1002', REALM, sip.credentials('1002'));
    const caller = await sip.phone();
    await caller.register('1001', REALM, sip.credentials('1001'));

    const calling = caller.call(`sip:1002@${REALM}`, '1001', REALM, sip.credentials('1001'));
    const invite = await callee.nextRequest('INVITE');
    expect(userOf(header(invite, 'From')!)).toBe('1001');
    callee.reply(invite, 486, 'Busy Here');
    expect((await calling).answer.status).toBe(486);
  });
});
