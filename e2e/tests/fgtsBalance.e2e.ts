import type { BrowserContext, Locator, Page } from 'playwright-core';
import { formatBRL, formatDecimal, makeCpf } from '@consig/shared/format';
// The API's own demo data: the rows the fresh database was seeded with. Read from the source file, as e2e does
// not depend on the API package (the product runs it as a separate process).
// eslint-disable-next-line import-x/no-relative-packages -- see above
import { DEMO_CLIENTS } from '../../api/src/db/demoData';
import { collectPageErrors, signIn } from '../support/browser';
import { useProductAndBrowser } from '../support/suite';
import { callApiAs } from '../support/api';

/**
 * 'Verificar' on the FGTS card (product-spec §6, §7 /crm/fgts/saldo, §4 "Operation update from a push") against
 * the real API and its built-in balance provider: the request is answered at once, the balance arrives over /ws
 * as alert 1087, the warning toast says what changed and the card shows the new figures without a reload.
 */
const suite = useProductAndBrowser();
let context: BrowserContext;
let page: Page;
let errors: string[];

interface Operation {
  OperacaoID: number;
  ID_TipoCredito: number;
  NU_Parcelas: number;
  VL_BaseCalculo: string;
  DE_Bruto: string;
  DE_Liquido: string;
  DE_Mensagem: string | null;
}

const FGTS = 4;
const INSS_AGENCY = 4;

const api = <T>(method: 'GET' | 'POST', path: string) => callApiAs<T>(page, suite.product.urls.api, method, path);

/** The first demo client of the attendant's company with an FGTS operation and agency 4: the button's condition (§6). */
async function clientWithFgtsCheck(): Promise<{ clientId: number; operationId: number }> {
  for (const client of DEMO_CLIENTS.filter((candidate) => candidate.company === 1 && candidate.agency === INSS_AGENCY)) {
    const { data } = await api<{ cliente: { ClienteID: number } }>('GET', `/crm/cliente/basico/${makeCpf(client.cpfBase)}`);
    const clientId = data!.cliente.ClienteID;
    const operations = (await api<Operation[]>('GET', `/crm/cliente/operacoes/${clientId}`)).data!;
    const fgts = operations.find((operation) => operation.ID_TipoCredito === FGTS);
    if (fgts) return { clientId, operationId: fgts.OperacaoID };
  }
  throw new Error('The demo data has no company-1 client of agency 4 (ID_Orgao 4) with an FGTS operation: this test needs one.');
}

/** The text of a <dd> beside its <dt> inside a region. */
const figure = (region: Locator, label: string) =>
  region.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
/** Waits until an element's text is `expected` (the screen applied the pushed update). */
async function untilText(element: Locator, expected: string) {
  const handle = await element.elementHandle();
  await page.waitForFunction(([node, text]) => (node as HTMLElement).textContent === text, [handle, expected] as const);
}

beforeAll(async () => {
  context = await suite.browser.newContext();
  page = await context.newPage();
  errors = collectPageErrors(page);
  await signIn(page, suite.product.urls.app, 'atendente@demo.com.br', 'Atendente@123');
  await page.waitForURL(`${suite.product.urls.app}/dashboard`);
});
afterAll(async () => {
  await context?.close();
});

test("'Verificar' answers at once, then the balance arrives as a warning and the FGTS card shows it without a reload", async () => {
  const { clientId, operationId } = await clientWithFgtsCheck();
  await page.goto(`${suite.product.urls.app}/atendimento?clientId=${clientId}`);
  await page.getByRole('tab', { name: 'FGTS' }).click();
  const card = page.getByRole('region', { name: /^FGTS/ });
  await card.waitFor();
  // A reload would lose this mark.
  await page.evaluate(() => ((window as unknown as { fgtsMark: boolean }).fgtsMark = true));

  await page.getByRole('button', { name: 'Verificar' }).click();
  await page.getByRole('status').filter({ hasText: 'Consulta de saldo FGTS solicitada. O resultado chega em instantes.' }).waitFor();
  const warning = page.getByRole('alert').filter({ hasText: 'Saldo FGTS atualizado:' });
  await warning.waitFor({ timeout: 30_000 });

  // What the screen must show is what the API now answers for the operation.
  const updated = (await api<Operation[]>('GET', `/crm/cliente/operacoes/${clientId}`)).data!.find(
    (operation) => operation.OperacaoID === operationId,
  )!;
  expect(updated.DE_Mensagem).toBeNull();
  await expect(warning.textContent()).resolves.toContain(
    `Saldo FGTS atualizado: R$ ${formatDecimal(updated.VL_BaseCalculo)}. Antecipação de até ${updated.NU_Parcelas} anos: ${updated.DE_Liquido} líquidos.`,
  );
  await untilText(figure(card, 'Líquido'), updated.DE_Liquido);
  await expect(figure(card, 'Bruto').textContent()).resolves.toBe(updated.DE_Bruto);
  await expect(card.getByLabel('Parcelas antecipadas').inputValue()).resolves.toBe(String(updated.NU_Parcelas));
  await expect(figure(page.getByRole('region', { name: 'Resumo' }), 'Base de cálculo').textContent()).resolves.toBe(
    formatBRL(updated.VL_BaseCalculo),
  );
  await expect(page.evaluate(() => (window as unknown as { fgtsMark?: boolean }).fgtsMark)).resolves.toBe(true);
  expect(errors).toEqual([]);
});
