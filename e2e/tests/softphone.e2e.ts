import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { collectPageErrors, launchBrowser, signIn } from '../support/browser';
import { startSideBySide } from '../support/suite';
import { carrierCalling, type Sipp } from '@consig/tooling/test-support/carrier';
import { MAIN_NUMBER, startProductWithCarrier } from '../support/carrier';
import { freePort, freeUdpPort, type TestProduct } from '../support/product';
import { startPhone } from '../support/sipPhone';
import { callApiAs } from '../support/api';
import { audioStats, keepPeerConnections } from '../support/peerConnections';

/**
 * The browser softphone through a real Kamailio and rtpengine (product-spec §2 call bar and inbound navigation,
 * §4 "Calls and telephony"): Ana (attendant 1001) calls José's mobile, played by a JsSIP phone registered under
 * the dialled number (Kamailio delivers a call to whoever is registered under it before trying the trunk); a
 * rejected call; José calling the company's number through the carrier (SIPp) and ringing Ana with his client
 * id (screen-pop); and Kamailio restarted mid-session. The tests run in order on one signed-in page.
 */
const JOSE_MOBILE = '11987654321';

/** §9: a number whose area code has two digits is dialled with a leading 0. */
const DIALLED = `0${JOSE_MOBILE}`;

let product: TestProduct;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let attendant: BrowserContext;
let page: Page;
let errors: string[];
let phone: Awaited<ReturnType<typeof startPhone>>;
let joseId: string;
let carrier: Sipp;
let edge: Awaited<ReturnType<typeof startProductWithCarrier>>;

const badge = () => page.locator('[data-registration]');
const callBar = () => page.getByRole('region', { name: 'Chamada em andamento' });
const dialJose = () => page.getByRole('button', { name: 'Ligar para Cel. 1' });
const callMenu = () => page.getByRole('button', { name: /^Tabular ligação/ });
/** José's second number: nobody is registered under it, so the call goes out to the carrier. */
const dialJoseLandline = () => page.getByRole('button', { name: 'Ligar para Cel. 2' });

/** A WAV's format, duration and loudness (RMS of its 16-bit samples, 0–32768). */
function readWav(bytes: Buffer) {
  const format = { channels: bytes.readUInt16LE(22), rate: bytes.readUInt32LE(24), bits: bytes.readUInt16LE(34) };
  let offset = 12;
  while (bytes.toString('ascii', offset, offset + 4) !== 'data') offset += 8 + bytes.readUInt32LE(offset + 4);
  const data = bytes.subarray(offset + 8, offset + 8 + bytes.readUInt32LE(offset + 4));
  let sum = 0;
  for (let i = 0; i + 1 < data.length; i += 2) sum += data.readInt16LE(i) ** 2;
  const samples = data.length / 2;
  return { ...format, seconds: samples / format.channels / format.rate, rms: Math.sqrt(sum / samples) };
}

beforeAll(async () => {
  [edge, browser] = await startSideBySide(startProductWithCarrier(), launchBrowser({ media: true }));
  ({ product, carrier } = edge);
  attendant = await browser.newContext();
  page = await attendant.newPage();
  await keepPeerConnections(page);
  errors = collectPageErrors(page);
  // The client's phone is a test fixture, not the product: its page skips the app's Content-Security-Policy.
  phone = await startPhone(await (await browser.newContext({ bypassCSP: true })).newPage(), product.urls.app, edge.telephony, DIALLED);

  await signIn(page, product.urls.app, 'atendente@demo.com.br', 'Atendente@123');
  await page.waitForURL(`${product.urls.app}/dashboard`);
  await page.locator('[data-registration="registered"]').waitFor({ timeout: 15_000 });
  await page.locator('a[href^="/atendimento?clientId="]', { hasText: 'José Carlos Pereira' }).click();
  await page.waitForURL(/\/atendimento\?clientId=\d+$/);
  joseId = new URL(page.url()).searchParams.get('clientId')!;
  await page.getByRole('region', { name: 'Cadastro' }).waitFor();
});
afterAll(async () => {
  await attendant?.close();
  await browser?.close();
  await edge?.stop();
});

test('the registration badge says calls can reach the attendant', async () => {
  expect(await badge().textContent()).toBe('Ramal 1001: registrado');
});

