import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { collectPageErrors, launchBrowser, signIn } from '../support/browser';
import { startTestProduct, type TestProduct } from '../support/product';
import { startPhone } from '../support/sipPhone';

/**
 * The browser softphone through a real Kamailio (product-spec §2 call bar and inbound navigation, §4 "Calls and
 * telephony"): Ana (attendant 1001) calls José's mobile, played by a JsSIP phone registered under the dialled
 * number (with no trunk configured, Kamailio delivers a call to whoever is registered under it); then José's
 * phone calls 1001 with his client id as display name; a rejected call; and Kamailio restarted mid-session.
 * The tests run in order on one signed-in page.
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

const badge = () => page.locator('[data-registration]');
const callBar = () => page.getByRole('region', { name: 'Chamada em andamento' });
const dialJose = () => page.getByRole('button', { name: 'Ligar para Cel. 1' });

beforeAll(async () => {
  [product, browser] = await Promise.all([startTestProduct(), launchBrowser({ media: true })]);
  if (!product.telephony) throw new Error('Kamailio não está rodando: instale com apt-get install kamailio kamailio-websocket-modules kamailio-autheph-modules');
  attendant = await browser.newContext();
  page = await attendant.newPage();
  errors = collectPageErrors(page);
  // The client's phone is a test fixture, not the product: its page skips the app's Content-Security-Policy.
  phone = await startPhone(await (await browser.newContext({ bypassCSP: true })).newPage(), product.urls.app, product.telephony, DIALLED);

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
  await product?.stop();
});

test("the registration badge says calls can reach the attendant", async () => {
  expect(await badge().textContent()).toBe('Ramal 1001: registrado');
});

test("dialling a client's mobile rings the phone registered under 0 + DDD + number; both sides reach established; 'Terminar' ends both", async () => {
  await dialJose().click();
  await phone.untilCall(1, 'ringing');
  expect(await dialJose().isDisabled()).toBe(true); // one call at a time
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
  await page.getByRole('button', { name: /^Tabular ligação/ }).waitFor();
  expect(await dialJose().isDisabled()).toBe(false);
});

test('a call the client rejects shows "Chamada rejeitada."', async () => {
  await dialJose().click();
  await phone.untilCall(2, 'ringing');
  await phone.reject(603); // Decline: JsSIP's REJECTED cause (486 reads 'Número ocupado.')
  await page.getByText('Chamada rejeitada.').waitFor();
  await callBar().waitFor({ state: 'detached' });
});

test("an incoming call with the client id as display name rings with 'Atender', and answering opens that client", async () => {
  await page.goto(`${product.urls.app}/dashboard`);
  await page.locator('[data-registration="registered"]').waitFor();
  await phone.call(`sip:1001@${product.telephony!.realm}`, joseId);
  const ringing = page.getByRole('region', { name: 'Chamada recebida' });
  await ringing.waitFor();
  await page.getByText('Chamada recebida.').first().waitFor();
  await ringing.getByRole('button', { name: 'Atender' }).click();
  await phone.untilCall(3, 'confirmed');
  await page.waitForURL(`${product.urls.app}/atendimento?clientId=${joseId}`);
  await page.getByRole('region', { name: 'Cadastro' }).getByText('José Carlos Pereira').waitFor();
  // A remote hangup ends it here too.
  await phone.hangup();
  await page.getByText('Chamada encerrada.').first().waitFor();
  await callBar().waitFor({ state: 'detached' });
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
  expect(errors).toEqual([]);
});
