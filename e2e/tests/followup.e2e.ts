import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { FOLLOWUP_TEXT, type ProposalListItem, type StatusSummaryItem } from '@consig/shared/contracts';
import { callApiAs } from '../support/api';
import { collectPageErrors, launchBrowser, signIn } from '../support/browser';
import { startSideBySide } from '../support/suite';
import { startTestProduct, type TestProduct } from '../support/product';

/**
 * The proposal follow-up (/acompanhamentos) with the real API and the demo proposals: the attendant Ana
 * filters by date (typed dd/mm/aaaa) and status, cancels a proposal from its row, opens a ticket with a PNG
 * and sees it in 'Situação do chamado'; the supervisor Carla answers it in 'Chamados pendentes' and Ana sees
 * the answer and its realtime alert; a date out of order or impossible is refused under its field; Ana's
 * dropdown offers only 'Cancelada' on her own proposal, the manager Daniel sets 'Paga' and 'Resumo da Proposta'
 * shows both changes; Daniel deletes a proposal (the confirmation names it; Recusar keeps it, Confirmar removes
 * it) and exports propostas.csv. One browser, a context per person, each signed in once; the tests
 * run in order and share what the earlier ones did.
 */
let product: TestProduct;
let browser: Browser;
const people: Record<'ana' | 'carla' | 'daniel', { context: BrowserContext; page: Page; errors: string[] }> = {} as never;
let tempDir: string;
let png: string;

/** Days in São Paulo, the product's calendar (docs/rules.md), whatever the machine's zone. */
const dayInSaoPaulo = (daysAgo: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() - daysAgo * 86_400_000));
const today = dayInSaoPaulo(0);
/** The range the tests filter on: every demo proposal of the last ten days. */
const start = dayInSaoPaulo(10);
const typed = (iso: string) => iso.split('-').reverse().join(''); // '2026-03-15' → '15032026', typed into the mask
const compact = (iso: string) => iso.replaceAll('-', '');
const FILTERED = `/acompanhamentos?inicio=${start}&fim=${today}`;

/** A 1×1 PNG. */
const PNG_BYTES = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const apiAs = <T>(page: Page, path: string) => callApiAs<T>(page, product.urls.api, 'GET', path);
const proposalsOf = async (page: Page, status = 0) =>
  (await apiAs<ProposalListItem[]>(page, `/crm/proposta/${status}/0/0/0/0/${compact(start)}/${compact(today)}`)).data!;
const summaryOf = async (page: Page) =>
  (await apiAs<StatusSummaryItem[]>(page, `/crm/proposta/status?DT_Inicio=${compact(start)}&DT_Fim=${compact(today)}`)).data!;

