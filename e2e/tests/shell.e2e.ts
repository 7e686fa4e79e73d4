import type { BrowserContext, Page } from 'playwright-core';
import { collectPageErrors, signIn, trackReactRenderers } from '../support/browser';
import { useProductAndBrowser } from '../support/suite';

const suite = useProductAndBrowser();
let context: BrowserContext;
let page: Page;

// A fresh browser context per test: no token or storage carries over.
beforeEach(async () => {
  context = await suite.browser.newContext();
  page = await context.newPage();
});
afterEach(async () => {
  await context.close();
});

const app = () => suite.product.urls.app;

test('a wrong password shows the server text and stays on the sign-in page', async () => {
  await signIn(page, app(), 'atendente@demo.com.br', 'senha-errada');
  await page.getByText('E-mail ou senha inválidos.').waitFor();
  expect(new URL(page.url()).pathname).toBe('/');
});

test('signing in lands on /dashboard with the attendant’s leads, one React, no page errors', async () => {
  const errors = collectPageErrors(page);
  const renderers = await trackReactRenderers(page);
  await signIn(page, app(), 'atendente@demo.com.br', 'Atendente@123');
  await page.waitForURL(`${app()}/dashboard`);
  await page.getByRole('heading', { name: 'Leads' }).waitFor();
  const leadLinks = page.locator('a[href^="/atendimento?clientId="]');
  await leadLinks.first().waitFor();
  expect(await leadLinks.count()).toBeGreaterThan(0);
  await page
    .getByText(/^Indicador: /)
    .first()
    .waitFor();
  // The telephony remote is mounted too: every remote of the page shares one react-dom.
  expect(await renderers()).toEqual(['19.3.1']);
  expect(errors).toEqual([]);
});

test('the current navigation item is highlighted and is not a link; Sair returns to /', async () => {
  await signIn(page, app(), 'supervisor@demo.com.br', 'Supervisor@123');
  await page.waitForURL(`${app()}/dashboard`);
  const nav = page.getByRole('navigation');
  // The side navigation shows the user's role label.
  await page.getByText('Supervisor', { exact: true }).waitFor();
  const current = nav.locator('[aria-current="page"]');
  await expect(current.textContent()).resolves.toContain('Dashboard');
  expect(await current.evaluate((element) => element.closest('a'))).toBeNull();

  await nav.getByRole('link', { name: 'Campanhas' }).click();
  await page.waitForURL(`${app()}/campanhas`);
  // The URL changes at the click; the highlight moves when the campaigns remote has rendered (a transition).
  await nav.locator('[aria-current="page"]', { hasText: 'Campanhas' }).waitFor();
  await expect(nav.locator('[aria-current="page"]').count()).resolves.toBe(1);
  await expect(nav.getByRole('link', { name: 'Dashboard' }).count()).resolves.toBe(1);
  await page.getByRole('columnheader', { name: 'Status processamento' }).waitFor();

  await page.getByRole('button', { name: 'Sair' }).click();
  await page.waitForURL(`${app()}/`);
  await page.getByRole('button', { name: 'Entrar' }).waitFor();
  // The session is gone: the protected page sends us back.
  await page.goto(`${app()}/dashboard`);
  await page.waitForURL(`${app()}/`);
});

test('a direct visit to /dashboard without a token goes to /', async () => {
  await page.goto(`${app()}/dashboard`);
  await page.waitForURL(`${app()}/`);
  await page.getByRole('button', { name: 'Entrar' }).waitFor();
});

test('the follow-up remote shows the proposal counts per status', async () => {
  await signIn(page, app(), 'gerente@demo.com.br', 'Gerente@123');
  await page.waitForURL(`${app()}/dashboard`);
  await page.goto(`${app()}/acompanhamentos`);
  const statuses = page.getByRole('region', { name: 'Clientes por status' });
  await statuses.waitFor();
  // The status list (the rows' dropdowns name the statuses too).
  await statuses.getByText('Aguardando digitação').waitFor();
});