test("dialling a client's mobile rings the phone registered under 0 + DDD + number; both sides reach established; 'Terminar' ends both", async () => {
  // No call with José yet: no call outcomes to record; the dial icon says what it does.
  expect(await callMenu().count()).toBe(0);
  expect(await dialJose().getAttribute('title')).toBe('Ligar para Cel. 1');
  await dialJose().click();
  await phone.untilCall(1, 'ringing');
  expect(await dialJose().isDisabled()).toBe(true); // one call at a time
  expect(await dialJose().getAttribute('title')).toBe('Há uma ligação em andamento.');
  await phone.answer();
  await phone.untilCall(1, 'confirmed');
  await page.getByText('Conexão estabelecida.').first().waitFor();
  await callBar().waitFor();
  // The timer runs: mm:ss, past 00:01 within a couple of seconds.
  await page.waitForFunction(() => /^00:0[1-9]$/.test(document.querySelector('.call-bar__timer')?.textContent ?? ''));

  await callBar().getByRole('button', { name: 'Terminar' }).click();
  await phone.untilCall(1, 'ended');
  await callBar().waitFor({ state: 'detached' });
  // The call has ended: the call tabulation menu appears (§4) and the dial icon is active again.
  await callMenu().waitFor();
  expect(await dialJose().isDisabled()).toBe(false);
});

test('a call the client rejects shows "Chamada rejeitada."', async () => {
  await dialJose().click();
  await phone.untilCall(2, 'ringing');
  await phone.reject(603); // Decline: JsSIP's REJECTED cause (486 reads 'Número ocupado.')
  await page.getByText('Chamada rejeitada.').waitFor();
  await callBar().waitFor({ state: 'detached' });
});

test('a number nobody here is registered under goes out through the carrier (digest answered); the audio flows both ways through rtpengine; the call is recorded on the server', async () => {
  const invitesBefore = carrier.invites().length;
  await dialJoseLandline().click();
  await page.getByText('Conexão estabelecida.').first().waitFor({ timeout: 15_000 });
  const answeredAt = Date.now();
  await page.getByText('Ligação gravada: informe o cliente.').waitFor();
  // The carrier (SIPp) was challenged-then-authorised and echoes every packet: the page hears its own tone back.
  const first = await audioStats(page);
  await page.waitForTimeout(3000);
  const later = await audioStats(page);
  expect({
    sent: later.packetsSent - first.packetsSent > 100,
    received: later.packetsReceived - first.packetsReceived > 100,
    energyRises: later.totalAudioEnergy > first.totalAudioEnergy,
    reachedCarrier: carrier.invites().length - invitesBefore,
  }).toEqual({ sent: true, received: true, energyRises: true, reachedCarrier: 2 });
  await callBar().getByRole('button', { name: 'Terminar' }).click();
  const talked = (Date.now() - answeredAt) / 1000;
  await callBar().waitFor({ state: 'detached' });

  // One call row, written from Kamailio's events, and its recording once the API has converted it.
  type Row = {
    ID_Ligacao: number;
    TP_Direcao: string;
    NU_SegundosConversa: number;
    TP_Encerramento: string;
    TP_Gravacao: string;
    NU_Destino: string;
  };
  const rows = async () => (await callApiAs<Row[]>(page, product.urls.api, 'GET', `/crm/cliente/${joseId}/ligacoes`)).data ?? [];
  let call: Row | undefined;
  for (let i = 0; i < 100 && call?.TP_Gravacao !== 'gravada'; i += 1) {
    call = (await rows()).find((row) => row.NU_Destino.endsWith('1132654321'));
    if (call?.TP_Gravacao !== 'gravada') await page.waitForTimeout(200);
  }
  expect({ direction: call?.TP_Direcao, end: call?.TP_Encerramento, recording: call?.TP_Gravacao }).toEqual({
    direction: 'saida',
    end: 'chamador',
    recording: 'gravada',
  });
  expect(Math.abs(call!.NU_SegundosConversa - talked)).toBeLessThanOrEqual(1);
  const token = await page.evaluate(() => localStorage.getItem('consig.token'));
  const wav = readWav(
    Buffer.from(
      await (
        await fetch(`${product.urls.api}/telefonia/ligacoes/${call!.ID_Ligacao}/gravacao`, {
          headers: { Authorization: `Bearer ${token}` },
        })
      ).arrayBuffer(),
    ),
  );
  expect({
    channels: wav.channels,
    rate: wav.rate,
    bits: wav.bits,
    durationMatches: Math.abs(wav.seconds - talked) <= 1.5,
    notSilence: wav.rms > 100,
  }).toEqual({
    channels: 2,
    rate: 8000,
    bits: 16,
    durationMatches: true,
    notSilence: true,
  });
});