const statusPanel = (page: Page) => page.getByRole('region', { name: 'Clientes por status' });
const statusButton = (page: Page, label: string) => statusPanel(page).getByRole('button', { name: new RegExp(`^${label} \\d+$`) });
/** The statuses with the counts the panel shows, in its order. */
async function shownCounts(page: Page): Promise<[string, number][]> {
  const buttons = statusPanel(page).getByRole('button');
  await buttons.first().waitFor();
  return (await buttons.allInnerTexts()).map((text) => {
    const [, label, count] = /^(.*\S)\s+(\d+)$/s.exec(text.trim())!;
    return [label, Number(count)];
  });
}
const countsOf = (summary: StatusSummaryItem[]) => summary.map((s): [string, number] => [s.DE_Status, s.NU_Quantidade]);
const rows = (page: Page) => page.getByRole('table', { name: 'Atividades recentes' }).locator('tbody tr');
const rowOf = (page: Page, ade: string) => page.getByRole('row').filter({ has: page.getByRole('button', { name: ade, exact: true }) });
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** Reads `read` until it equals `expected` (the screen refreshes after the API answers), then asserts it. */
async function eventually<T>(read: () => Promise<T>, expected: T, timeout = 10_000) {
  const until = Date.now() + timeout;
  let value = await read();
  while (!equals(value, expected) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  expect(value).toEqual(expected);
}
const equals = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

async function signedIn(email: string, password: string) {
  const context = await browser.newContext({ timezoneId: 'America/Sao_Paulo', locale: 'en-US' });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await signIn(page, product.urls.app, email, password);
  await page.waitForURL(`${product.urls.app}/dashboard`);
  return { context, page, errors };
}

beforeAll(async () => {
  tempDir = mkdtempSync(join(tmpdir(), 'consig-followup-'));
  png = join(tempDir, 'comprovante.png');
  writeFileSync(png, PNG_BYTES);
  [product, browser] = await startSideBySide(startTestProduct(), launchBrowser());
  [people.ana, people.carla, people.daniel] = await Promise.all([
    signedIn('atendente@demo.com.br', 'Atendente@123'),
    signedIn('supervisor@demo.com.br', 'Supervisor@123'),
    signedIn('gerente@demo.com.br', 'Gerente@123'),
  ]);
});
afterAll(async () => {
  for (const person of Object.values(people)) await person.context.close();
  await browser?.close();
  await product?.stop();
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
});

test('the attendant filters by a typed start date and by a status, and a second click clears the status', async () => {
  const { page } = people.ana;
  await page.getByRole('link', { name: 'Acompanhamentos' }).click();
  await page.waitForURL(`${product.urls.app}/acompanhamentos`);
  // Today by default, in both date fields.
  await expect(page.getByLabel('Data inicial').inputValue()).resolves.toBe(typed(today).replace(/^(..)(..)/, '$1/$2/'));

  const startField = page.getByLabel('Data inicial');
  await startField.fill('');
  await startField.pressSequentially(typed(start));
  await page.waitForURL((url) => url.searchParams.get('inicio') === start);
  const summary = await summaryOf(page);
  await eventually(() => shownCounts(page), countsOf(summary));

  const paid = summary.find((s) => s.DE_Status === 'Paga')!;
  expect(paid.NU_Quantidade).toBeGreaterThan(0);
  await statusButton(page, 'Paga').click();
  await page.waitForURL((url) => url.searchParams.get('status') === String(paid.ID_Status));
  await eventually(() => rows(page).count(), paid.NU_Quantidade);
  const shownStatuses = await rows(page)
    .locator('select.fu-status-select')
    .evaluateAll((selects) => selects.map((s) => (s as HTMLSelectElement).value));
  expect(new Set(shownStatuses)).toEqual(new Set([String(paid.ID_Status)]));
  await page.getByText(`Total: ${paid.NU_Quantidade}`).waitFor();

  await statusButton(page, 'Paga').click();
  await page.waitForURL((url) => !url.searchParams.has('status'));
  // The router renders the URL's new filters just after the address changes.
  await eventually(() => statusButton(page, 'Paga').getAttribute('aria-pressed'), 'false');
  await eventually(() => rows(page).count(), (await proposalsOf(page)).length);
});

test('a date the filters cannot use is refused once under its field, and the list stays as it was', async () => {
  const { page } = people.ana;
  const listed = await rows(page).count();
  const url = page.url();
  const asked: string[] = [];
  const record = (request: { url(): string }) => asked.push(request.url());
  page.on('request', record);

  const end = page.getByLabel('Data final');
  const dayBefore = dayInSaoPaulo(11); // the start is ten days ago
  await end.click({ clickCount: 3 });
  await end.pressSequentially(typed(dayBefore));
  const orderText = page.getByText('A data final não pode ser anterior à inicial.');
  await orderText.waitFor();
  await end.blur();
  expect(await orderText.count()).toBe(1);
  expect(await end.getAttribute('aria-invalid')).toBe('true');

  await end.click({ clickCount: 3 });
  await end.pressSequentially('31022026');
  await page.getByText('Data inexistente.').waitFor();
  expect(await page.getByText('Data inexistente.').count()).toBe(1);
  expect(await orderText.count()).toBe(0);

  // Nothing asked of the API, so no second message (and none naming a field in English); the list is the last valid one.
  await page.waitForTimeout(300);
  page.off('request', record);
  expect(asked.filter((address) => address.includes(compact(dayBefore)) || address.includes('20260231'))).toEqual([]);
  expect(
    await page
      .getByRole('status')
      .filter({ hasText: /data final|data inexistente|DT_Fim|end:/i })
      .count(),
  ).toBe(0);
  expect(page.url()).toBe(url);
  expect(await rows(page).count()).toBe(listed);

  // Today again: the field is fine and the filters are as before.
  await end.click({ clickCount: 3 });
  await end.pressSequentially(typed(today));
  await eventually(() => end.getAttribute('aria-invalid'), null);
  expect(await rows(page).count()).toBe(listed);
});

/** The proposal Ana cancels. */
let cancelled: ProposalListItem;

test("the attendant's dropdown offers only 'Cancelada' on her own proposal; cancelling it moves it between the counts", async () => {
  const { page } = people.ana;
  const mine = await proposalsOf(page);
  const waiting = mine.find((p) => p.DE_Status === 'Aguardando digitação')!;
  const paid = mine.find((p) => p.DE_Status === 'Paga')!;
  const before = new Map(await shownCounts(page));
  const select = (ade: string) => rowOf(page, ade).getByRole('combobox', { name: `Status da proposta ${ade}` });
  const optionsOf = (ade: string) => select(ade).locator('option').allInnerTexts();

  // docs/rules.md "Proposal status by role": never 'Paga' (an attendant marking their own sale paid would be commission fraud), and a paid one is locked.
  await eventually(() => optionsOf(waiting.CO_ADE), ['Aguardando digitação', 'Cancelada']);
  expect(await optionsOf(paid.CO_ADE)).toEqual(['Paga']);
  expect(await select(paid.CO_ADE).isDisabled()).toBe(true);
  expect(await select(paid.CO_ADE).getAttribute('title')).toBe('Seu perfil não pode alterar o status desta proposta.');

  await select(waiting.CO_ADE).selectOption({ label: 'Cancelada' });
  await toast(page, FOLLOWUP_TEXT.statusChanged).waitFor();
  await eventually(async () => new Map(await shownCounts(page)).get('Aguardando digitação'), before.get('Aguardando digitação')! - 1);
  expect(new Map(await shownCounts(page)).get('Cancelada')).toBe(before.get('Cancelada')! + 1);
  expect((await proposalsOf(page)).find((p) => p.ID_Proposta === waiting.ID_Proposta)!.DE_Status).toBe('Cancelada');
  cancelled = waiting;
  // Cancelled, it is out of her hands.
  await eventually(() => select(waiting.CO_ADE).isDisabled(), true);
});

/** The proposal Ana opens a ticket on, and the ticket's number. */
let ticketed: ProposalListItem;
let ticketNumber: number;
const TICKET_TEXT = 'Banco pediu o comprovante de residência atualizado.';
const ANSWER_TEXT = 'Comprovante enviado ao banco; aguarde a averbação.';

test("a ticket opened with a PNG shows in 'Situação do chamado' with its text and image", async () => {
  const { page } = people.ana;
  ticketed = (await proposalsOf(page)).find((p) => p.ID_StatusChamado === null)!;
  const row = rowOf(page, ticketed.CO_ADE);
  await row.getByRole('button', { name: 'Abrir Chamado' }).click();
  const form = page.getByRole('dialog', { name: 'Abrir chamado' });
  await form.getByRole('button', { name: 'Abrir chamado' }).click();
  await form.getByText(FOLLOWUP_TEXT.ticketRequired).waitFor();

  await form.getByLabel('Descrição do chamado').fill(TICKET_TEXT);
  await form.getByLabel('Anexo (png, jpeg ou jpg)').setInputFiles(png);
  await form.getByText('Arquivo: comprovante.png').waitFor();
  await form.getByRole('button', { name: 'Abrir chamado' }).click();
  await toast(page, FOLLOWUP_TEXT.ticketCreated).waitFor();
  await form.waitFor({ state: 'detached' }); // 'Abrir chamado' closes once the ticket is open

  await row.getByRole('button', { name: 'Status Pendente' }).click();
  expect(await row.getByRole('button', { name: 'Abrir Chamado' }).count()).toBe(0);
  const popup = page.getByRole('dialog', { name: 'Situação do chamado' });
  const card = popup.getByRole('listitem', { name: /^Chamado \d+$/ });
  ticketNumber = Number((await card.getAttribute('aria-label'))!.replace('Chamado ', ''));
  await card.getByText(TICKET_TEXT).waitFor();
  await card.getByText('Pendente', { exact: true }).waitFor();
  await card.getByText('Aguardando resposta.').waitFor();
  const image = card.getByRole('img', { name: `Anexo do chamado ${ticketNumber}` });
  await image.waitFor();
  await eventually(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth), 1);
  await popup.getByRole('button', { name: 'Fechar' }).click();
  await popup.waitFor({ state: 'detached' });
});

