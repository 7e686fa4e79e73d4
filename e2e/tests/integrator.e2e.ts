import { closeServer, serveStatic } from '@consig/tooling';
import type { Server } from 'node:http';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { collectPageErrors, trackReactRenderers } from '../support/browser';
import { useProductAndBrowser } from '../support/suite';

const suite = useProductAndBrowser();
let integrator: Server | undefined;
let pageUrl = '';

// The host is not running: the page needs only the API and the remote.
beforeAll(async () => {
  const { product } = suite;
  await closeServer(product.sites.host);
  pageUrl = await serveIntegratorPage();
});
afterAll(async () => {
  if (integrator) await closeServer(integrator);
});

/**
 * The example page served the way `npm start` serves it: its own server, with the API's addresses in
 * config.json and the remote's in remotes.json (its Content-Security-Policy allows exactly those origins).
 */
async function serveIntegratorPage() {
  const { product } = suite;
  const server = await serveStatic({
    dir: join(__dirname, '..', '..', 'examples', 'integrator'),
    port: 0,
    host: '127.0.0.1',
    spa: true,
    json: {
      '/config.json': { apiUrl: product.urls.api, wsUrl: `${product.urls.api.replace('http', 'ws')}/ws` },
      '/remotes.json': { mf_campaigns: product.urls.remotes.mf_campaigns },
    },
  });
  integrator = server;
  return `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
}

async function tokenFromApi(apiUrl: string) {
  const response = await fetch(`${apiUrl}/lnk/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ EM_Email: 'supervisor@demo.com.br', PW_Senha: 'Supervisor@123' }),
  });
  const { token } = (await response.json()) as { token: string };
  return token;
}

const campaignList = (page: Page) => page.locator('#campanhas').getByRole('columnheader', { name: 'Status processamento' });

test('the example page mounts, unmounts and remounts the campaigns remote with a token, while the host is down', async () => {
  const { product, browser } = suite;
  await expect(fetch(product.urls.app)).rejects.toThrow();
  const token = await tokenFromApi(product.urls.api);

  const page = await browser.newPage();
  const errors = collectPageErrors(page);
  const reactRenderers = await trackReactRenderers(page);
  await page.goto(pageUrl);
  await page.getByLabel('Token (opcional)').fill(token);
  await page.getByRole('button', { name: 'Montar', exact: true }).click();
  await campaignList(page).waitFor();
  await page.getByText('Sem arquivo').first().waitFor();
  await page.getByRole('status').filter({ hasText: 'Módulo Campanhas montado.' }).waitFor();

  await page.getByRole('button', { name: 'Desmontar' }).click();
  await page.getByRole('status').filter({ hasText: 'Módulo Campanhas desmontado.' }).waitFor();
  // Nothing of the module is left in its slot (nor elsewhere in the page).
  expect(await page.locator('#campanhas').innerHTML()).toBe('');
  expect(await page.getByRole('columnheader', { name: 'Status processamento' }).count()).toBe(0);

  await page.getByRole('button', { name: 'Montar', exact: true }).click();
  await campaignList(page).waitFor();
  await page.getByText('Sem arquivo').first().waitFor();
  // The page brought no React and the remote loaded one: remounting did not load a second copy.
  expect(await reactRenderers()).toHaveLength(1);
  expect(errors).toEqual([]);
});

test('without a token the module shows its own sign-in, and signing in there shows the campaigns', async () => {
  const { browser } = suite;
  // A new context: no session left in localStorage by the first test.
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(pageUrl);
  await page.getByRole('button', { name: 'Montar', exact: true }).click();

  const slot = page.locator('#campanhas');
  await slot.getByLabel('E-mail').fill('supervisor@demo.com.br');
  await slot.getByLabel('Senha').fill('Supervisor@123');
  await slot.getByRole('button', { name: 'Entrar' }).click();
  await campaignList(page).waitFor();
  expect(errors).toEqual([]);
  await context.close();
});