test('a number on the "Não Me Perturbe" list is refused at the SIP edge: the call bar says which rule and the carrier never sees it', async () => {
  const supervisor = async (method: 'POST' | 'DELETE', path: string, body?: unknown) => {
    const signIn = await fetch(`${product.urls.api}/lnk/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ EM_Email: 'supervisor@demo.com.br', PW_Senha: 'Supervisor@123' }),
    });
    const { token } = (await signIn.json()) as { token: string };
    const answer = await fetch(`${product.urls.api}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    expect(answer.status).toBe(200);
  };
  await supervisor('POST', '/cadastro/naoperturbe', { DE_Telefone: '1132654321' });
  try {
    const invitesBefore = carrier.invites().length;
    await dialJoseLandline().click();
    await page.getByText('Ligação bloqueada: o número está na lista "Não Me Perturbe".').first().waitFor();
    await callBar().waitFor({ state: 'detached' });
    expect(carrier.invites().length).toBe(invitesBefore);
  } finally {
    await supervisor('DELETE', '/cadastro/naoperturbe/1132654321');
  }
});

test("José calling the company's number through the carrier rings with 'Atender', and answering opens his record (screen-pop)", async () => {
  await page.goto(`${product.urls.app}/dashboard`);
  await page.locator('[data-registration="registered"]').waitFor();
  const calling = carrierCalling({
    kamailio: `127.0.0.1:${product.telephony!.ports.sip}`,
    port: await freePort(),
    mediaPort: await freeUdpPort(),
    did: MAIN_NUMBER,
    caller: JOSE_MOBILE,
    talkMs: 3000,
  });
  try {
    const ringing = page.getByRole('region', { name: 'Chamada recebida' });
    await ringing.waitFor();
    await page.getByText('Chamada recebida.').first().waitFor();
    await ringing.getByRole('button', { name: 'Atender' }).click();
    await page.waitForURL(`${product.urls.app}/atendimento?clientId=${joseId}`);
    await page.getByRole('region', { name: 'Cadastro' }).getByText('José Carlos Pereira').waitFor();
    await page.getByText('Ligação gravada: informe o cliente.').waitFor();
    // The carrier hangs up after 3 s of conversation: it ends here too.
    await page.getByText('Chamada encerrada.').first().waitFor({ timeout: 15_000 });
    await callBar().waitFor({ state: 'detached' });
    expect(await calling.exited).toBe(0);
  } finally {
    await calling.stop();
  }
});

test('after Kamailio restarts, the agent registers again by itself and the next call works', async () => {
  const phoneRegistrations = await phone.registrations();
  await product.telephony!.restart();
  try {
    // The badge leaves 'registrado' while Kamailio is away, then comes back by itself.
    await page.locator('[data-registration]:not([data-registration="registered"])').waitFor({ timeout: 15_000 });
    await page.locator('[data-registration="registered"]').waitFor({ timeout: 30_000 });
    // The client's phone (also a JsSIP agent) registers again too.
    await phone.untilRegisteredAfter(phoneRegistrations);
    // The next call, however many the phone saw before (counted, not assumed from the tests above).
    const next = (await phone.calls()).length + 1;
    await dialJose().click();
    await phone.untilCall(next, 'ringing');
    await phone.answer();
    await callBar().waitFor();
    await callBar().getByRole('button', { name: 'Terminar' }).click();
    await phone.untilCall(next, 'ended');
  } catch (error) {
    // What Kamailio saw after the restart is what tells a lost registration from a lost INVITE.
    const log = readFileSync(product.telephony!.logFile, 'utf8').split('\n').slice(-60).join('\n');
    throw new Error(`${(error as Error).message}\n--- Kamailio log (last lines):\n${log}`, { cause: error });
  }
});

test('after rtpengine restarts (calls in progress lose their media, as after a crash), the next call works', async () => {
  await product.telephony!.restartRtpengine();
  const next = (await phone.calls()).length + 1;
  await dialJose().click();
  await phone.untilCall(next, 'ringing');
  await phone.answer();
  await phone.untilCall(next, 'confirmed');
  await page.getByText('Conexão estabelecida.').first().waitFor();
  await callBar().getByRole('button', { name: 'Terminar' }).click();
  await phone.untilCall(next, 'ended');
  await callBar().waitFor({ state: 'detached' });
  await callMenu().waitFor();
});

test('another client opened after a call starts without the call outcomes', async () => {
  // In the app (no reload): the bus still holds the last call's end, which is José's, not this client's.
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await page.locator('a[href^="/atendimento?clientId="]').filter({ hasNotText: 'José Carlos Pereira' }).first().click();
  await page.waitForURL((url) => url.pathname === '/atendimento' && url.searchParams.get('clientId') !== joseId);
  await page.getByRole('region', { name: 'Cadastro' }).waitFor();
  await page.getByRole('region', { name: 'Telefone' }).waitFor();
  expect(await callMenu().count()).toBe(0);
  expect(errors).toEqual([]);
});
