import { readFileSync } from 'node:fs';
import type { BrowserContext, Download, Locator, Page } from 'playwright-core';
import { IMPORT_TEXT, type CampaignImport } from '@consig/shared/contracts';
import { makeCpf } from '@consig/shared/format';
import { callApiAs } from '../support/api';
import { collectPageErrors, launchBrowser, signIn } from '../support/browser';
import { startSideBySide } from '../support/suite';
import { startTestProduct, type TestProduct } from '../support/product';

/**
 * The own batch import (/campanhas/importar-lotes/{id}) with the real API, as the supervisor Carla, on an INSS
 * campaign created for the test: the dialog's required file, the template downloaded through the page, the
 * template filled with valid and bad lines, sent with SN_Higienizar, followed to its counts, and the rejected
 * lines downloaded with their line numbers and reasons. The tests run in order on one signed-in page.
 */
let product: TestProduct;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let context: BrowserContext;
let page: Page;
let errors: string[];
let campaignId: number;
/** The template as the page saved it. */
let template: string;

const BOM = '\uFEFF';
const api = <T>(method: 'GET' | 'POST', path: string, body?: unknown) => callApiAs<T>(page, product.urls.api, method, path, body);
const uploadDialog = () => page.getByRole('dialog', { name: 'Importar arquivo CSV' });

/** Clicks `trigger` and returns the file the page saved, with its name. */
async function downloadFrom(trigger: Locator): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  return { name: (download as Download).suggestedFilename(), text: readFileSync((await download.path())!, 'utf8') };
}

/** A `;` CSV with quoted cells (`""` escapes) as rows of cells (the caller takes the BOM off first). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted && char === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (quoted || (char !== ';' && char !== '\n')) {
      cell += char;
    } else {
      row.push(cell.replace(/\r$/, ''));
      cell = '';
      if (char === '\n') {
        rows.push(row);
        row = [];
      }
    }
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

// Fresh CPFs, so every client of the file is new to the company (new clients need name, birth date, NB and species).
const joana = makeCpf('390533447');
const withoutName = makeCpf('702814365');
const validOf = makeCpf('451236987');
/** The same nine digits with a wrong last check digit. */
const badCpf = `${validOf.slice(0, 10)}${(Number(validOf[10]) + 1) % 10}`;

beforeAll(async () => {
  [product, browser] = await startSideBySide(startTestProduct(), launchBrowser());
  context = await browser.newContext();
  page = await context.newPage();
  errors = collectPageErrors(page);
  await signIn(page, product.urls.app, 'supervisor@demo.com.br', 'Supervisor@123');
  await page.waitForURL(`${product.urls.app}/dashboard`);
  const created = await api<{ CampanhaID: number }>('POST', '/cadastro/campanha', { DE_Campanha: 'Importação própria e2e', ID_Orgao: 4 });
  expect(created.success).toBe(true);
  campaignId = created.data!.CampanhaID;
  await page.goto(`${product.urls.app}/campanhas/importar-lotes/${campaignId}`);
  await page.getByRole('heading', { name: 'Importar lote próprio' }).waitFor();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await product?.stop();
});

test("the upload dialog refuses to send without a file ('Anexar um arquivo é obrigatório.')", async () => {
  await page.getByRole('button', { name: 'Importar arquivo' }).click();
  const dialog = uploadDialog();
  await dialog.getByText(IMPORT_TEXT.newClientFields).waitFor();
  await dialog.getByRole('radio', { name: 'Sim' }).check();
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await dialog.getByText('Anexar um arquivo é obrigatório.').waitFor();
  expect(await dialog.getByRole('progressbar').count()).toBe(0);
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await dialog.waitFor({ state: 'detached' });
});

test('the template link saves the CSV template the API serves: UTF-8 with BOM, `;`, the header and an example line', async () => {
  const saved = await downloadFrom(page.getByRole('button', { name: 'Baixar modelo de planilha' }));
  expect(saved.name).toBe('modelo-importacao.csv');
  template = saved.text;
  const token = await page.evaluate(() => localStorage.getItem('consig.token'));
  const served = await (await fetch(`${product.urls.api}/importacao/modelo.csv`, { headers: { Authorization: `Bearer ${token}` } })).text();
  // fetch's text() drops a leading BOM; the saved file must keep it.
  expect(template).toBe(`${BOM}${served.replace(/^\uFEFF/, '')}`);
  const [header, example] = parseCsv(template.slice(1));
  expect(header.slice(0, 3)).toEqual(['CPF', 'Nome', 'Nascimento']);
  expect(example).toHaveLength(header.length);
});

