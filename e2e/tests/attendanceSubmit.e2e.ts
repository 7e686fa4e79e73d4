import type { Locator, Page } from 'playwright-core';
import { formatBRL, formatDecimal } from '@consig/shared/format';
import { useSignedInPage, type SignedInPage, untilValue } from '../support/suite';
import { type TestProduct } from '../support/product';
import { callApiAs, type Envelope } from '../support/api';

/**
 * 'Registrar proposta' on the client service screen (/atendimento) against the real API and a CEP stand-in:
 * the full-mode field messages, the CEP look-up, the selected card's account and a proposal confirmed through
 * 'Resumo da venda'.
 * The tests run in order on one signed-in page, on José Carlos Pereira (an INSS lead of the demo data).
 */
let clientId: number;
/** How many proposals of status 10 the attendant had before this file registered one. */
let typedBefore: number;
/** The ADE of the proposal this file registers for the INSS card. */
let registeredAde: string;

interface Operation {
  OperacaoID: number;
  ID_TipoCredito: number;
  VL_Taxa: string | null;
  VL_IOF: string | null;
  VL_CETMensal: string | null;
  VL_CETAnual: string | null;
}

const api = <T>(path: string) => callApiAs<T>(page, product.urls.api, 'GET', path);

/** The attendant's own proposals with status 10 (a just-registered proposal's status). */
async function typedProposals() {
  const { data } = await api<{ ID_Status: number; NU_Quantidade: number }[]>('/crm/proposta/status');
  return data!.find((row) => row.ID_Status === 10)!.NU_Quantidade;
}

const form = () => page.getByRole('form', { name: 'Dados do cliente' });
const field = (label: string) => form().getByLabel(label, { exact: true });
/** The message under a field: the element its aria-describedby names (none: no message). */
async function errorUnder(label: string) {
  const describedBy = await field(label).getAttribute('aria-describedby');
  return describedBy ? page.locator(`[id="${describedBy}"]`).textContent() : null;
}
const registerProposal = () => page.getByRole('button', { name: 'Registrar proposta' }).click();
const figure = (region: Locator, label: string) =>
  region.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

const suite = useSignedInPage({ cep: true });
let cep: SignedInPage['cep'];
let product: TestProduct;
let page: Page;
let errors: string[];
beforeAll(() => ({ cep, product, page, errors } = suite));
beforeAll(async () => {
  typedBefore = await typedProposals();
  await page.locator('a[href^="/atendimento?clientId="]', { hasText: 'José Carlos Pereira' }).click();
  await page.waitForURL(/\/atendimento\?clientId=\d+$/);
  clientId = Number(new URL(page.url()).searchParams.get('clientId'));
  await page.getByRole('region', { name: /^INSS/ }).waitFor();
});

test("invalid values show the full-mode messages under their fields on 'Registrar proposta', and no summary opens", async () => {
  const selected = page.getByRole('region', { name: /^INSS/ }).getByRole('switch', { name: 'Selecionado' });
  if (!(await selected.isChecked())) await selected.check();

  await page.getByRole('button', { name: 'Mostrar dados' }).click();
  await page.getByRole('button', { name: 'Editar cadastro' }).click();
  await field('E-mail').fill('a@');
  await field('CEP').fill('123');
  await field('Nome').fill('José 2');
  await registerProposal();

  await page.locator('[aria-invalid="true"]').first().waitFor();
  await expect(errorUnder('E-mail')).resolves.toBe('Email inválido.');
  await expect(errorUnder('CEP')).resolves.toBe('CEP inválido ou mal formatado.');
  await expect(errorUnder('Nome')).resolves.toBe('Números não são permitidos.');
  await expect(page.getByRole('dialog').count()).resolves.toBe(0);
});

test('a CEP of the look-up service fills street, district, city and state on leaving the field', async () => {
  await field('CEP').fill('01001-000');
  await field('Número').focus();
  await untilValue(page, field('Endereço'), 'Praça da Sé');
  await expect(field('Bairro').inputValue()).resolves.toBe('Sé');
  await expect(field('Cidade').inputValue()).resolves.toBe('São Paulo');
  await expect(field('UF').inputValue()).resolves.toBe('SP');
  expect(cep.requests.map((request: { path: string }) => request.path)).toEqual(['/ws/01001000/json/']);
});

