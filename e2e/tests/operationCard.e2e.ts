import type { Locator, Page } from 'playwright-core';
import { largestFgtsTermOn, saoPauloDate } from '@consig/shared/credit';
import { makeCpf } from '@consig/shared/format';
// The API's own demo data (e2e does not depend on the API package; see fgtsBalance.e2e.ts).
// eslint-disable-next-line import-x/no-relative-packages -- see above
import { DEMO_CLIENTS } from '../../api/src/db/demoData';
import { callApiAs } from '../support/api';
import { useSignedInPage, type SignedInPage, untilValue } from '../support/suite';
import { type TestProduct } from '../support/product';

/**
 * The operation card and the screen's messages on /atendimento with the real API: only
 * the terms in force are offered; a refused installment returns the inputs to the last accepted figures; the card
 * shows the proposal in progress on its operation (ADE, status); an unknown CEP says to fill the address; an
 * unknown client says 'Cliente não encontrado.' once. The tests run in order on one signed-in page (Ana, attendant).
 */

interface Operation {
  OperacaoID: number;
  ID_TipoCredito: number;
  VL_Parcela: string;
  NU_Parcelas: number;
  PropostaEmAndamento?: { CO_ADE: string; DE_Status: string } | null;
}

const INSS = 1;
const api = <T>(method: 'GET' | 'POST', path: string, body?: unknown) => callApiAs<T>(page, product.urls.api, method, path, body);
const toast = (text: string) => page.getByRole('status').filter({ hasText: text });
const card = (name: RegExp): Locator => page.getByRole('region', { name });

async function clientIdOf(name: string): Promise<number> {
  const client = DEMO_CLIENTS.find((candidate) => candidate.name === name)!;
  const { data } = await api<{ cliente: { ClienteID: number } }>('GET', `/crm/cliente/basico/${makeCpf(client.cpfBase)}`);
  return data!.cliente.ClienteID;
}

async function openClient(clientId: number) {
  await page.goto(`${product.urls.app}/atendimento?clientId=${clientId}`);
  await page.getByRole('region', { name: 'Cadastro' }).waitFor();
}

const suite = useSignedInPage({ cep: true });
let cep: SignedInPage['cep'];
let product: TestProduct;
let page: Page;
let errors: string[];
beforeAll(() => ({ cep, product, page, errors } = suite));

test("an FGTS card offers only the years in force; an INSS card no 'Selecione' once a term is chosen", async () => {
  await openClient(await clientIdOf('Ana Lúcia Martins'));
  const years = card(/^FGTS/).getByLabel('Parcelas antecipadas');
  await years.waitFor();
  const offered = await years.locator('option:not([disabled])').allTextContents();
  const largest = largestFgtsTermOn(saoPauloDate(new Date()));
  expect(offered).toEqual(Array.from({ length: largest - 1 }, (_, index) => String(index + 2)));

  await openClient(await clientIdOf('José Carlos Pereira'));
  const term = card(/^INSS/).getByLabel('Prazo');
  expect(await term.locator('option').allTextContents()).toEqual(['48', '60', '72', '84', '96']);
});

test('a refused installment shows the reason and returns the inputs to the last accepted figures', async () => {
  const inss = card(/^INSS/);
  const installment = inss.getByLabel('Parcela');
  const accepted = await installment.inputValue();
  await installment.fill('99999');
  await toast('excede').first().waitFor();
  await untilValue(page, installment, accepted);
  expect(await inss.getByLabel('Prazo').inputValue()).toBe('84');
});

test('the card shows the proposal in progress on its operation (ADE and status)', async () => {
  const clientId = Number(new URL(page.url()).searchParams.get('clientId'));
  const { data: cliente } = await api<{ cliente: Record<string, unknown> }>('GET', `/crm/cliente/basicoPorID/${clientId}`);
  const { data: operations } = await api<Operation[]>('GET', `/crm/cliente/operacoes/${clientId}`);
  const account = {
    CO_Banco: 318,
    CO_Agencia: '1234',
    CO_AgenciaDV: '',
    CO_ContaCorrente: '56789',
    CO_ContaCorrenteDV: '0',
    ID_TipoConta: 1,
  };
  const registered = await api<unknown>('POST', '/crm/proposta/0', {
    cliente: {
      ...cliente!.cliente,
      EM_Email: 'jose.pereira@exemplo.com.br',
      DE_Telefone: '11987654321',
      CO_Cep: '01001-000',
      DE_Endereco: 'Praça da Sé',
      DE_Numero: '100',
      DE_Bairro: 'Sé',
      DE_Cidade: 'São Paulo',
      SG_Estado: 'SP',
    },
    contratar: operations!.map((operation) => ({
      OperacaoID: operation.OperacaoID,
      SN_Selecionado: operation.ID_TipoCredito === INSS,
      NU_Parcelas: operation.NU_Parcelas,
      VL_Parcela: operation.VL_Parcela,
      ...account,
    })),
  });
  expect(registered).toMatchObject({ success: true });
  const { data: after } = await api<Operation[]>('GET', `/crm/cliente/operacoes/${clientId}`);
  const proposal = after!.find((operation) => operation.ID_TipoCredito === INSS)!.PropostaEmAndamento!;
  expect(proposal.DE_Status).toBe('Aguardando digitação');

  await openClient(clientId);
  await card(/^INSS/).getByText(`Proposta ADE ${proposal.CO_ADE} em andamento: Aguardando digitação`).waitFor();
});

test("a CEP the look-up service does not know says 'Não foi possível consultar o CEP. Preencha o endereço.' and keeps the address", async () => {
  await page.getByRole('button', { name: 'Configurações e documentos' }).click();
  const popup = page.getByRole('dialog', { name: 'Configurações e documentos' });
  await popup.getByRole('switch', { name: 'Mostrar dados do cliente' }).check();
  await popup.getByRole('button', { name: 'Fechar' }).click();
  await page.getByRole('button', { name: 'Editar cadastro' }).click();
  const form = page.getByRole('form', { name: 'Dados do cliente' });
  const street = form.getByLabel('Endereço', { exact: true });
  const before = await street.inputValue();
  await form.getByLabel('CEP', { exact: true }).fill('99999-999');
  await form.getByLabel('Número', { exact: true }).focus();
  await toast('Não foi possível consultar o CEP. Preencha o endereço.').first().waitFor();
  expect(await street.inputValue()).toBe(before);
  expect(cep.requests.map((request: { path: string }) => request.path)).toContain('/ws/99999999/json/');
});

test("an unknown client says 'Cliente não encontrado.' once", async () => {
  await page.goto(`${product.urls.app}/atendimento?clientId=2147483000`);
  await toast('Cliente não encontrado.').first().waitFor();
  await page.getByRole('button', { name: 'Iniciar Campanha' }).waitFor();
  await page.waitForLoadState('networkidle');
  expect(await toast('Cliente não encontrado.').count()).toBe(1);
  expect(errors).toEqual([]);
});
