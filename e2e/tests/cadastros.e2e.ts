import { callApiAs } from '../support/api';
import { collectPageErrors, signedInPage, signIn } from '../support/browser';
import { useProductAndBrowser } from '../support/suite';

/**
 * 'Cadastros' (the mf-cadastros remote, issue 22) against the real API: a manager keeps the company's 'Não Me
 * Perturbe' list — adds a number typed with its punctuation, finds it by part of it, takes it off after confirming —
 * and an attendant has no 'Cadastros' in the navigation at all.
 */
const suite = useProductAndBrowser();

const signedIn = (email: string, password: string) => signedInPage(suite.browser, suite.product.urls.app, email, password);

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

test('a manager registers an attendant, who signs in with the temporary password, chooses their own and works a client; deactivated, their open page is signed out within seconds', async () => {
  const manager = await signedIn('gerente@demo.com.br', 'Gerente@123');
  const api = <T>(method: 'GET' | 'POST', path: string, body?: unknown) =>
    callApiAs<T>(manager.page, suite.product.urls.api, method, path, body);
  await manager.page.getByRole('navigation').getByRole('link', { name: 'Cadastros' }).click();
  await manager.page.getByRole('tab', { name: 'Pessoas', selected: true }).waitFor();
  await manager.page.getByRole('button', { name: 'Nova pessoa' }).click();
  const form = manager.page.getByRole('dialog', { name: 'Nova pessoa' });
  await form.getByLabel('Nome').fill('Diego Teste Ponta');
  await form.getByLabel('E-mail').fill('diego.ponta@demo.com.br');
  await form.getByLabel('Telefonia').selectOption({ label: 'Sem telefonia' });
  await form.getByRole('button', { name: 'Cadastrar' }).click();
  const shown = manager.page.getByRole('dialog', { name: 'Senha temporária' });
  const temporary = (await shown.getByLabel('Senha temporária').textContent())!.trim();
  expect(temporary.length).toBeGreaterThanOrEqual(10);
  await shown.getByRole('button', { name: 'Concluir' }).click();
  await manager.page
    .getByRole('row', { name: /Diego Teste Ponta/ })
    .getByText('Ativa (senha temporária)')
    .waitFor();

  // The manager puts the new attendant on the running INSS campaign (the campaigns screen's own request).
  const [diego] = (await api<{ ID_Pessoa: number }[]>('GET', '/cadastros/pessoas?q=diego.ponta')).data!;
  const campaigns = (await api<{ CampanhaID: number; DE_Campanha: string }[]>('GET', '/cadastro/campanhas')).data!;
  const inss = campaigns.find((campaign) => campaign.DE_Campanha === 'INSS Aposentados SP')!;
  const linked = await api('POST', '/cadastro/campanha/atendentes', {
    ID_Campanha: inss.CampanhaID,
    atendentes: [{ ID_Atendente: diego.ID_Pessoa, SN_Selecionado: 1 }],
  });
  expect(linked.success).toBe(true);

  const context = await suite.browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await signIn(page, suite.product.urls.app, 'diego.ponta@demo.com.br', temporary);
  await page.getByRole('heading', { name: 'Troque sua senha' }).waitFor();
  await page.getByLabel('Senha temporária').fill(temporary);
  await page.getByLabel('Nova senha', { exact: true }).fill('girafa tomada nuvem azul');
  await page.getByLabel('Confirme a nova senha').fill('girafa tomada nuvem azul');
  await page.getByRole('button', { name: 'Trocar senha' }).click();
  await page.waitForURL(`${suite.product.urls.app}/dashboard`);
  await page.getByRole('navigation').getByRole('link', { name: 'Atendimento' }).click();
  await page.getByRole('button', { name: 'Iniciar Campanha' }).click();
  await page.waitForURL(/\/atendimento\?clientId=\d+$/);
  await page.getByRole('region', { name: 'Cadastro' }).waitFor();

  await manager.page.getByRole('button', { name: 'Desativar Diego Teste Ponta' }).click();
  await manager.page.getByRole('dialog', { name: 'Desativar Diego Teste Ponta' }).getByRole('button', { name: 'Desativar' }).click();
  const deactivatedAt = Date.now();
  // The API closes the page's socket within 5 s (4401), and the page signs out: its sign-in form is back.
  await page.getByRole('button', { name: 'Entrar' }).waitFor({ timeout: 5_000 });
  console.log(`página do atendente desativado encerrada em ${Date.now() - deactivatedAt} ms`);
  // Out of the list of active people (its default), and in the list of deactivated ones.
  await manager.page.getByRole('row', { name: /Diego Teste Ponta/ }).waitFor({ state: 'detached' });
  await manager.page.getByLabel('Situação').selectOption({ label: 'Desativadas' });
  await manager.page
    .getByRole('row', { name: /Diego Teste Ponta/ })
    .getByText('Desativada')
    .waitFor();
  expect(errors.filter((error) => !/401|Sessão/.test(error))).toEqual([]);
  expect(manager.errors).toEqual([]);
  await context.close();
  await manager.page.context().close();
});
