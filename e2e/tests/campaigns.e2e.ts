import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { Campaign, CampaignSummary } from '@consig/shared/contracts';
import { callApiAs } from '../support/api';
import { collectPageErrors, launchBrowser, signIn } from '../support/browser';
import { startSideBySide } from '../support/suite';
import { startTestProduct, type TestProduct } from '../support/product';

/**
 * Campaign management (/campanhas) and the provider batch request, with the real API, as the supervisor
 * Carla: 'Criar campanha' (both required messages first), 'Definir atendentes', start and pause, duplicate,
 * delete with confirmation, then an INSS provider batch (a half-filled pair first) that fills the campaign.
 * The tests run in order on one signed-in page and share the campaign the first one creates.
 * The own batch upload page (/campanhas/importar-lotes/{id}) has a test file of its own.
 */
let product: TestProduct;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let context: BrowserContext;
let page: Page;
let errors: string[];

const CAMPAIGN_NAME = 'Aposentados MG e2e';
/** The code the API gave the campaign created here ('CMP-0005'), read from its toast. */
let code: string;

/** A toast (react-hot-toast: role status) with exactly `text`. */
const toast = (text: string | RegExp) => page.getByRole('status').filter({ hasText: text });
const rowOf = (campaignCode: string): Locator =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: campaignCode, exact: true }) });
const action = (row: Locator, label: string) => row.getByRole('button', { name: label, exact: true });
/**
 * Clicks a row action the way a user does after reading a toast: the pointer leaves the toasts first. The
 * toasts sit top-right, over the actions column, and pause while hovered (product-spec §2), so a pointer
 * left where the previous click put it would keep one covering the buttons; away from them, it runs out
 * its 3 s and the click goes through.
 */
async function clickAction(row: Locator, label: string) {
  await page.mouse.move(0, 0);
  await action(row, label).click();
}
const dialog = (title: string) => page.getByRole('dialog', { name: title });
const api = <T>(method: 'GET' | 'POST', path: string, body?: unknown) => callApiAs<T>(page, product.urls.api, method, path, body);

beforeAll(async () => {
  [product, browser] = await startSideBySide(startTestProduct(), launchBrowser());
  context = await browser.newContext();
  page = await context.newPage();
  errors = collectPageErrors(page);
  await signIn(page, product.urls.app, 'supervisor@demo.com.br', 'Supervisor@123');
  await page.getByRole('link', { name: 'Campanhas' }).click();
  await page.waitForURL(`${product.urls.app}/campanhas`);
  await page.getByRole('table', { name: 'Campanhas' }).waitFor();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await product?.stop();
});

test("'Criar campanha' shows both required messages, then creates an INSS campaign that the list shows as Criado", async () => {
  await page.getByRole('button', { name: 'Criar campanha' }).click();
  const create = dialog('Criar campanha');
  await create.getByRole('option', { name: 'INSS' }).waitFor({ state: 'attached' });

  await create.getByRole('button', { name: 'Criar', exact: true }).click();
  await create.getByText('Este campo é obrigatório.').waitFor();
  await create.getByText('Selecione um tipo.').waitFor();

  await create.getByLabel('Nome da campanha').fill(CAMPAIGN_NAME);
  await create.getByLabel('Tipo').selectOption({ label: 'INSS' });
  await create.getByRole('button', { name: 'Criar', exact: true }).click();
  const created = toast(/^Campanha CMP-\d+ criada\.$/);
  await created.waitFor();
  code = /CMP-\d+/.exec(await created.innerText())![0];
  await create.waitFor({ state: 'detached' });

  const row = rowOf(code);
  await row.getByRole('cell', { name: CAMPAIGN_NAME, exact: true }).waitFor();
  await row.getByText('Criado', { exact: true }).waitFor();
  await row.getByText('Sem arquivo', { exact: true }).waitFor();
});

