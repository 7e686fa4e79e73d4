import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import type { Campaign } from '@consig/shared/contracts';
import { callApiAs } from '../support/api';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, expectOneH1 } from '../support/axe';
import { signIn } from '../support/browser';
import { watchConsole } from '../support/console';
import { useProductAndBrowser } from '../support/suite';

/**
 * Every screen and its main dialogs, as each demo role sees them, through an external checker:
 * axe-core finds no critical or serious violation (contrast, names, roles…), each screen has one h1,
 * nothing scrolls sideways at 1366×768 (a laptop) nor at 390×844 (a phone), and the console stays clean (no
 * error, no warning, no failed request). Screenshots of each screen at both sizes go to a temporary folder
 * (its path is printed) for a person to look at.
 */
jest.setTimeout(240_000);

const suite = useProductAndBrowser();
const shots = mkdtempSync(join(tmpdir(), 'consig-a11y-'));
beforeAll(() => console.log(`Capturas de tela: ${shots}`));

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
type Size = typeof DESKTOP;

const USERS = {
  atendente: { email: 'atendente@demo.com.br', password: 'Atendente@123' },
  supervisor: { email: 'supervisor@demo.com.br', password: 'Supervisor@123' },
  gerente: { email: 'gerente@demo.com.br', password: 'Gerente@123' },
} as const;
type Role = keyof typeof USERS;

const app = () => suite.product.urls.app;

/** A page of its own at one size, with its console watched from the start. */
async function openPage(browser: Browser, size: Size) {
  const context = await browser.newContext({ viewport: size });
  const page = await context.newPage();
  return { context, page, consoleProblems: watchConsole(page) };
}

async function signInAs(page: Page, role: Role) {
  await signIn(page, app(), USERS[role].email, USERS[role].password);
  await page.waitForURL(`${app()}/dashboard`);
}

/** Lets pending layout settle (fonts, a late list) before measuring. */
const settled = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/** One screen as it stands: one h1, no serious axe finding, no sideways scroll, and its screenshot. */
async function checkScreen(page: Page, name: string, size: Size) {
  await settled(page);
  const where = `${name} ${size.width}×${size.height}`;
  await expectOneH1(page, where);
  await expectNoSeriousA11yViolations(page, where);
  await expectNoSidewaysScroll(page, where);
  await page.screenshot({ path: join(shots, `${name}-${size.width}.png`), fullPage: true });
}

/** Opens a dialog with `opener`, checks it like a screen (axe sees the page with the dialog over it), closes it with Escape. */
async function checkDialog(page: Page, opener: Locator, title: string | RegExp, size: Size) {
  await page.mouse.move(0, 0);
  await opener.click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  await settled(page);
  const where = `dialog '${title}' ${size.width}×${size.height}`;
  await expectNoSeriousA11yViolations(page, where);
  await expectNoSidewaysScroll(page, where);
  await page.screenshot({ path: join(shots, `dialog-${String(title).replace(/\W+/g, '-')}-${size.width}.png`) });
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

/**
 * Every input and select shows the forms kit's look: the controls' border of theme.css
 * (--c-control-border, #7d8799), never a bare browser control beside styled ones.
 */
async function expectOneControlLook(page: Page, where: string) {
  const odd = await page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        'input:not([type="checkbox"], [type="radio"], [type="file"], [type="hidden"]), select, textarea',
      ),
    ]
      .filter((control) => control.offsetParent !== null && control.getAttribute('aria-invalid') !== 'true')
      .filter((control) => getComputedStyle(control).borderTopColor !== 'rgb(125, 135, 153)')
      .map(
        (control) =>
          `${control.tagName.toLowerCase()} ${control.getAttribute('name') ?? control.id}: ${getComputedStyle(control).borderTopColor}`,
      ),
  );
  expect({ where, odd }).toEqual({ where, odd: [] });
}

/** The side navigation's dark column runs the page's full height, however long the page. */
async function expectNavFullHeight(page: Page, where: string) {
  const { nav, pageHeight } = await page.evaluate(() => ({
    nav: document.querySelector('aside.sidenav')!.getBoundingClientRect().height,
    pageHeight: document.scrollingElement!.scrollHeight,
  }));
  expect({ where, fullHeight: nav >= pageHeight - 1 }).toEqual({ where, fullHeight: true });
}

/** The demo's INSS campaign (the one with a queue), for the batch pages. */
async function inssCampaign(page: Page): Promise<Campaign> {
  const { data } = await callApiAs<Campaign[]>(page, suite.product.urls.api, 'GET', '/cadastro/campanhas');
  return data!.find((campaign) => campaign.ID_Orgao === 4)!;
}

