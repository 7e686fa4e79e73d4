import type { BrowserContext, Page } from 'playwright-core';
import { makeCpf } from '@consig/shared/format';
import { carrierCalling } from '@consig/tooling/test-support/carrier';
import { collectPageErrors, launchBrowser, signIn } from '../support/browser';
import { startSideBySide } from '../support/suite';
import { MAIN_NUMBER, startProductWithCarrier } from '../support/carrier';
import { type TestProduct } from '../support/product';

/**
 * The client screen's 'Ligações' panel and the screen-pop of an unknown number, through a real Kamailio and
 * rtpengine with SIPp playing the carrier: Ana calls José's landline (the carrier answers and echoes), the call
 * shows in the panel once it ends, and its recording plays in the page (an object URL the Content-Security-Policy
 * allows as media) and downloads; then a number that is no client's calls the company, and answering it opens
 * 'Novo Cliente' with that number, which becomes the new client's phone.
 */
const JOSE = 'José Carlos Pereira';
/** No demo client has it. */
const UNKNOWN_CALLER = '11955551111';

let product: TestProduct;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let edge: Awaited<ReturnType<typeof startProductWithCarrier>>;
let context: BrowserContext;
let page: Page;
let errors: string[];
let cspViolations: string[];

const callBar = () => page.getByRole('region', { name: 'Chamada em andamento' });
const callsPanel = () => page.getByRole('region', { name: 'Ligações' });

beforeAll(async () => {
  [edge, browser] = await startSideBySide(startProductWithCarrier(), launchBrowser({ media: true }));
  product = edge.product;
  context = await browser.newContext({ acceptDownloads: true });
  page = await context.newPage();
  errors = collectPageErrors(page);
  cspViolations = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  await signIn(page, product.urls.app, 'atendente@demo.com.br', 'Atendente@123');
  await page.waitForURL(`${product.urls.app}/dashboard`);
  await page.locator('[data-registration="registered"]').waitFor({ timeout: 15_000 });
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await edge?.stop();
});

test("a call shows in 'Ligações' once it ends; its recording plays in the page and downloads", async () => {
  await page.locator('a[href^="/atendimento?clientId="]', { hasText: JOSE }).click();
  await page.getByRole('region', { name: 'Cadastro' }).waitFor();
  await callsPanel().getByRole('table', { name: 'Ligações' }).or(callsPanel().getByText('Nenhuma ligação registrada.')).waitFor();
  const rowsBefore = await callsPanel().getByRole('row').count();

  // Cel. 2, the landline: nobody is registered under it, so it goes out to the carrier, which answers and echoes.
  await page.getByRole('button', { name: 'Ligar para Cel. 2' }).click();
  await page.getByText('Ligação gravada: informe o cliente.').waitFor({ timeout: 15_000 });
  await page.waitForTimeout(2500);
  await callBar().getByRole('button', { name: 'Terminar' }).click();
  await callBar().waitFor({ state: 'detached' });

  // Read again a moment after the end (the server writes it from Kamailio's events), newest first.
  // The header row and one row more than before (none before: no table at all).
  await callsPanel().getByRole('row').nth(Math.max(rowsBefore, 1)).waitFor({ timeout: 15_000 });
  const newest = callsPanel().getByRole('row').nth(1);
  expect(await newest.getByRole('cell').nth(1).textContent()).toBe('Realizada');
  expect(await newest.getByRole('cell').nth(4).textContent()).toBe('Atendida');
  // 'Gravação em processamento' until the API has converted it; the panel reads again by itself.
  const listen = newest.getByRole('button', { name: /^Ouvir gravação de / });
  await listen.waitFor({ timeout: 40_000 });

  await listen.click();
  const player = callsPanel().getByRole('group', { name: /^Gravação de / });
  await player.waitFor();
  const audio = player.locator('audio');
  await page.waitForFunction(
    (element) => (element as HTMLAudioElement).readyState >= 1 && (element as HTMLAudioElement).duration > 1,
    await audio.elementHandle(),
    { timeout: 15_000 },
  );
  expect(await audio.getAttribute('src')).toMatch(/^blob:/);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    newest.getByRole('button', { name: /^Baixar gravação de / }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^ligacao-\d+-\d{4}-\d{2}-\d{2}\.wav$/);

  await player.getByRole('button', { name: 'Fechar' }).click();
  await player.waitFor({ state: 'detached' });
  expect({ errors, cspViolations }).toEqual({ errors: [], cspViolations: [] });
}, 90_000);

test("answering a number that is no client's opens 'Novo Cliente' with it, and it becomes the new client's phone", async () => {
  const calling = carrierCalling({
    kamailio: `127.0.0.1:${product.telephony!.ports.sip}`,
    did: MAIN_NUMBER,
    caller: UNKNOWN_CALLER,
    talkMs: 3000,
  });
  try {
    const ringing = page.getByRole('region', { name: 'Chamada recebida' });
    await ringing.waitFor({ timeout: 15_000 });
    await ringing.getByRole('button', { name: 'Atender' }).click();
    await page.waitForURL(`${product.urls.app}/atendimento?novoCliente=1&telefone=${UNKNOWN_CALLER}`);
    const dialog = page.getByRole('dialog', { name: 'Novo Cliente' });
    expect(await dialog.getByLabel('Telefone').inputValue()).toBe(UNKNOWN_CALLER);

    await dialog.getByLabel('CPF').fill(makeCpf('123456780'));
    await dialog.getByRole('button', { name: 'Mudar' }).click();
    // A CPF no base knows is asked about first.
    await dialog.getByRole('alert').filter({ hasText: 'CPF não encontrado na base. Cadastrar novo cliente?' }).waitFor();
    await dialog.getByRole('button', { name: 'Cadastrar' }).click();
    await page.waitForURL(/\/atendimento\?clientId=\d+$/);
    await page.getByText('Telefone cadastrado.').first().waitFor();
    // A client just registered opens in edit mode with its data shown (phone numbers included).
    await page.getByRole('button', { name: 'Ocultar dados' }).waitFor();
    // Shown masked.
    await page.getByRole('region', { name: 'Telefone' }).getByText('(11) 95555-1111').waitFor();
    await page.getByText('Chamada encerrada.').first().waitFor({ timeout: 15_000 });
    expect(await calling.exited).toBe(0);
  } finally {
    await calling.stop();
  }
  expect({ errors, cspViolations }).toEqual({ errors: [], cspViolations: [] });
});
