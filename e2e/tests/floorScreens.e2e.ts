import { callApiAs } from '../support/api';
import { signedInPage } from '../support/browser';
import { useProductAndBrowser } from '../support/suite';

/**
 * The floor's other screens against the real API: the callback calendar moves a callback (an attendant's own,
 * made by a 305 outcome through the API), and the period reports draw their charts from the figures of a day.
 */
const suite = useProductAndBrowser();

const signedIn = (email: string, password: string) =>
  signedInPage(suite.browser, suite.product.urls.app, email, password, { timezoneId: 'America/Sao_Paulo' });

/** YYYY-MM-DD of São Paulo's calendar `days` from today. */
const saoPauloDay = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });

test('the calendar shows an attendant’s callback on its day and moves it to another slot', async () => {
  const { page, errors } = await signedIn('atendente3@demo.com.br', 'Atendente@123');
  const api = <T>(method: 'GET' | 'PUT', path: string, body?: unknown) => callApiAs<T>(page, suite.product.urls.api, method, path, body);
  // A callback for tomorrow at 10:00, as 'Retornar ligação' records it.
  const next = await api<{ cliente: { ClienteID: number } } | null>('GET', '/crm/cliente/proximo');
  expect(next.data).not.toBeNull();
  const tomorrow = saoPauloDay(1);
  const outcome = await api('PUT', '/crm/tabulacao/cliente', {
    ID_Status: 305,
    ID_Cliente: next.data!.cliente.ClienteID,
    DT_Retorno: `${tomorrow}T10:00:00-03:00`,
  });
  expect(outcome.success).toBe(true);

  await page.getByRole('navigation').getByRole('link', { name: 'Calendário' }).click();
  await page.getByRole('button', { name: 'Dia' }).waitFor();
  await page.goto(`${suite.product.urls.app}/calendário?dia=${tomorrow}&visao=dia`);
  const move = page.getByRole('button', { name: /^Reagendar retorno de / });
  await move.waitFor();
  const client = (await move.textContent())!.replace(/^Reagendar retorno de /, '').trim();
  await move.click();
  const dialog = page.getByRole('dialog', { name: 'Reagendar retorno' });
  await dialog.getByLabel('Data').fill(tomorrow);
  await dialog.getByLabel('Hora').fill('15:30');
  await dialog.getByRole('button', { name: /Reagendar|Salvar|Confirmar/ }).click();
  await page
    .getByText(/^Retorno reagendado para \d{2}\/\d{2}\/\d{4} 15:30\.$/)
    .first()
    .waitFor();
  await dialog.waitFor({ state: 'detached' });
  // The API keeps it at the new slot, and the calendar shows it there.
  const { data } = await api<{ ClienteID: number; TS_Retorno: string }[]>('GET', `/crm/retornos?inicio=${tomorrow}&fim=${tomorrow}`);
  expect(data!.map((callback) => callback.TS_Retorno.slice(11, 16))).toEqual(['15:30']);
  await page.getByText('15:30').first().waitFor();
  await page.getByRole('link', { name: `Abrir cliente ${client}` }).waitFor();
  expect(errors).toEqual([]);
  await page.context().close();
});

test("the period report of today draws its charts and its table from the day's figures", async () => {
  const { page, errors } = await signedIn('supervisor@demo.com.br', 'Supervisor@123');
  await page.goto(`${suite.product.urls.app}/relatórios?aba=relatorios`);
  await page.getByRole('tab', { name: 'Relatórios', selected: true }).waitFor();
  await page.getByRole('button', { name: 'Gerar relatório' }).click();
  // Four charts, each a figure with its caption and a canvas Chart.js drew on (read as an image with a summary).
  await page.getByRole('img').first().waitFor();
  expect(await page.getByRole('figure').count()).toBe(4);
  const drawn = await page.evaluate(() =>
    [...document.querySelectorAll('canvas')].map((canvas) => {
      const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      return pixels.some((value, index) => index % 4 === 3 && value > 0);
    }),
  );
  // Calls, talk time and outcomes have figures today (the 305 above); a chart without any says so in words.
  expect(drawn.length).toBeGreaterThanOrEqual(3);
  expect(drawn.every(Boolean)).toBe(true);
  await page.getByRole('row', { name: /^Total/ }).waitFor();
  expect(errors).toEqual([]);
  await page.context().close();
});