async function visitDashboard(page: Page, size: Size) {
  await page.goto(`${app()}/dashboard`);
  await page.locator('a[href^="/atendimento?clientId="]').first().waitFor();
  // The leads panel has column headers; on a phone each lead is a card instead.
  if (size === DESKTOP) {
    const leads = page.getByRole('region', { name: 'Leads' });
    for (const column of ['Cliente', 'Tipo', 'Status', 'Atendente']) await leads.getByText(column, { exact: true }).first().waitFor();
  }
  await checkScreen(page, 'dashboard', size);
}

async function visitAttendance(page: Page, size: Size, role: Role) {
  await page.goto(`${app()}/dashboard`);
  await page.locator('a[href^="/atendimento?clientId="]').first().click();
  await page.getByRole('region', { name: 'Cadastro' }).waitFor();
  await checkScreen(page, `atendimento-${role}`, size);
  // The operation card's Prazo, Parcela, Valor líquido and Saldo devedor included.
  await expectOneControlLook(page, `atendimento-${role}`);
  await checkDialog(page, page.getByRole('button', { name: 'Novo Cliente' }), 'Novo Cliente', size);
}

/** A day of the São Paulo calendar (the product's, docs/rules.md), whatever the machine's zone: '2026-11-26'. */
const dayInSaoPaulo = (daysAgo: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() - daysAgo * 86_400_000));

async function visitFollowup(page: Page, size: Size, role: Role) {
  // The last ten days hold the demo's proposals, also just after midnight.
  await page.goto(`${app()}/acompanhamentos?inicio=${dayInSaoPaulo(10)}&fim=${dayInSaoPaulo(0)}`);
  const rows = page.getByRole('table', { name: 'Atividades recentes' }).locator('tbody tr');
  await rows.first().waitFor();
  // At 1366 px every column and row button fits beside the open navigation and the open filter panel.
  if (size === DESKTOP) {
    await page.getByRole('button', { name: 'Recolher menu' }).waitFor();
    await page.getByRole('button', { name: 'Recolher filtros' }).waitFor();
  }
  await checkScreen(page, `acompanhamentos-${role}`, size);
  await expectOneControlLook(page, `acompanhamentos-${role}`);
  await checkDialog(page, rows.first().locator('button[aria-haspopup="dialog"]').first(), 'Resumo da Proposta', size);
}

async function visitCampaigns(page: Page, size: Size, role: Role) {
  await page.goto(`${app()}/campanhas`);
  const table = page.getByRole('table', { name: 'Campanhas' });
  await table.waitFor();
  await checkScreen(page, `campanhas-${role}`, size);
  if (role === 'atendente') return;
  const campaign = await inssCampaign(page);
  // By text: on a phone each cell's name also carries its column's label.
  const row = table.getByRole('row').filter({ hasText: campaign.CO_Campanha });
  await checkDialog(page, page.getByRole('button', { name: 'Criar campanha' }), 'Criar campanha', size);
  await checkDialog(page, row.getByRole('button', { name: 'Definir atendentes' }), 'Definir atendentes', size);
  await checkDialog(page, row.getByRole('button', { name: 'Ver dados da campanha' }), 'Dados da campanha', size);
  await checkDialog(page, row.getByRole('button', { name: 'Excluir' }), 'Excluir campanha', size);
  await checkDialog(page, row.getByRole('button', { name: 'Enviar dados para a nuvem' }), 'Importar arquivo CSV', size);
}

async function visitBatchPages(page: Page, size: Size, role: Role) {
  const campaign = await inssCampaign(page);
  await page.goto(`${app()}/campanhas/importar-lotes/${campaign.CampanhaID}`);
  await page.getByRole('heading', { name: 'Importar lote próprio' }).waitFor();
  await checkScreen(page, `importar-lotes-${role}`, size);
  await checkDialog(page, page.getByRole('button', { name: 'Importar arquivo' }), 'Importar arquivo CSV', size);

  await page.goto(`${app()}/campanhas/solicitar-lotes-inss/${campaign.CampanhaID}?ID_Orgao=4`);
  await page.getByRole('form', { name: 'Filtros do lote' }).waitFor();
  // The page names the campaign it fills.
  await page.getByText(`${campaign.CO_Campanha} - ${campaign.DE_Campanha}`).waitFor();
  await checkScreen(page, `solicitar-lotes-${role}`, size);
  await expectOneControlLook(page, `solicitar-lotes-${role}`);
  if (size === DESKTOP) await expectNavFullHeight(page, `solicitar-lotes-${role}`);
}