test("'Definir atendentes' lists the company's attendants and keeps the ones saved", async () => {
  const row = rowOf(code);
  await clickAction(row, 'Definir atendentes');
  const attendants = dialog('Definir atendentes');
  const ana = attendants.getByRole('checkbox', { name: 'Ana Paula Souza' });
  const bruno = attendants.getByRole('checkbox', { name: 'Bruno Henrique Lima' });
  const camila = attendants.getByRole('checkbox', { name: 'Camila Torres' });
  // A new campaign has nobody yet; the other company's attendant is not offered.
  for (const box of [ana, bruno, camila]) expect(await box.isChecked()).toBe(false);
  expect(await attendants.getByRole('checkbox', { name: 'Eduarda Alves' }).count()).toBe(0);

  await ana.check();
  await camila.check();
  await attendants.getByRole('button', { name: 'Salvar' }).click();
  await toast('Atendentes da campanha salvos.').waitFor();
  await attendants.waitFor({ state: 'detached' });

  await clickAction(row, 'Definir atendentes');
  await ana.waitFor();
  expect([await ana.isChecked(), await bruno.isChecked(), await camila.isChecked()]).toEqual([true, false, true]);
  await attendants.getByRole('button', { name: 'Cancelar' }).click();
  await attendants.waitFor({ state: 'detached' });
});

test('start then pause change the status in the row, each with its toast', async () => {
  const row = rowOf(code);
  await clickAction(row, 'Iniciar');
  await toast('Campanha iniciada.').waitFor();
  await row.getByText('Em andamento', { exact: true }).waitFor();

  await clickAction(row, 'Pausar');
  await toast('Campanha pausada.').waitFor();
  await row.getByText('Pausado', { exact: true }).waitFor();
});

test("'Duplicar' adds a created copy, and 'Excluir' removes it after the confirmation", async () => {
  await clickAction(rowOf(code), 'Duplicar');
  const duplicated = toast(/^Campanha duplicada como CMP-\d+\.$/);
  await duplicated.waitFor();
  const copyCode = /CMP-\d+/.exec(await duplicated.innerText())![0];
  expect(copyCode).not.toBe(code);
  const copy = rowOf(copyCode);
  await copy.getByRole('cell', { name: `${CAMPAIGN_NAME} (cópia)`, exact: true }).waitFor();
  await copy.getByText('Criado', { exact: true }).waitFor();

  await clickAction(copy, 'Excluir');
  const confirm = dialog('Excluir campanha');
  await confirm.getByText(`Excluir a campanha ${copyCode} (${CAMPAIGN_NAME} (cópia))?`, { exact: false }).waitFor();
  await confirm.getByRole('button', { name: 'Excluir', exact: true }).click();
  await toast('Campanha excluída.').waitFor();
  await copy.waitFor({ state: 'detached' });
  // The original stays, paused.
  await rowOf(code).getByText('Pausado', { exact: true }).waitFor();
});

