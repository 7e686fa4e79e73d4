import { closeServer, serveStatic } from '@consig/tooling';
import { join } from 'node:path';
import { collectPageErrors, signIn } from '../support/browser';
import { useProductAndBrowser } from '../support/suite';

const suite = useProductAndBrowser();

test('with the campaigns remote down the shell and the other remotes keep working, and retry recovers it', async () => {
  const { product, browser } = suite;
  const page = await browser.newPage();
  const errors = collectPageErrors(page);
  await closeServer(product.sites.mf_campaigns);
  const app = product.urls.app;

  await signIn(page, app, 'supervisor@demo.com.br', 'Supervisor@123');
  await page.waitForURL(`${app}/dashboard`);
  await page.getByRole('heading', { name: 'Leads' }).waitFor();

  await page.getByRole('navigation').getByRole('link', { name: 'Campanhas' }).click();
  const failure = page.getByRole('alert').filter({ hasText: 'Não foi possível carregar o módulo' });
  await failure.waitFor();
  // The shell is alive: navigation still works and other remotes still load.
  await page.getByRole('navigation').getByRole('link', { name: 'Acompanhamentos' }).click();
  await page.getByText('Clientes por status').waitFor();

  // The remote comes back: 'Tentar novamente' loads it without reloading the page.
  await page.getByRole('navigation').getByRole('link', { name: 'Campanhas' }).click();
  await failure.waitFor();
  product.sites.mf_campaigns = await serveStatic({
    dir: join(__dirname, '..', '..', 'mf-campaigns', 'dist'),
    port: product.ports.mf_campaigns,
  });
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await page.getByRole('columnheader', { name: 'Status processamento' }).waitFor();
  expect(errors).toEqual([]);
});
