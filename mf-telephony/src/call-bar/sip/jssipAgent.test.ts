import type { ExtensionCredentials } from '@consig/shared';
import { waitFor } from '@testing-library/dom';
import { createHash } from 'node:crypto';
import { REGISTRAR_REALM, startFakeSipRegistrar, type SipRequest } from '../../test/fakeSipRegistrar';
import type { CallAgent, CallUpdate, IncomingCall, RegistrationStatus } from '../calls/callAgent';
import { createJssipAgent, type JssipAgentOptions } from './jssipAgent';

// The real JsSIP agent against a small registrar over a real WebSocket; calls (media) are covered by the
// two-browser e2e test through Kamailio.
jest.setTimeout(20_000);

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const USER = '1767225600:1001'; // auth_ephemeral: <expiry>:<extension>
const PASS = 'c2VncmVkbw==';
const FAST = { reconnectionMs: 1_000, connectionMs: 500 };

let agent: CallAgent | null = null;
let registrar: Awaited<ReturnType<typeof startFakeSipRegistrar>> | null = null;

afterEach(async () => {
  agent?.stop();
  agent = null;
  await registrar?.stop();
  registrar = null;
});

function start(url: string, extra: object = {}, onRenewal?: JssipAgentOptions['onRenewal']) {
  agent = createJssipAgent({
    credentials: { User: USER, Pass: PASS, Realm: REGISTRAR_REALM, WSServer: url, ...extra },
    timeouts: FAST,
    onRenewal,
  });
  const seen: RegistrationStatus[] = [agent.getRegistration().status];
  agent.onRegistrationChange(() => seen.push(agent!.getRegistration().status));
  return seen;
}

const registers = (requests: SipRequest[]) => requests.filter((request) => request.method === 'REGISTER');
const waitForStatus = (status: RegistrationStatus) =>
  waitFor(() => expect(agent!.getRegistration().status).toBe(status), { timeout: 8_000 });

test('registers the bare extension at the realm and authenticates as User with Pass', async () => {
  registrar = await startFakeSipRegistrar();
  const seen = start(registrar.url);
  expect(agent!.getRegistration()).toEqual({ status: 'connecting', extension: '1001' });
  await waitForStatus('registered');
  expect(seen).toEqual(['connecting', 'registered']);

  const [challenged, authenticated] = registers(registrar.requests);
  expect(challenged.uri).toBe(`sip:${REGISTRAR_REALM}`);
  expect(challenged.headers.to).toContain(`<sip:1001@${REGISTRAR_REALM}>`);
  expect(challenged.headers.from).toContain(`<sip:1001@${REGISTRAR_REALM}>`);
  const authorization = authenticated.headers.authorization;
  expect(authorization).toContain(`username="${USER}"`);
  // The digest proves the password: MD5(MD5(user:realm:pass):nonce:MD5(method:uri)).
  const nonce = /nonce="([^"]+)"/.exec(authorization)![1];
  const expected = md5(`${md5(`${USER}:${REGISTRAR_REALM}:${PASS}`)}:${nonce}:${md5(`REGISTER:sip:${REGISTRAR_REALM}`)}`);
  expect(authorization).toContain(`response="${expected}"`);
});

test('an explicit Ramal field in the answer is the extension registered', async () => {
  registrar = await startFakeSipRegistrar();
  start(registrar.url, { Ramal: '2002' });
  await waitForStatus('registered');
  expect(agent!.getRegistration().extension).toBe('2002');
  expect(registers(registrar.requests)[0].headers.to).toContain(`<sip:2002@${REGISTRAR_REALM}>`);
});

test('registers again by itself after the SIP server restarts', async () => {
  registrar = await startFakeSipRegistrar();
  const { port } = registrar;
  const seen = start(registrar.url);
  await waitForStatus('registered');

  await registrar.stop();
  await waitForStatus('reconnecting');
  registrar = await startFakeSipRegistrar({ port });
  await waitForStatus('registered');

  expect(seen).toEqual(['connecting', 'registered', 'reconnecting', 'registered']);
  expect(registers(registrar.requests).at(-1)!.headers.authorization).toContain(`username="${USER}"`);
});