test("the supervisor answers it in 'Chamados pendentes'; the attendant gets the alert and sees the answer", async () => {
  const { page: carla } = people.carla;
  await carla.goto(`${product.urls.app}${FILTERED}`);
  const pending = carla.getByRole('table', { name: 'Chamados pendentes' });
  await pending.getByRole('row').filter({ hasText: TICKET_TEXT }).waitFor();
  await pending.getByRole('button', { name: `Responder chamado ${ticketNumber}` }).click();
  const answer = carla.getByRole('dialog', { name: `Responder chamado nº ${ticketNumber}` });
  await answer.getByText(TICKET_TEXT).waitFor();
  await answer.getByLabel('Resposta', { exact: true }).fill(ANSWER_TEXT);
  await answer.getByRole('button', { name: 'Responder' }).click();
  await answer.waitFor({ state: 'detached' });
  await pending.getByRole('row').filter({ hasText: TICKET_TEXT }).waitFor({ state: 'detached' });

  const { page: ana } = people.ana;
  const alert = ana.getByText(`Seu chamado nº ${ticketNumber} da proposta ADE ${ticketed.CO_ADE} foi respondido.`);
  await alert.waitFor();
  // As a person would: her window in front and the pointer off the toast (both pause it), which then goes by itself
  // and no longer covers the row's buttons.
  await ana.bringToFront();
  await ana.mouse.move(0, 0);
  await alert.waitFor({ state: 'detached' });
  const row = rowOf(ana, ticketed.CO_ADE);
  await row.getByRole('button', { name: 'Status Resolvido' }).click();
  await row.getByRole('button', { name: 'Abrir Chamado' }).waitFor();
  const card = ana.getByRole('dialog', { name: 'Situação do chamado' }).getByRole('listitem', { name: `Chamado ${ticketNumber}` });
  await card.getByText('Resolvido', { exact: true }).waitFor();
  await card.getByText(ANSWER_TEXT).waitFor();
  await ana.getByRole('dialog', { name: 'Situação do chamado' }).getByRole('button', { name: 'Fechar' }).click();
});

