import type { BrowserContext, Locator, Page } from 'playwright-core';
import { formatBRL, formatPhoneNumber, maskCpf, whatsappLink } from '@consig/shared/format';
// The API's own demo prospect base: the very rows the fresh database was seeded with. Read from the source
// file, as e2e does not depend on the API package (the product runs it as a separate process).
// eslint-disable-next-line import-x/no-relative-packages -- see above
import { demoProspects } from '../../api/src/db/prospects';
import { collectPageErrors, signIn } from '../support/browser';
import { useProductAndBrowser } from '../support/suite';
import { callApiAs } from '../support/api';

/**
 * The client service screen (/atendimento) as an attendant uses it, against the real API. The tests run
 * in order on one signed-in page: each starts where the previous one left the client.
 */
const suite = useProductAndBrowser();
let context: BrowserContext;
let page: Page;
let errors: string[];
/** The client opened from the dashboard (José Carlos Pereira, an INSS lead of the demo data). */
let clientId: number;

const app = () => suite.product.urls.app;

interface Operation {
  OperacaoID: number;
  ID_TipoCredito: number;
  NU_Parcelas: number;
  VL_Parcela: string;
  VL_BaseCalculo: string;
  VL_Margem: string;
  VL_MargemCartao: string;
  DE_Bruto: string;
  DE_Liquido: string;
}

const api = <T>(method: 'GET' | 'POST', path: string, body?: unknown) => callApiAs<T>(page, suite.product.urls.api, method, path, body);

const inssOperation = async () => {
  const { data } = await api<Operation[]>('GET', `/crm/cliente/operacoes/${clientId}`);
  return data!.find((operation) => operation.ID_TipoCredito === 1)!;
};

/** The text of a <dd> beside its <dt> inside a region. */
const figure = (region: Locator, label: string) =>
  region.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
/** Waits until an input holds `expected` (the screen applied the server's answer). */
async function untilValue(input: Locator, expected: string) {
  const handle = await input.elementHandle();
  await page.waitForFunction(([element, value]) => (element as HTMLInputElement).value === value, [handle, expected] as const);
}
const inssCard = () => page.getByRole('region', { name: /^INSS/ });

/** Types an installment in the INSS card and answers what the API says for the very same request. */
async function typeInstallment(installment: string) {
  const operation = await inssOperation();
  await inssCard().getByLabel('Parcela').fill(installment);
  return api<{ VL_Parcela: string; VL_Liquido: string; DE_Bruto: string; DE_Liquido: string }>('POST', '/crm/atualizaOperacao', {
    OperacaoID: operation.OperacaoID,
    ID_Cliente: clientId,
    ID_TipoCredito: 1,
    NU_Parcelas: operation.NU_Parcelas,
    VL_Parcela: installment,
    TP_Calculo: 'parcela',
  });
}

beforeAll(async () => {
  context = await suite.browser.newContext();
  page = await context.newPage();
  errors = collectPageErrors(page);
  await signIn(page, app(), 'atendente@demo.com.br', 'Atendente@123');
  await page.waitForURL(`${app()}/dashboard`);
});
afterAll(async () => {
  await context?.close();
});

test('a lead of the dashboard opens its client: name in Cadastro, INSS tab selected, the band with its figures', async () => {
  await page.locator('a[href^="/atendimento?clientId="]', { hasText: 'José Carlos Pereira' }).click();
  await page.waitForURL(/\/atendimento\?clientId=\d+$/);
  clientId = Number(new URL(page.url()).searchParams.get('clientId'));

  const cadastro = page.getByRole('region', { name: 'Cadastro' });
  await cadastro.getByText('José Carlos Pereira').waitFor();
  // The tab is chosen once the client's operations have arrived, which may be just after the name shows.
  await page.getByRole('tab', { name: 'INSS', selected: true }).waitFor();
  await expect(page.getByRole('tab', { selected: true }).allTextContents()).resolves.toEqual(['INSS']);
  await inssCard().waitFor();

  const operation = await inssOperation();
  const band = page.getByRole('region', { name: 'Resumo' });
  await expect(figure(band, 'MR').textContent()).resolves.toBe('R$ 0,00');
  await expect(figure(band, 'Base de cálculo').textContent()).resolves.toBe(formatBRL(operation.VL_BaseCalculo));
  await expect(figure(band, 'Margem 35%').textContent()).resolves.toBe(formatBRL(operation.VL_Margem));
  await expect(figure(band, 'Margem disponível para cartão').textContent()).resolves.toBe(formatBRL(operation.VL_MargemCartao));
  await expect(figure(inssCard(), 'Bruto').textContent()).resolves.toBe(operation.DE_Bruto);
  expect(errors).toEqual([]);
});

