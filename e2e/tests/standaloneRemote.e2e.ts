import { collectPageErrors, signIn } from '../support/browser';
import { useProductAndBrowser } from '../support/suite';

const suite = useProductAndBrowser();

test('a remote runs on its own server without the host: sign-in, then its screen, also from a deep link', async () => {
  const { product, browser } = suite;
  const page = await browser.newPage();
  const errors = collectPageErrors(page);
  const campaigns = `http://127.0.0.1:${product.ports.mf_campaigns}`;

  await signIn(page, campaigns, 'supervisor@demo.com.br', 'Supervisor@123');
  await page.waitForURL(`${campaigns}/campanhas`);
  await page.getByRole('columnheader', { name: 'Status processamento' }).waitFor();
  await page.getByText('Sem arquivo').first().waitFor();
  // No host here: the side navigation does not exist.
  expect(await page.getByRole('button', { name: 'Sair' }).count()).toBe(0);

  await page.goto(`${campaigns}/campanhas/nao-existe/7`);
  await page.getByText('Página não encontrada.').waitFor();
  expect(errors).toEqual([]);
});