test("the manager sets 'Paga', and 'Resumo da Proposta' shows who changed what and when", async () => {
  const { page } = people.daniel;
  await page.goto(`${product.urls.app}${FILTERED}`);
  const inAnalysis = (await proposalsOf(page)).find((p) => p.DE_Status === 'Em análise no banco')!;
  const select = rowOf(page, inAnalysis.CO_ADE).getByRole('combobox', { name: `Status da proposta ${inAnalysis.CO_ADE}` });
  // The dropdown fills in once the possible statuses arrive.
  await eventually(
    () => select.locator('option').allInnerTexts(),
    ['Aguardando digitação', 'Digitada', 'Pendente', 'Em análise no banco', 'Aprovada', 'Paga', 'Cancelada', 'Reprovada'],
  );
  await select.selectOption({ label: 'Paga' });
  await toast(page, FOLLOWUP_TEXT.statusChanged).waitFor();
  await eventually(() => select.inputValue(), '60');

  const historyOf = async (ade: string) => {
    await rowOf(page, ade).getByRole('button', { name: ade, exact: true }).click();
    const summary = page.getByRole('dialog', { name: 'Resumo da Proposta' });
    const entries = summary.getByRole('region', { name: 'Histórico de status' }).getByRole('listitem');
    await entries.first().waitFor();
    const texts = await entries.allInnerTexts();
    await summary.getByRole('button', { name: 'Fechar' }).click();
    await summary.waitFor({ state: 'detached' });
    return texts.map((text) => text.replace(/\s+/g, ' ').trim());
  };
  const when = String.raw`\d{2}/\d{2}/\d{4} \d{2}:\d{2}`;
  const [paidEntry, ...morePaid] = await historyOf(inAnalysis.CO_ADE);
  expect(morePaid).toEqual([]);
  expect(paidEntry).toMatch(new RegExp(`^${when} · Daniel Rocha · Em análise no banco → Paga$`));
  const [cancelEntry] = await historyOf(cancelled.CO_ADE);
  expect(cancelEntry).toMatch(new RegExp(`^${when} · Ana Paula Souza · Aguardando digitação → Cancelada$`));
  // The time shown is São Paulo's, as the API recorded it.
  const recorded = await callApiAs<{ TS_Alteracao: string }[]>(
    page,
    product.urls.api,
    'GET',
    `/crm/proposta/${inAnalysis.ID_Proposta}/historico`,
  );
  const shown = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' });
  expect(paidEntry.startsWith(shown.format(new Date(recorded.data![0].TS_Alteracao)).replace(',', ''))).toBe(true);
});

