import type { Locator, Page } from 'playwright-core';
import { makeCpf } from '@consig/shared/format';
// The API's own demo prospect base (see attendance.e2e.ts): a CPF outside it is one "no base knows".
// eslint-disable-next-line import-x/no-relative-packages -- e2e does not depend on the API package
import { demoProspects } from '../../api/src/db/prospects';
import { callApiAs } from '../support/api';
import { useSignedInPage } from '../support/suite';
import type { TestProduct } from '../support/product';

/**
 * Creating and editing a client as an attendant meets it on /atendimento, against the real API: 'Novo Cliente'
 * with an invalid CPF and with one no base knows ('Cadastrar novo cliente?'), the new client opened in edit mode,
 * 'Salvar' of the data private payroll credit needs making its operation simulable within the 35% margin of
 * Lei 15.179/2025, and unsaved edits asked about before leaving, dropped by 'Cancelar'. The tests run in order on
 * one signed-in page.
 */

const prospectCpfs = new Set(demoProspects().map((prospect) => prospect.cpf));
const NEW_CPF = ['246813579', '135792468', '987654321'].map(makeCpf).find((cpf) => !prospectCpfs.has(cpf))!;
const NO_SALARY = 'Informe o salário do cliente (bruto ou líquido) para calcular a margem de 35% do Crédito do Trabalhador.';

const form = () => page.getByRole('form', { name: 'Dados do cliente' });
const field = (label: string) => form().getByLabel(label, { exact: true });
const cadastro = () => page.getByRole('region', { name: 'Cadastro' });
const figure = (region: Locator, label: string) =>
  region.locator('dt', { hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) }).locator('xpath=following-sibling::dd[1]');
const toast = (text: string) => page.getByRole('status').filter({ hasText: text }).first();
const clientId = () => Number(new URL(page.url()).searchParams.get('clientId'));

async function openNewClient(cpf: string) {
  await page.getByRole('button', { name: 'Novo Cliente' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo Cliente' });
  await dialog.getByLabel('CPF').fill(cpf);
  await dialog.getByRole('button', { name: 'Mudar' }).click();
  return dialog;
}

const suite = useSignedInPage({ cep: true, context: { viewport: { width: 1366, height: 768 } } });
let product: TestProduct;
let page: Page;
let errors: string[];
beforeAll(() => ({ product, page, errors } = suite));
beforeAll(async () => {
  await page.goto(`${product.urls.app}/atendimento`);
});

test("'Novo Cliente' with an invalid CPF says 'CPF inválido.' and asks nothing of the server", async () => {
  const lookups: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/crm/cliente/basico/')) lookups.push(request.url());
  });
  const dialog = await openNewClient('111.444.777-36');
  const cpf = dialog.getByLabel('CPF');
  await page
    .locator(`[id="${await cpf.getAttribute('aria-describedby')}"]`)
    .filter({ hasText: 'CPF inválido.' })
    .waitFor();
  expect(lookups).toEqual([]);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
});

test("a valid CPF no base knows asks 'Cadastrar novo cliente?'; confirming opens the empty client in edit mode", async () => {
  const dialog = await openNewClient(NEW_CPF);
  await dialog.getByRole('alert').filter({ hasText: 'CPF não encontrado na base. Cadastrar novo cliente?' }).waitFor();
  // Asked, not created: the API has no client with that CPF yet.
  const before = await callApiAs(page, product.urls.api, 'GET', `/crm/cliente/basico/${NEW_CPF}?cadastrar=0`);
  expect(before).toEqual({ success: false, text: 'CPF não encontrado na base. Cadastrar novo cliente?' });

  await dialog.getByRole('button', { name: 'Cadastrar' }).click();
  await page.waitForURL(/\/atendimento\?clientId=\d+$/);
  await dialog.waitFor({ state: 'detached' });
  await cadastro().getByRole('button', { name: 'Salvar' }).waitFor();
  await expect(cadastro().getByRole('button', { name: 'Editar cadastro' }).getAttribute('aria-pressed')).resolves.toBe('true');
  await expect(field('CPF').inputValue()).resolves.toBe(
    `${NEW_CPF.slice(0, 3)}.${NEW_CPF.slice(3, 6)}.${NEW_CPF.slice(6, 9)}-${NEW_CPF.slice(9)}`,
  );
  await expect(field('Nome').inputValue()).resolves.toBe('');
  await expect(field('Nome').isEditable()).resolves.toBe(true);
  // Its cards are there: FGTS and private credit, which asks for the salary it needs.
  await page.getByRole('tab', { name: 'Crédito Privado' }).click();
  await page
    .getByRole('region', { name: /^Crédito Privado/ })
    .getByText(NO_SALARY)
    .waitFor();
});

