import type { Page } from 'playwright-core';
import { collectPageErrors, signIn } from '../support/browser';
import { useProductAndBrowser } from '../support/suite';

/**
 * 'Cadastros' (the mf-cadastros remote, issue 22) against the real API: a manager keeps the company's 'Não Me
 * Perturbe' list — adds a number typed with its punctuation, finds it by part of it, takes it off after confirming —
 * and an attendant has no 'Cadastros' in the navigation at all.
 */
const suite = useProductAndBrowser();

async function signedIn(email: string, password: string): Promise<{ page: Page; errors: string[] }> {
  const context = await suite.browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await signIn(page, suite.product.urls.app, email, password);
  await page.waitForURL(`${suite.product.urls.app}/dashboard`);
  return { page, errors };
}

test("a manager adds, finds and removes a number of the 'Não Me Perturbe' list", async () => {
  const { page, errors } = await signedIn('gerente@demo.com.br', 'Gerente@123');
  await page.getByRole('navigation').getByRole('link', { name: 'Cadastros' }).click();
  await page.getByRole('tab', { name: 'Não Me Perturbe' }).click();
  await page.getByRole('heading', { name: 'Não Me Perturbe' }).waitFor();
  const total = page.getByRole('status').filter({ hasText: /na lista/ });
  await total.waitFor();

  await page.getByLabel('Telefone').fill('(21) 99876-5432');
  await page.getByRole('button', { name: 'Incluir' }).click();
  await page.getByText('Número incluído na lista Não Me Perturbe.').waitFor();
  const table = page.getByRole('table', { name: 'Não Me Perturbe' });
  await table.getByRole('row', { name: /\(21\) 99876-5432/ }).waitFor();

  await page.getByLabel('Buscar número').fill('998765');
  await page.getByText('1 número(s) na lista.').waitFor();
  await page.getByRole('button', { name: 'Retirar (21) 99876-5432' }).click();
  const dialog = page.getByRole('dialog', { name: 'Retirar da lista Não Me Perturbe' });
  await dialog.getByRole('button', { name: 'Retirar' }).click();
  await page.getByText('Número retirado da lista Não Me Perturbe.').waitFor();
  await page.getByText('Nenhum número na lista.').waitFor();
  expect(errors).toEqual([]);
  await page.context().close();
});

test("an attendant's navigation has no 'Cadastros'", async () => {
  const { page, errors } = await signedIn('atendente@demo.com.br', 'Atendente@123');
  await page.getByRole('navigation').getByRole('link', { name: 'Atendimento' }).waitFor();
  expect(await page.getByRole('navigation').getByText('Cadastros').count()).toBe(0);
  expect(errors).toEqual([]);
  await page.context().close();
});