test('the manager deletes a proposal: Recusar keeps it, Confirmar removes it', async () => {
  const { page } = people.daniel;
  await page.goto(`${product.urls.app}${FILTERED}`);
  const doomed = (await proposalsOf(page)).find((p) => p.ID_Proposta !== ticketed.ID_Proposta)!;
  const row = rowOf(page, doomed.CO_ADE);
  const confirmation = page.getByRole('dialog', { name: 'Tem certeza que deseja remover esta proposta?' });

  await row.getByRole('button', { name: 'Deletar proposta.' }).click();
  // The confirmation names the proposal it removes.
  await confirmation.getByText(`Proposta ADE ${doomed.CO_ADE} de ${doomed.DE_Pessoa}.`, { exact: true }).waitFor();
  await confirmation.getByRole('button', { name: 'Recusar' }).click();
  await confirmation.waitFor({ state: 'detached' });
  expect(await row.count()).toBe(1);

  await row.getByRole('button', { name: 'Deletar proposta.' }).click();
  await confirmation.getByRole('button', { name: 'Confirmar' }).click();
  await toast(page, FOLLOWUP_TEXT.deleted).waitFor();
  await confirmation.waitFor({ state: 'detached' });
  await row.waitFor({ state: 'detached' });
  expect((await proposalsOf(page)).some((p) => p.ID_Proposta === doomed.ID_Proposta)).toBe(false);
});

test('the export saves propostas.csv: UTF-8 with BOM, `;`, the Portuguese header and a line per listed proposal', async () => {
  const { page } = people.daniel;
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('propostas.csv');
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
  expect(lines[0]).toBe('Nome;ADE;CPF;Status da Proposta;Atendente;Indicador;Valor;Operação;Banco;Data de digitação');
  const listed = await proposalsOf(page);
  expect(lines).toHaveLength(listed.length + 1);
  for (const proposal of listed) expect(lines.some((line) => line.includes(`;${proposal.CO_ADE};`))).toBe(true);
  for (const person of Object.values(people)) expect(person.errors).toEqual([]);
});