test('the filled template goes up with SN_Higienizar, shows the lines read, then the counts and the rejected lines', async () => {
  const [headerLine, exampleLine] = template.split('\r\n');
  const header = parseCsv(headerLine.slice(1))[0];
  const line = (values: Record<string, string>) => header.map((column) => values[column] ?? '').join(';');
  const inss = { 'Matrícula/NB': '2233445566', Espécie: '41', 'Valor ofertado': '8.000,00', 'Valor parcela': '210,50' };
  const file = [
    `${headerLine}`,
    exampleLine, // line 2: the template's own example, a valid new INSS client
    line({ CPF: joana, Nome: 'Joana Ribeiro Teste', Nascimento: '20/07/1958', 'Telefone 1': '(31) 99876-5432', ...inss }), // 3
    line({ CPF: badCpf, Nome: 'CPF Errado Teste', Nascimento: '01/01/1960', ...inss }), // 4: check digits wrong
    line({ CPF: joana, Nome: 'Joana Repetida', Nascimento: '20/07/1958', ...inss }), // 5: repeats line 3
    line({ CPF: withoutName, ...inss }), // 6: a new client without name nor birth date
  ].join('\r\n');

  await page.getByRole('button', { name: 'Importar arquivo' }).click();
  const dialog = uploadDialog();
  await dialog
    .getByLabel('Arquivo CSV')
    .setInputFiles({ name: 'clientes.csv', mimeType: 'text/csv', buffer: Buffer.from(`${file}\r\n`, 'utf8') });
  await dialog.getByRole('radio', { name: 'Sim' }).check();
  // The lines read show while the job runs, which for five lines is a moment or not at all (on the embedded
  // database the poll waits for the job's merge): every state the dialog shows from now on is kept.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seenTexts: string[] }).seenTexts = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[role="dialog"] [role="status"]')?.firstChild?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  const [uploaded] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith('/importacao/upload')),
    dialog.getByRole('button', { name: 'Enviar' }).click(),
  ]);
  const importId = ((await uploaded.json()) as { data: { ID_Importacao: number } }).data.ID_Importacao;
  await page.getByRole('status').filter({ hasText: IMPORT_TEXT.started }).waitFor();
  await dialog.getByText('Importação concluída.').waitFor({ timeout: 20_000 });

  const seen = await page.evaluate(() => (window as unknown as { seenTexts: string[] }).seenTexts);
  // Asking, then the lines read of the file's 5 (when the screen catches the job running), then the end.
  expect(seen.at(-1)).toBe('Importação concluída.');
  for (const text of seen.slice(0, -1)) expect(text).toMatch(/^(Consultando a importação\.\.\.|Lidas [0-5] de 5 linhas)$/);

  const figures = dialog.locator('dl[aria-label="Resultado da importação"]');
  const labels = await figures.locator('dt').allInnerTexts();
  const values = await figures.locator('dd').allInnerTexts();
  expect(Object.fromEntries(labels.map((label, i) => [label, values[i]]))).toEqual({
    'Linhas no arquivo': '5',
    Importados: '2',
    'Removidos na higienização': '2',
    'Linhas rejeitadas': '1',
  });
  const done = (await api<CampaignImport>('GET', `/importacao/${importId}`)).data!;
  expect([done.ID_Status, done.NU_Importados, done.NU_Higienizados, done.NU_Rejeitados]).toEqual([63, 2, 2, 1]);

  const rejected = await downloadFrom(dialog.getByRole('button', { name: 'Baixar linhas rejeitadas' }));
  expect(rejected.name).toBe(`importacao-${importId}-rejeitadas.csv`);
  expect(rejected.text.startsWith(BOM)).toBe(true);
  const [rejectedHeader, ...rows] = parseCsv(rejected.text.slice(1)).filter((row) => row.some((cell) => cell !== ''));
  expect(rejectedHeader).toEqual(['Linha', 'Motivo', 'Conteúdo original']);
  expect(rows.map(([lineNumber, reason]) => [lineNumber, reason])).toEqual([
    ['4', IMPORT_TEXT.cpfInvalid],
    ['5', IMPORT_TEXT.repeatedInFile(3)],
    ['6', IMPORT_TEXT.newClientFields],
  ]);
  expect(rows[0][2]).toContain(badCpf);
  expect(errors).toEqual([]);
});