test("a valid registration opens 'Resumo da venda' with the offer's figures; confirming registers the proposal", async () => {
  await field('Nome').fill('José Carlos Pereira');
  await field('E-mail').fill('jose.pereira@exemplo.com.br');
  await field('Telefone').fill('11987654321');
  await field('Número').fill('100');
  await field('Banco').selectOption({ index: 1 });
  await field('Agência').fill('1234');
  await field('Conta').fill('56789');
  await field('Dígito da conta').fill('0');
  // The selected INSS card's own account (product-spec §5 "Operation bank fields"; the demo cards have none).
  const card = page.getByRole('region', { name: /^INSS/ });
  const cardField = (label: string) => card.getByLabel(label, { exact: true });
  await cardField('Banco').selectOption('318');
  await cardField('Agência').fill('1234');
  await cardField('Conta').fill('56789');
  await cardField('Dígito da conta').fill('0');
  await card.locator('[aria-invalid="true"]').first().waitFor({ state: 'detached' }); // no message left under its fields
  await registerProposal();

  const dialog = page.getByRole('dialog', { name: 'Resumo da venda' });
  await dialog.waitFor();
  const { data: operations } = await api<Operation[]>(`/crm/cliente/operacoes/${clientId}`);
  const inss = operations!.find((operation) => operation.ID_TipoCredito === 1)!;
  const summary = dialog.getByRole('region', { name: /^INSS/ });
  await expect(figure(summary, 'Taxa').textContent()).resolves.toBe(`${formatDecimal(inss.VL_Taxa!)}% a.m.`);
  await expect(figure(summary, 'IOF').textContent()).resolves.toBe(formatBRL(inss.VL_IOF!));
  await expect(figure(summary, 'CET mensal').textContent()).resolves.toBe(`${formatDecimal(inss.VL_CETMensal!)}%`);
  await expect(figure(summary, 'CET anual').textContent()).resolves.toBe(`${formatDecimal(inss.VL_CETAnual!)}%`);

  // Whom the sale is for: the name, the CPF and the account the card pays into.
  const buyer = dialog.getByRole('region', { name: 'Cliente' });
  await expect(figure(buyer, 'Cliente').textContent()).resolves.toBe('José Carlos Pereira');
  await expect(figure(buyer, 'CPF').textContent()).resolves.toBe('111.444.777-35');
  await expect(figure(summary, 'Conta de crédito').textContent()).resolves.toMatch(/^318 - .+ · Ag\. 1234 · Conta 56789-0/);

  const answer = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname.startsWith('/crm/proposta/'),
  );
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  const { success, text, data } = (await (await answer).json()) as Envelope<{ CO_ADE: string }[]>;
  // The success toast names the new ADE.
  expect({ success, text }).toEqual({ success: true, text: `Proposta ADE ${data![0].CO_ADE} registrada com sucesso.` });
  registeredAde = data![0].CO_ADE;
  await page.getByRole('status').filter({ hasText: text }).waitFor();
  await dialog.waitFor({ state: 'detached' });
  await expect(typedProposals()).resolves.toBe(typedBefore + 1);
  expect(errors).toEqual([]);
});

/** Selects the INSS card again: the operations reloaded after a proposal carry the selection the server stored. */
async function selectInss() {
  const selected = page.getByRole('region', { name: /^INSS/ }).getByRole('switch', { name: 'Selecionado' });
  if (!(await selected.isChecked())) await selected.check();
}

test('a second proposal for the same operation is refused with the ADE of the one in progress, and none is typed', async () => {
  await selectInss();
  await registerProposal();
  const dialog = page.getByRole('dialog', { name: 'Resumo da venda' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: `Já existe a proposta ADE ${registeredAde} em andamento para esta operação.` })
    .waitFor();
  // The summary stays open for another try (product-spec §8: only a success closes it).
  await dialog.getByRole('button', { name: 'Confirmar' }).waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await expect(typedProposals()).resolves.toBe(typedBefore + 1);
});

test("no summary opens while the selected card lacks its account: the card's fields say why", async () => {
  await selectInss();
  const card = page.getByRole('region', { name: /^INSS/ });
  const account = card.getByLabel('Conta', { exact: true });
  await account.fill('');
  await registerProposal();
  await card.locator('[aria-invalid="true"]').first().waitFor();
  const describedBy = await account.getAttribute('aria-describedby');
  await expect(page.locator(`[id="${describedBy}"]`).textContent()).resolves.toBe(
    'Este campo é obrigatório caso operação esteja selecionada.',
  );
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true');
  await expect(page.getByRole('dialog').count()).resolves.toBe(0);
  await account.fill('56789');
});

test("a field error of the server reads as the field's label, never the wire path", async () => {
  // Field rules are the same on both sides, so the screen never sends what the API refuses: the server's 400 is
  // stood in for once, as the API words it (api/test/proposalsRegister.test.ts checks the API says so).
  await page.route('**/crm/proposta/0', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, text: 'contratar.0.CO_ContaCorrente: Apenas números.' }),
    }),
  );
  try {
    await selectInss();
    await registerProposal();
    const dialog = page.getByRole('dialog', { name: 'Resumo da venda' });
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByRole('status').filter({ hasText: 'Conta (INSS): Apenas números.' }).waitFor();
    await expect(page.getByText('contratar.0.CO_ContaCorrente', { exact: false }).count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
  } finally {
    await page.unroute('**/crm/proposta/0');
  }
  expect(errors).toEqual([]);
});
