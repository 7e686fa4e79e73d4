import { once } from 'node:events';
import type { ChildProcess } from 'node:child_process';
import type { Page, WebSocket } from 'playwright-core';
import { makeCpf } from '@consig/shared/format';
// The API's own demo data: the rows the fresh database was seeded with. Read from the source file, as e2e does
// not depend on the API package (the product runs it as a separate process).
// eslint-disable-next-line import-x/no-relative-packages -- see above
import { DEMO_CLIENTS } from '../../api/src/db/demoData';
import { callApiAs } from '../support/api';
import { collectPageErrors, signIn } from '../support/browser';
import { useProductAndBrowser } from '../support/suite';

/**
 * The realtime channel survives an API restart (product-spec §4 "Realtime channel"): the API process
 * dies while a page is open, the launcher starts it again (as `npm start` does), the page's socket reconnects
 * by itself, sending the token first, and an alert pushed after the restart reaches the page as a warning
 * toast, all without a reload.
 */
const suite = useProductAndBrowser();

const FGTS = 4;
const INSS_AGENCY = 4;
const GREETING = 'Conexão estabelecida.';
/** What the browser reports for a connection cut without a close frame (product-spec §8: a warning). */
const OUTAGE_WARNING = 'Ws: Erro de conexão. Code: 1006. reason=';

/** The demo FGTS operation of a company-1 INSS client: POST /crm/fgts/saldo on it pushes alert 1087 over /ws. */
async function fgtsOperation(page: Page) {
  const api = <T>(path: string) => callApiAs<T>(page, suite.product.urls.api, 'GET', path);
  for (const client of DEMO_CLIENTS.filter((candidate) => candidate.company === 1 && candidate.agency === INSS_AGENCY)) {
    const cpf = makeCpf(client.cpfBase);
    const clientId = (await api<{ cliente: { ClienteID: number } }>(`/crm/cliente/basico/${cpf}`)).data!.cliente.ClienteID;
    const operations = (await api<{ OperacaoID: number; ID_TipoCredito: number }[]>(`/crm/cliente/operacoes/${clientId}`)).data!;
    const fgts = operations.find((operation) => operation.ID_TipoCredito === FGTS);
    if (fgts) return { ClienteID: clientId, CO_CPF: cpf, OperacaoID: fgts.OperacaoID, DE_Telefone: '' };
  }
  throw new Error('The demo data has no company-1 client of agency 4 with an FGTS operation: this test needs one.');
}

/** Every /ws socket the page opens, with the frames it sent and received, in order. */
function recordSockets(page: Page) {
  const sockets: { socket: WebSocket; sent: string[]; received: string[] }[] = [];
  page.on('websocket', (socket) => {
    if (new URL(socket.url()).pathname !== '/ws') return;
    const record = { socket, sent: [] as string[], received: [] as string[] };
    socket.on('framesent', ({ payload }) => record.sent.push(String(payload)));
    socket.on('framereceived', ({ payload }) => record.received.push(String(payload)));
    sockets.push(record);
  });
  return sockets;
}

test('after an API restart the socket reconnects by itself and a push sent afterwards arrives, without a reload', async () => {
  const { product, browser } = suite;
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const sockets = recordSockets(page);
    const app = product.urls.app;

    await signIn(page, app, 'atendente@demo.com.br', 'Atendente@123');
    await page.waitForURL(`${app}/dashboard`);
    const greeting = page.getByText(GREETING, { exact: true });
    await greeting.waitFor();
    const token = await page.evaluate(() => localStorage.getItem('consig.token'));
    expect(sockets).toHaveLength(1);
    expect(sockets[0].sent).toEqual([token]);
    // Gone before the restart, so the greeting seen afterwards is the reconnection's.
    await greeting.waitFor({ state: 'detached' });
    // A reload would lose this mark.
    await page.evaluate(() => ((window as unknown as { realtimeMark: boolean }).realtimeMark = true));

    // The API crashes; the launcher starts it again on the same port and database (tooling/product.js).
    const api = product.api as typeof product.api & { child: ChildProcess };
    const restarted = once(api, 'restarted');
    const launcherLines = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    api.child.kill('SIGKILL');
    await page.getByText(OUTAGE_WARNING, { exact: true }).waitFor();
    await restarted;
    expect(launcherLines.mock.calls.map(([line]) => String(line))).toEqual([
      expect.stringMatching(/^A API terminou inesperadamente .*; reiniciando em/),
    ]);
    launcherLines.mockRestore();

    await greeting.waitFor({ timeout: 60_000 });
    const current = sockets.at(-1)!;
    expect(current).not.toBe(sockets[0]);
    expect(current.sent).toEqual([token]);
    expect(sockets.filter((record) => !record.socket.isClosed())).toEqual([current]);

    // A push sent after the restart: the balance check answers at once, its alert comes over the new socket.
    const requested = await callApiAs(page, product.urls.api, 'POST', '/crm/fgts/saldo', await fgtsOperation(page));
    expect(requested.success).toBe(true);
    const alert = page.getByRole('alert').filter({ hasText: 'Saldo FGTS atualizado:' });
    await alert.waitFor({ timeout: 30_000 });
    expect(current.received.some((frame) => frame.includes('Saldo FGTS atualizado:'))).toBe(true);
    await expect(page.evaluate(() => (window as unknown as { realtimeMark?: boolean }).realtimeMark)).resolves.toBe(true);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 180_000);
