import type { Browser, Page } from 'playwright-core';
import { collectPageErrors, launchBrowser, signIn } from '../support/browser';
import { startProductWithCarrier } from '../support/carrier';
import { keepPeerConnections } from '../support/peerConnections';
import { startSideBySide } from '../support/suite';

/**
 * 'Ouvir' on the live board through a real Kamailio and rtpengine, with SIPp playing the carrier (it answers and
 * echoes): Ana calls José's landline, the supervisor listens, and the supervisor's page receives both sides'
 * audio (its inbound RTP packets keep rising) while sending none; Ana's call goes on untouched, and when she hangs
 * up the listening ends by itself.
 */
let edge: Awaited<ReturnType<typeof startProductWithCarrier>>;
let browser: Browser;

beforeAll(async () => {
  [edge, browser] = await startSideBySide(startProductWithCarrier(), launchBrowser({ media: true }));
});
afterAll(async () => {
  await browser?.close();
  await edge?.stop();
});

async function signedIn(email: string, password: string, { countPeerConnections = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  if (countPeerConnections) {
    // The page's peer connections, for their statistics (what a person would hear is what arrives).
    await keepPeerConnections(page);
  }
  const errors = collectPageErrors(page);
  await signIn(page, edge.product.urls.app, email, password);
  await page.waitForURL(`${edge.product.urls.app}/dashboard`);
  return { page, errors };
}

/** RTP packets the page's peer connections received and sent so far. */
const packets = (page: Page) =>
  page.evaluate(async () => {
    let received = 0;
    let sent = 0;
    for (const connection of (window as unknown as { peerConnections: RTCPeerConnection[] }).peerConnections) {
      (await connection.getStats()).forEach((report) => {
        if (report.type === 'inbound-rtp') received += report.packetsReceived ?? 0;
        if (report.type === 'outbound-rtp') sent += report.packetsSent ?? 0;
      });
    }
    return { received, sent };
  });

test("the supervisor hears Ana's call in silence; it ends with the call", async () => {
  const ana = await signedIn('atendente@demo.com.br', 'Atendente@123');
  await ana.page.locator('[data-registration="registered"]').waitFor({ timeout: 15_000 });
  await ana.page.locator('a[href^="/atendimento?clientId="]', { hasText: 'José Carlos Pereira' }).click();
  await ana.page.getByRole('region', { name: 'Cadastro' }).waitFor();
  // Cel. 2, the landline: it goes out to the carrier, which answers and echoes.
  await ana.page.getByRole('button', { name: 'Ligar para Cel. 2' }).click();
  await ana.page.getByText('Ligação gravada: informe o cliente.').waitFor({ timeout: 15_000 });
  const callBar = ana.page.getByRole('region', { name: 'Chamada em andamento' });

  const supervisor = await signedIn('supervisor@demo.com.br', 'Supervisor@123', { countPeerConnections: true });
  await supervisor.page.getByRole('navigation').getByRole('link', { name: 'Relatórios' }).click();
  const anaRow = supervisor.page.getByRole('table', { name: 'Atendentes' }).getByRole('row', { name: /Ana Paula Souza/ });
  await anaRow.getByText('Em ligação').waitFor({ timeout: 15_000 });
  await anaRow.getByRole('button', { name: 'Ouvir Ana Paula Souza' }).click();
  await supervisor.page.getByRole('status').filter({ hasText: 'Ouvindo a ligação de Ana Paula Souza.' }).waitFor({ timeout: 15_000 });

  // Audio arrives and keeps arriving; nothing leaves the supervisor's page.
  await supervisor.page.waitForFunction(
    async () => {
      let received = 0;
      for (const connection of (window as unknown as { peerConnections: RTCPeerConnection[] }).peerConnections) {
        (await connection.getStats()).forEach((report) => report.type === 'inbound-rtp' && (received += report.packetsReceived ?? 0));
      }
      return received > 0;
    },
    undefined,
    { timeout: 10_000 },
  );
  const first = await packets(supervisor.page);
  await supervisor.page.waitForTimeout(1500);
  const later = await packets(supervisor.page);
  expect(later.received).toBeGreaterThan(first.received + 25); // 20 ms packets: ~75 in 1.5 s per side
  expect(later.sent).toBe(0);

  // Ana's call goes on as before: the same call bar, no word of anyone listening.
  expect(await callBar.isVisible()).toBe(true);
  expect(await ana.page.getByText(/ouvi|escuta/i).count()).toBe(0);

  await callBar.getByRole('button', { name: 'Terminar' }).click();
  await callBar.waitFor({ state: 'detached' });
  await supervisor.page.getByRole('region', { name: 'Escuta' }).waitFor({ state: 'detached', timeout: 15_000 });
  expect(ana.errors).toEqual([]);
  expect(supervisor.errors).toEqual([]);
}, 90_000);