test('credentials the server refuses leave the agent refused (a new sign-in brings new ones)', async () => {
  registrar = await startFakeSipRegistrar({ behaviour: 'refuse' });
  start(registrar.url);
  await waitForStatus('refused');
  expect(registers(registrar.requests)).toHaveLength(2);
});

test('a server that never completes the connection counts as down after the connection timeout', async () => {
  registrar = await startFakeSipRegistrar({ behaviour: 'silent' });
  const seen = start(registrar.url);
  await waitForStatus('reconnecting');
  expect(seen).toEqual(['connecting', 'reconnecting']);
});

describe('renewed credentials (every few minutes, softphone.ts)', () => {
  const RENEWED = { User: '1767225900:1001', Pass: 'bm92YQ==', Realm: REGISTRAR_REALM, Ramal: '1001' };

  /** An agent started with USER/PASS whose renewals the test hands over with `renew`. */
  function startRenewable(url: string) {
    let renew: (credentials: ExtensionCredentials) => void = () => {};
    const seen = start(url, {}, (listener) => {
      renew = listener;
      return () => (renew = () => {});
    });
    return { seen, renew: (credentials: Omit<ExtensionCredentials, 'WSServer'>) => renew({ ...credentials, WSServer: url }) };
  }
  /** What an Authorization header proves: its user, and whether its digest is that of `password`. */
  function proof(authorization: string, password: string) {
    const user = /username="([^"]+)"/.exec(authorization)![1];
    const nonce = /nonce="([^"]+)"/.exec(authorization)![1];
    const ha1 = md5(`${user}:${REGISTRAR_REALM}:${password}`);
    const digest = md5(`${ha1}:${nonce}:${md5(`REGISTER:sip:${REGISTRAR_REALM}`)}`);
    return { user, provesPassword: authorization.includes(`response="${digest}"`) };
  }

  test('are taken in place: no REGISTER of their own, and the next one answers its challenge with them (not the HA1 JsSIP kept)', async () => {
    registrar = await startFakeSipRegistrar();
    const { port } = registrar;
    const { seen, renew } = startRenewable(registrar.url);
    await waitForStatus('registered');
    expect(proof(registers(registrar.requests)[1].headers.authorization, PASS)).toEqual({ user: USER, provesPassword: true });

    renew(RENEWED);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(registers(registrar.requests)).toHaveLength(2);
    expect(agent!.getRegistration().status).toBe('registered');

    // The next REGISTER: here the one after the SIP server restarts (a refresh takes the same path, 5 to 10 min on).
    await registrar.stop();
    registrar = await startFakeSipRegistrar({ port });
    await waitFor(() => expect(registers(registrar!.requests)).toHaveLength(2), { timeout: 8_000 });
    await waitForStatus('registered');
    expect(proof(registers(registrar.requests)[1].headers.authorization, RENEWED.Pass)).toEqual({
      user: RENEWED.User,
      provesPassword: true,
    });
    expect(seen).toEqual(['connecting', 'registered', 'reconnecting', 'registered']);
  });

  test('after a refusal (the old ones expired before a renewal got through), register at once with them', async () => {
    registrar = await startFakeSipRegistrar({ behaviour: 'refuse' });
    const { renew } = startRenewable(registrar.url);
    await waitForStatus('refused');
    expect(registers(registrar.requests)).toHaveLength(2);

    renew(RENEWED);
    await waitFor(() => expect(registers(registrar!.requests)).toHaveLength(4));
    expect(proof(registers(registrar.requests)[3].headers.authorization, RENEWED.Pass)).toEqual({
      user: RENEWED.User,
      provesPassword: true,
    });
  });

  test('none reach a stopped agent', async () => {
    registrar = await startFakeSipRegistrar();
    const { renew } = startRenewable(registrar.url);
    await waitForStatus('registered');
    agent!.stop();
    renew(RENEWED);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(registers(registrar.requests).filter((request) => request.headers.authorization?.includes(RENEWED.User))).toEqual([]);
  });
});

