import type { Browser } from 'playwright-core';
import { callApiAs } from '../support/api';
import { collectPageErrors, launchBrowser, signIn } from '../support/browser';
import { audioStats, keepPeerConnections } from '../support/peerConnections';
import { startPhone } from '../support/sipPhone';
import { stackUnderTest } from './stackUnderTest';

/**
 * `npm run test:stack` check 1, the phone part, on the production stack of docker-compose.yml: Ana signs in through
 * nginx in one browser and her softphone registers with the containerised Kamailio; in a second browser, José's
 * phone (a JsSIP page) registers under his mobile; Ana dials him, he answers, and the audio flows both ways through
 * the containerised rtpengine (both sides' SDP name its published media ports), until Ana ends the call.
 */
const stack = stackUnderTest();
const JOSE_MOBILE = '11987654321';
/** A two-digit area code is dialled with a leading 0 (product-spec §9); José's phone registers under that. */
const DIALLED = `0${JOSE_MOBILE}`;
/** rtpengine's media ports, published on the stack's address (docker-compose.yml rtpengine). */
const MEDIA_PORTS = { min: 40000, max: 40099 };

/** José's page: his current call is a JsSIP session, its peer connection `connection` (evaluated in the page). */
type PhoneWindow = { phone: { state: { current: { connection: RTCPeerConnection } } } };

let attendantBrowser: Browser;
let phoneBrowser: Browser;

beforeAll(async () => {
  [attendantBrowser, phoneBrowser] = await Promise.all([launchBrowser({ media: true }), launchBrowser({ media: true })]);
});
afterAll(async () => {
  await attendantBrowser?.close();
  await phoneBrowser?.close();
});

/** Where an answered call sends its audio: the connection address and port of the remote SDP's audio. */
function mediaOf(sdp: string | undefined) {
  return { address: /^c=IN IP4 (\S+)/m.exec(sdp ?? '')?.[1], port: Number(/^m=audio (\d+)/m.exec(sdp ?? '')?.[1]) };
}

test('a softphone registers with the containerised Kamailio and a call between two browsers goes through rtpengine', async () => {
  const page = await (await attendantBrowser.newContext()).newPage();
  await keepPeerConnections(page);
  const errors = collectPageErrors(page);
  // José's phone: a test fixture on the app's origin (a secure context), skipping the app's Content-Security-Policy.
  const phonePage = await (await phoneBrowser.newContext({ bypassCSP: true })).newPage();
  const phone = await startPhone(phonePage, stack.app, { wsUrl: stack.sipWsUrl, realm: stack.address, secret: stack.sipSecret }, DIALLED);

  const registeringSince = Date.now();
  await signIn(page, stack.app, 'atendente@demo.com.br', 'Atendente@123');
  await page.locator('[data-registration="registered"]').waitFor({ timeout: 20_000 });
  console.log(`softphone registrado no Kamailio da pilha ${Date.now() - registeringSince} ms depois da entrada`);
  await page.locator('a[href^="/atendimento?clientId="]', { hasText: 'José Carlos Pereira' }).click();
  await page.waitForURL(/\/atendimento\?clientId=\d+$/);
  const joseId = new URL(page.url()).searchParams.get('clientId');

  const dialledAt = Date.now();
  await page.getByRole('button', { name: 'Ligar para Cel. 1' }).click();
  await phone.untilCall(1, 'ringing');
  await phone.answer();
  await phone.untilCall(1, 'confirmed');
  await page.getByText('Conexão estabelecida.').first().waitFor();
  console.log(`ligação estabelecida ${Date.now() - dialledAt} ms depois do clique`);

  // Both sides send their audio to rtpengine's published ports, not to each other.
  const attendantSide = mediaOf(
    await page.evaluate(
      () => (window as unknown as { peerConnections: RTCPeerConnection[] }).peerConnections.at(-1)?.remoteDescription?.sdp,
    ),
  );
  const phoneSide = mediaOf(
    await phonePage.evaluate(() => (window as unknown as PhoneWindow).phone.state.current.connection.remoteDescription?.sdp),
  );
  for (const side of [attendantSide, phoneSide]) {
    expect(side.address).toBe(stack.address);
    expect(side.port >= MEDIA_PORTS.min && side.port <= MEDIA_PORTS.max).toBe(true);
  }
  expect(attendantSide.port).not.toBe(phoneSide.port);

  // The audio flows both ways: Ana's page receives José's (fake microphone, not silence), and José's page Ana's.
  const phoneReceived = () =>
    phonePage.evaluate(async () => {
      let received = 0;
      (await (window as unknown as PhoneWindow).phone.state.current.connection.getStats()).forEach(
        (report) => report.type === 'inbound-rtp' && (received += report.packetsReceived ?? 0),
      );
      return received;
    });
  const first = { attendant: await audioStats(page), phone: await phoneReceived() };
  await page.waitForTimeout(3000);
  const later = { attendant: await audioStats(page), phone: await phoneReceived() };
  console.log(
    `em 3 s pelo rtpengine: a atendente recebeu ${later.attendant.packetsReceived - first.attendant.packetsReceived} pacotes, ` +
      `o telefone do cliente ${later.phone - first.phone}`,
  );
  expect({
    attendantHears: later.attendant.packetsReceived - first.attendant.packetsReceived > 100,
    notSilence: later.attendant.totalAudioEnergy > first.attendant.totalAudioEnergy,
    phoneHears: later.phone - first.phone > 100,
  }).toEqual({ attendantHears: true, notSilence: true, phoneHears: true });

  await page.getByRole('region', { name: 'Chamada em andamento' }).getByRole('button', { name: 'Terminar' }).click();
  await phone.untilCall(1, 'ended');

  // The call's record, written from the containerised Kamailio's events through nginx to a replica.
  type Row = { TP_Direcao: string; TP_Encerramento: string; NU_Destino: string };
  let call: Row | undefined;
  for (let i = 0; i < 50 && !call?.TP_Encerramento; i += 1) {
    const rows = (await callApiAs<Row[]>(page, `${stack.app}/api`, 'GET', `/crm/cliente/${joseId}/ligacoes`)).data ?? [];
    call = rows.find((row) => row.NU_Destino.endsWith(JOSE_MOBILE));
    if (!call?.TP_Encerramento) await page.waitForTimeout(200);
  }
  expect({ direction: call?.TP_Direcao, end: call?.TP_Encerramento }).toEqual({ direction: 'saida', end: 'chamador' });
  expect(errors).toEqual([]);
});