test('the provider batch refuses a half-filled age pair, then a valid request fills the campaign', async () => {
  await clickAction(rowOf(code), 'Solicitar lote via fornecedor');
  await page.waitForURL(/\/campanhas\/solicitar-lotes-inss\/\d+\?ID_Orgao=4$/);
  const campaignId = Number(/\/(\d+)\?/.exec(page.url())![1]);
  const filters = page.getByRole('form', { name: 'Filtros do lote' });

  await filters.getByLabel('Ano de nascimento inicial').selectOption('1940');
  await filters.getByLabel('Limite de clientes').fill('25');
  await filters.getByRole('button', { name: 'Solicitar lote' }).click();
  await filters.getByText('Preencha todos ou nenhum.').waitFor();

  await filters.getByLabel('Ano de nascimento final').selectOption('2000');
  await filters.getByRole('button', { name: 'Solicitar lote' }).click();
  await filters.getByText('Preencha todos ou nenhum.').waitFor({ state: 'detached' });
  const requested = toast(/^Lote solicitado: \d+ clientes encontrados; importação em andamento\.$/);
  await requested.waitFor();
  const found = Number(/(\d+) clientes/.exec(await requested.innerText())![1]);
  expect(found).toBeGreaterThan(0);
  expect(found).toBeLessThanOrEqual(25);

  // The batch arrives through the import job: wait for it to end, then the list and the campaign's data show it.
  const importStatus = async () =>
    (await api<Campaign[]>('GET', '/cadastro/campanhas')).data!.find((c) => c.CampanhaID === campaignId)!.importacao?.ID_Status;
  for (let status = await importStatus(); status !== 63; status = await importStatus()) {
    expect(status).not.toBe(99);
    await page.waitForTimeout(200);
  }
  const summary = (await api<CampaignSummary>('GET', `/cadastro/campanha/${campaignId}/resumo`)).data!;
  expect(summary.NU_Importados).toBeGreaterThan(0);
  expect(summary.NU_Importados).toBeLessThanOrEqual(found);

  await page.getByRole('button', { name: 'Voltar' }).click();
  await page.waitForURL(`${product.urls.app}/campanhas`);
  const row = rowOf(code);
  await row.getByText('Concluído', { exact: true }).waitFor();
  await clickAction(row, 'Ver dados da campanha');
  // Código, Nome, Importados, … in the order the campaign's summary lists them.
  const figures = dialog('Dados da campanha').locator('dl[aria-label="Resumo da campanha"] > dd');
  await figures.first().waitFor();
  expect((await figures.allInnerTexts()).slice(0, 3)).toEqual([code, CAMPAIGN_NAME, summary.NU_Importados.toLocaleString('pt-BR')]);
  expect(errors).toEqual([]);
});

test('the provider batch page names its campaign and agency, shows an FGTS campaign no INSS-only filter, and sends a pasted rate 1,85123 as 1.85', async () => {
  const campaigns = (await api<Campaign[]>('GET', '/cadastro/campanhas')).data!;
  const fgts = campaigns.find((campaign) => campaign.ID_Orgao === 1)!;
  await page.goto(`${product.urls.app}/campanhas/solicitar-lotes-fgts/${fgts.CampanhaID}?ID_Orgao=1`);
  const target = page.getByLabel('Destino do lote');
  await target.getByText(`${fgts.CO_Campanha} - ${fgts.DE_Campanha}`).waitFor();
  await target.getByText('FGTS', { exact: true }).waitFor();
  const filters = page.getByRole('form', { name: 'Filtros do lote' });
  await filters.getByLabel('Limite de clientes').waitFor();
  for (const inssOnly of [
    'Espécies',
    'Margem 35% mínima',
    'RCM utilizado',
    'Representante',
    'Tipo de recebimento',
    'Início do benefício de',
    'Bancos de pagamento',
  ]) {
    expect({ inssOnly, shown: await filters.getByLabel(inssOnly, { exact: true }).count() }).toEqual({ inssOnly, shown: 0 });
  }

  const inss = campaigns.find((campaign) => campaign.CO_Campanha === code)!;
  await page.goto(`${product.urls.app}/campanhas/solicitar-lotes-inss/${inss.CampanhaID}?ID_Orgao=4`);
  await page.getByLabel('Destino do lote').getByText(`${code} - ${CAMPAIGN_NAME}`).waitFor();
  await filters.getByLabel('Espécies').waitFor();
  const rate = filters.getByLabel('Taxa mínima');
  // What a paste does: the whole text arrives at once.
  await rate.evaluate((input: HTMLInputElement) => {
    input.focus();
    document.execCommand('insertText', false, '1,85123');
  });
  await expect(rate.inputValue()).resolves.toBe('1,85');
  await filters.getByLabel('Limite de clientes').fill('5');
  const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/cadastro/campanha/loteverz'));
  await filters.getByRole('button', { name: 'Solicitar lote' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ ID_Campanha: inss.CampanhaID, MN_Taxa: '1.85', NU_Clientes: 5 });
  await toast(/^Lote solicitado/).waitFor();
  expect(errors).toEqual([]);
});