test('stopping unregisters and reports telephony stopped', async () => {
  registrar = await startFakeSipRegistrar();
  start(registrar.url);
  await waitForStatus('registered');
  agent!.stop();
  expect(agent!.getRegistration().status).toBe('stopped');
  await waitFor(() => expect(registers(registrar!.requests).at(-1)!.headers.expires).toBe('0'));
});

describe('incoming calls', () => {
  // JsSIP refuses INVITEs (488) in a browser without WebRTC; jsdom has none. Only its presence is checked
  // until a call is answered, which these tests never do (answering needs a microphone: e2e).
  beforeEach(() => Object.assign(window, { RTCPeerConnection: class {} }));
  afterEach(() => Reflect.deleteProperty(window, 'RTCPeerConnection'));

  const sip = (lines: string[]) => [...lines, 'Max-Forwards: 70', 'Content-Length: 0', '', ''].join('\r\n');
  const dialog = (id: string, displayName: string) => [
    `Via: SIP/2.0/WS 127.0.0.1;branch=z9hG4bK${id}`,
    `From: "${displayName}" <sip:2000@${REGISTRAR_REALM}>;tag=caller-${id}`,
    `To: <sip:1001@${REGISTRAR_REALM}>`,
    `Call-ID: ${id}`,
  ];
  const invite = (id: string, displayName = '4321') =>
    sip([
      `INVITE sip:1001@${REGISTRAR_REALM} SIP/2.0`,
      ...dialog(id, displayName),
      'CSeq: 1 INVITE',
      'Contact: <sip:2000@127.0.0.1;transport=ws>',
    ]);
  const cancel = (id: string) => sip([`CANCEL sip:1001@${REGISTRAR_REALM} SIP/2.0`, ...dialog(id, '4321'), 'CSeq: 1 CANCEL']);

  /** A registered agent whose incoming calls are collected, each watched with its updates. */
  async function registeredWithCalls() {
    registrar = await startFakeSipRegistrar();
    start(registrar.url);
    await waitForStatus('registered');
    const calls: { call: IncomingCall; updates: CallUpdate[] }[] = [];
    agent!.onIncoming((call) => calls.push({ call, updates: [] }));
    return calls;
  }
  const watch = ({ call, updates }: { call: IncomingCall; updates: CallUpdate[] }) =>
    call.watch({ update: (update) => updates.push(update), remoteStream() {} });
  const answeredWith = (status: string) => waitFor(() => expect(registrar!.responses.map((response) => response.status)).toContain(status));

  test("rings with the caller's display name; 'Recusar' declines it (603)", async () => {
    const calls = await registeredWithCalls();
    registrar!.send(invite('call-1', '4321'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].call).toMatchObject({ displayName: '4321', number: '2000' });
    watch(calls[0]);
    expect(calls[0].updates).toEqual([{ state: 'initial' }, { state: 'establishing' }]);
    await answeredWith('SIP/2.0 180 Ringing');

    calls[0].call.reject();
    expect(calls[0].updates.slice(2)).toEqual([
      { state: 'terminating' },
      { state: 'terminated', end: { by: 'local', reason: 'rejected', statusCode: null } },
    ]);
    await answeredWith('SIP/2.0 603 Decline');
  });

  test('a caller who hangs up while it rings ends the call as cancelled by the other party', async () => {
    const calls = await registeredWithCalls();
    registrar!.send(invite('call-2'));
    await waitFor(() => expect(calls).toHaveLength(1));
    watch(calls[0]);
    registrar!.send(cancel('call-2'));
    await waitFor(() =>
      expect(calls[0].updates.at(-1)).toEqual({ state: 'terminated', end: { by: 'remote', reason: 'canceled', statusCode: null } }),
    );
    await answeredWith('SIP/2.0 487 Request Terminated');
  });

  test('a call refused as busy answers 486 and reports nothing', async () => {
    const calls = await registeredWithCalls();
    registrar!.send(invite('call-3'));
    await waitFor(() => expect(calls).toHaveLength(1));
    calls[0].call.refuseBusy();
    await answeredWith('SIP/2.0 486 Busy Here');
    expect(calls[0].updates).toEqual([]);
  });
});