test("'Salvar' of the data private credit needs makes it simulable within 35% of the available remuneration", async () => {
  await field('Nome').fill('Joana Nova Cliente');
  await field('Telefone').fill('11955554444');
  await field('E-mail').fill('joana@exemplo.com.br');
  await field('CEP').fill('01001-000');
  await field('Número').focus();
  await page.waitForFunction(
    () => (document.querySelector('input[name="DE_Endereco"]') as HTMLInputElement | null)?.value === 'Praça da Sé',
  );
  await field('CNPJ').fill('11.222.333/0001-81');
  await field('Salário bruto').fill('3000.00');
  await cadastro().getByRole('button', { name: 'Salvar' }).click();
  await toast('Cadastro salvo.').waitFor();
  await cadastro().getByRole('button', { name: 'Salvar' }).waitFor({ state: 'detached' });

  // The server kept it: the record reads back as saved.
  const { data } = await callApiAs<{ cliente: Record<string, unknown> }>(
    page,
    product.urls.api,
    'GET',
    `/crm/cliente/basicoPorID/${clientId()}`,
  );
  expect(data!.cliente).toMatchObject({
    DE_Pessoa: 'Joana Nova Cliente',
    DE_Endereco: 'Praça da Sé',
    CO_Cep: '01001000',
    VL_SalarioBruto: '3000.00',
  });

  // Lei 15.179/2025: the margin is 35% of R$ 3.000,00, shown as information beside the card with the guarantee.
  const ccp = page.getByRole('region', { name: 'Crédito do Trabalhador' });
  await figure(ccp, 'Margem (35%)').filter({ hasText: 'R$ 1.050,00' }).waitFor();
  await expect(figure(ccp, 'Garantia opcional').textContent()).resolves.toBe('até 10% do saldo do FGTS ou até 100% da multa rescisória');
  await ccp.getByText('Contratação na plataforma CTPS Digital / eSocial', { exact: false }).waitFor();

  // The card now prices an offer, and refuses an installment one cent above the margin.
  const card = page.getByRole('region', { name: /^Crédito Privado/ });
  await card.getByText(NO_SALARY).waitFor({ state: 'detached' });
  await card.getByLabel('Parcela').fill('1050.01');
  await toast('A parcela de R$ 1.050,01 excede a margem disponível de R$ 1.050,00.').waitFor();
  expect(errors).toEqual([]);
});

test("unsaved edits: a link asks first and stays on 'Cancelar'; 'Cancelar' of edit mode drops them; then it leaves freely", async () => {
  await cadastro().getByRole('button', { name: 'Editar cadastro' }).click();
  await field('Endereço').fill('Rua Rascunho');

  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  const dashboard = page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Dashboard' });
  await dashboard.click();
  expect(asked).toEqual(['O cadastro do cliente tem alterações não salvas. Sair sem salvar?']);
  expect(new URL(page.url()).pathname).toBe('/atendimento');
  // Reloading or closing the tab gets the browser's own question (beforeunload is cancelled).
  await expect(page.evaluate(() => !window.dispatchEvent(new Event('beforeunload', { cancelable: true })))).resolves.toBe(true);

  await cadastro().getByRole('button', { name: 'Cancelar' }).click();
  await page.waitForFunction(
    () => (document.querySelector('input[name="DE_Endereco"]') as HTMLInputElement | null)?.value === 'Praça da Sé',
  );
  await expect(page.evaluate(() => !window.dispatchEvent(new Event('beforeunload', { cancelable: true })))).resolves.toBe(false);

  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await dashboard.click();
  await page.waitForURL(`${product.urls.app}/dashboard`);
  expect(asked).toHaveLength(1);
  expect(errors).toEqual([]);
});