test('a new installment brings the gross and net figures the server computes for it', async () => {
  const { data: offer } = await typeInstallment('300');
  expect(offer).toBeDefined();
  // The card shows the server's answer once typing paused: the installment as the server wrote it back.
  await untilValue(inssCard().getByLabel('Parcela'), offer!.VL_Parcela);
  await expect(figure(inssCard(), 'Bruto').textContent()).resolves.toBe(offer!.DE_Bruto);
  await expect(figure(inssCard(), 'Líquido').textContent()).resolves.toBe(offer!.DE_Liquido);
  await expect(inssCard().getByLabel('Valor líquido').inputValue()).resolves.toBe(offer!.VL_Liquido);
  // Inside the shell's layout this footer is no 'contentinfo' landmark (a footer within a section is generic).
  await expect(page.locator('footer', { hasText: 'Total:' }).textContent()).resolves.toBe(`Total: ${offer!.DE_Liquido}`);
});

test('an installment above the margin shows the server’s refusal as a toast and returns to the last accepted one', async () => {
  const operation = await inssOperation();
  const aboveMargin = String(Math.ceil(Number(operation.VL_Margem)) + 100);
  const refusal = await typeInstallment(aboveMargin);
  expect(refusal.success).toBe(false);
  expect(refusal.text).toMatch(/margem/i);
  await page.getByRole('status').filter({ hasText: refusal.text }).waitFor();
  // a refused installment gives the input back the last value the server accepted.
  await untilValue(inssCard().getByLabel('Parcela'), operation.VL_Parcela);
});

test('phones: hidden until the show-data toggle, WhatsApp links, and adding one with the three field messages', async () => {
  const phones = page.getByRole('region', { name: 'Telefone' });
  const { data: stored } = await api<{ DE_Telefone: string }[]>('GET', `/crm/cliente/telefones/${clientId}`);
  await phones.getByText(`Cel. ${stored!.length}`).waitFor();
  await expect(phones.getByText('xxxxxxxxxxx').count()).resolves.toBe(stored!.length);
  await expect(phones.getByText(formatPhoneNumber(stored![0].DE_Telefone)).count()).resolves.toBe(0);

  const whatsapp = phones.getByRole('link', { name: 'WhatsApp' }).first();
  await expect(whatsapp.getAttribute('href')).resolves.toBe(`https://wa.me/55${stored![0].DE_Telefone}`);
  await expect(whatsapp.getAttribute('target')).resolves.toBe('_blank');

  await phones.getByRole('button', { name: 'Adicionar Telefone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar Telefone' });
  const input = dialog.getByLabel('Telefone');
  const save = dialog.getByRole('button', { name: 'Salvar' });
  await save.click();
  await dialog.getByText('Campo obrigatório.').waitFor();
  await input.fill('11a9876');
  await dialog.getByText('Apenas números.').waitFor();
  await input.fill('1198765');
  await dialog.getByText('Deve conter 11 dígitos.').waitFor();

  const added = '11912345678';
  // Pasted as written: the punctuation goes, the digits are kept.
  await input.fill('(11) 91234-5678');
  await save.click();
  await page.getByRole('status').filter({ hasText: 'Telefone cadastrado.' }).waitFor();
  await dialog.waitFor({ state: 'detached' });
  const newLabel = `Cel. ${stored!.length + 1}`;
  await phones.getByText(newLabel, { exact: true }).waitFor();
  await expect(phones.getByText(formatPhoneNumber(added)).count()).resolves.toBe(0);
  await expect(phones.getByRole('link', { name: 'WhatsApp' }).last().getAttribute('href')).resolves.toBe(whatsappLink(added));
  expect(whatsappLink(added)).toBe(`https://wa.me/55${added}`);

  await page.getByRole('button', { name: 'Mostrar dados' }).click();
  // Shown masked as (11) 91234-5678.
  await phones.getByText(formatPhoneNumber(added)).waitFor();
  await phones.getByText(formatPhoneNumber(stored![0].DE_Telefone)).waitFor();
  await expect(phones.getByText('xxxxxxxxxxx').count()).resolves.toBe(0);
  await page.getByRole('button', { name: 'Ocultar dados' }).click();
  await phones.getByText(added).waitFor({ state: 'detached' });
  await expect(phones.getByText('xxxxxxxxxxx').count()).resolves.toBe(stored!.length + 1);
});

test("'Novo Cliente' with a CPF of the prospect base opens that person as a client, prefilled", async () => {
  const prospect = demoProspects()[0];
  await page.getByRole('button', { name: 'Novo Cliente' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo Cliente' });
  await dialog.getByLabel('CPF').fill(prospect.cpf);
  await dialog.getByRole('button', { name: 'Mudar' }).click();
  await page.waitForURL((url) => url.pathname === '/atendimento' && Number(url.searchParams.get('clientId')) !== clientId);
  await dialog.waitFor({ state: 'detached' });

  const cadastro = page.getByRole('region', { name: 'Cadastro' });
  await cadastro.getByText(prospect.name, { exact: true }).waitFor();
  await cadastro.getByText(maskCpf(prospect.cpf), { exact: true }).waitFor();
  await cadastro.getByText(prospect.birth.split('-').reverse().join('/'), { exact: true }).waitFor();
  // The prospect's phones came along.
  const phones = page.getByRole('region', { name: 'Telefone' });
  await phones.getByText(`Cel. ${prospect.phones.length}`, { exact: true }).waitFor();
  expect(errors).toEqual([]);
});