async function visitReports(page: Page, size: Size, role: Role) {
  await page.goto(`${app()}/relatórios`);
  await page
    .getByRole('table', { name: 'Atendentes' })
    .getByRole('row', { name: /Ana Paula Souza/ })
    .waitFor();
  await checkScreen(page, `relatorios-${role}`, size);
  await page.getByRole('tab', { name: 'Relatórios' }).click();
  await page.getByRole('button', { name: 'Gerar relatório' }).click();
  await page.getByRole('figure').first().waitFor();
  await checkScreen(page, `relatorios-periodo-${role}`, size);
}

async function visitCadastros(page: Page, size: Size, role: Role) {
  await page.goto(`${app()}/cadastros`);
  await page.getByRole('tab', { name: 'Pessoas', selected: true }).waitFor();
  await page
    .getByRole('status')
    .filter({ hasText: /pessoa\(s\)/ })
    .waitFor();
  await checkScreen(page, `cadastros-pessoas-${role}`, size);
  await expectOneControlLook(page, `cadastros-pessoas-${role}`);
  await checkDialog(page, page.getByRole('button', { name: 'Nova pessoa' }), 'Nova pessoa', size);
  await page.getByRole('tab', { name: 'Não Me Perturbe' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: /na lista/ })
    .waitFor();
  await checkScreen(page, `cadastros-nao-perturbe-${role}`, size);
  await expectOneControlLook(page, `cadastros-nao-perturbe-${role}`);
  await page.getByRole('tab', { name: 'Telefonia' }).click();
  await page.getByRole('table', { name: 'Números da empresa' }).waitFor();
  await page.getByRole('form', { name: 'Gravações e pós-atendimento' }).waitFor();
  await checkScreen(page, `cadastros-telefonia-${role}`, size);
  await expectOneControlLook(page, `cadastros-telefonia-${role}`);
  if (role !== 'gerente') return;
  await page.getByRole('tab', { name: 'Horários' }).click();
  await page.getByRole('heading', { name: /Feriados nacionais de/ }).waitFor();
  await checkScreen(page, `cadastros-horarios-${role}`, size);
  await expectOneControlLook(page, `cadastros-horarios-${role}`);
  await page.getByRole('tab', { name: 'Taxas' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: /taxa\(s\)/ })
    .waitFor();
  await checkScreen(page, `cadastros-taxas-${role}`, size);
  await expectOneControlLook(page, `cadastros-taxas-${role}`);
  await checkDialog(page, page.getByRole('button', { name: 'Nova taxa' }), 'Nova taxa', size);
  await page.getByRole('tab', { name: 'Titulares (LGPD)' }).click();
  await page.getByLabel('CPF do titular').fill('111.444.777-35');
  await page.getByRole('button', { name: 'Consultar' }).click();
  await page.getByLabel('Registros por categoria').waitFor();
  await checkScreen(page, `cadastros-titulares-${role}`, size);
  await expectOneControlLook(page, `cadastros-titulares-${role}`);
  await page.getByRole('tab', { name: 'Auditoria' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: /registro/ })
    .waitFor();
  await checkScreen(page, `cadastros-auditoria-${role}`, size);
  await expectOneControlLook(page, `cadastros-auditoria-${role}`);
}

async function visitCalendar(page: Page, size: Size, role: Role) {
  await page.goto(`${app()}/calendário`);
  await page.getByRole('group', { name: 'Período' }).waitFor();
  await checkScreen(page, `calendario-${role}`, size);
}

describe.each([DESKTOP, PHONE])('at $width×$height', (size) => {
  test('the sign-in page passes axe, has one h1 and fits', async () => {
    const { context, page, consoleProblems } = await openPage(suite.browser, size);
    await page.goto(`${app()}/`);
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    await checkScreen(page, 'entrar', size);
    expect(consoleProblems).toEqual([]);
    await context.close();
  });

  test.each<Role>(['atendente', 'supervisor', 'gerente'])(
    'every screen and main dialog of the %s passes axe, has one h1, fits, with a clean console',
    async (role) => {
      const { context, page, consoleProblems } = await openPage(suite.browser, size);
      await signInAs(page, role);
      await visitDashboard(page, size);
      await visitAttendance(page, size, role);
      await visitFollowup(page, size, role);
      await visitCampaigns(page, size, role);
      if (role !== 'atendente') await visitBatchPages(page, size, role);
      await visitCalendar(page, size, role);
      if (role !== 'atendente') await visitReports(page, size, role);
      if (role !== 'atendente') await visitCadastros(page, size, role);
      expect(consoleProblems).toEqual([]);
      await context.close();
    },
  );
});
