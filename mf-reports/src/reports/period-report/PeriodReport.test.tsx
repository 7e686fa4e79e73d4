import { REPORT_TEXT, session } from '@consig/shared';
import { renderScreen, routerLocation, signIn } from '@consig/shared/testing';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { aBucket, aReport, reportAnswer, serveReports, someFigures } from '../../testing/reportServer';
import Reports from '../Reports';

// jsdom draws no canvas: the chart component is a stand-in that keeps what assistive technology gets (an image
// named by the chart's sentence). The sentences and series themselves are tested in charts/chartData.test.ts.
jest.mock('./charts/ChartCanvas', () => ({
  ChartCanvas: ({ label }: { label: string }) => <canvas role="img" aria-label={label} />,
}));

// 22:30 of 16 March in São Paulo, already the 17th in UTC: the dates start on São Paulo's day.
const NOW = Date.parse('2026-03-17T01:30:00.000Z');

let server: ReturnType<typeof serveReports> | undefined;
function serve(options: Parameters<typeof serveReports>[0] = {}) {
  server = serveReports(options);
  return server;
}

beforeEach(() => {
  jest.useFakeTimers({ now: NOW });
  signIn({ ID_Funcao: 12 });
});
afterEach(() => {
  server?.restore();
  server = undefined;
  session.signOut();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

/** Lets the answers (and the charts' chunk) under way arrive and render, without moving the clock. */
const settle = async () => {
  for (let round = 0; round < 3; round += 1) await act(() => jest.advanceTimersByTimeAsync(0));
};

async function renderReports(url = '/relatórios?aba=relatorios') {
  const view = renderScreen(<Reports />, url);
  await settle();
  return view;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement;
const change = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const optionsOf = (label: string) =>
  within(field(label))
    .getAllByRole('option')
    .map((option) => option.textContent);
async function generate() {
  fireEvent.click(screen.getByRole('button', { name: 'Gerar relatório' }));
  await settle();
}
/** The error a screen reader reads with a field: the element its aria-describedby names. */
const errorOf = (label: string) => {
  const id = field(label).getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};

const cards = () =>
  within(screen.getByRole('region', { name: 'Resumo' }))
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
/** A table's rows as their cells' texts (row header first), header row included. */
const rowsOf = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('tabs', () => {
  test("'Relatórios' sits beside 'Ao vivo'; arrows move between them and the address keeps the tab", async () => {
    serve();
    await renderReports('/relatórios');
    const live = screen.getByRole('tab', { name: 'Ao vivo' });
    const reports = screen.getByRole('tab', { name: 'Relatórios' });
    expect(within(screen.getByRole('tablist', { name: 'Relatórios' })).getAllByRole('tab')).toEqual([live, reports]);
    expect(live.getAttribute('aria-selected')).toBe('true');
    expect(reports.getAttribute('aria-selected')).toBe('false');
    expect(reports.tabIndex).toBe(-1);

    live.focus();
    fireEvent.keyDown(live, { key: 'ArrowRight' });
    await settle();
    expect(reports.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(reports);
    expect(screen.getByRole('tabpanel', { name: 'Relatórios' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Filtros do relatório' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Atendentes' })).toBeNull();
    expect(routerLocation.current).toMatch(/\?aba=relatorios$/);

    fireEvent.keyDown(reports, { key: 'ArrowRight' }); // wraps around to the first
    await settle();
    expect(live.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(live);
    expect(routerLocation.current).not.toContain('aba=');
    expect(screen.getByRole('tabpanel', { name: 'Ao vivo' })).toBeTruthy();

    fireEvent.keyDown(live, { key: 'End' });
    await settle();
    expect(reports.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(live);
    await settle();
    expect(live.getAttribute('aria-selected')).toBe('true');
  });

  test('an address with ?aba=relatorios (a reload) opens on the report tab, asking nothing yet', async () => {
    const { reportReads } = serve();
    await renderReports('/relatórios?aba=relatorios');
    expect(screen.getByRole('tab', { name: 'Relatórios' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Relatórios' })).toBeTruthy();
    expect(server?.requests).not.toContain('GET /relatorios/ao-vivo');
    expect(reportReads()).toEqual([]);
    expect(screen.getByText("Escolha o período e os filtros e clique em 'Gerar relatório'.")).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Exportar CSV' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

test("the filters start on today in São Paulo and 'Gerar relatório' asks for exactly what they say", async () => {
  const { reportReads } = serve();
  await renderReports();
  expect(field('Início').value).toBe('2026-03-16');
  expect(field('Fim').value).toBe('2026-03-16');
  expect(field('Início').type).toBe('date');
  expect(optionsOf('Campanha')).toEqual(['Todas', 'FGTS Abril', 'INSS Março']);
  expect(optionsOf('Atendente')).toEqual(['Todos', 'Ana Souza', 'Bruno Alves']);
  expect(optionsOf('Agrupar por')).toEqual(['Dia', 'Hora do dia']);

  await generate();
  expect(reportReads()).toEqual(['GET /relatorios/periodo?inicio=2026-03-16&fim=2026-03-16&agrupar=dia']);

  change('Início', '2026-03-01');
  change('Campanha', '3');
  change('Atendente', '7');
  change('Agrupar por', 'hora');
  await generate();
  expect(reportReads()).toEqual([
    'GET /relatorios/periodo?inicio=2026-03-16&fim=2026-03-16&agrupar=dia',
    'GET /relatorios/periodo?inicio=2026-03-01&fim=2026-03-16&ID_Campanha=3&ID_Atendente=7&agrupar=hora',
  ]);

  // The same filters again: the report is read anew (today's figures keep growing).
  await generate();
  expect(reportReads()).toHaveLength(3);
  expect(reportReads()[2]).toBe(reportReads()[1]);

  // Back to 'Todas': the campaign leaves the query.
  change('Campanha', '');
  await generate();
  expect(reportReads()[3]).toBe('GET /relatorios/periodo?inicio=2026-03-01&fim=2026-03-16&ID_Atendente=7&agrupar=hora');
});

test("a period the API would refuse is said under 'Fim' with its texts, and nothing is asked", async () => {
  const { reportReads } = serve();
  await renderReports();

  change('Início', '2026-03-10');
  change('Fim', '2026-03-09');
  await generate();
  expect(errorOf('Fim')).toBe(REPORT_TEXT.invalidPeriod);
  expect(field('Fim').getAttribute('aria-invalid')).toBe('true');

  change('Início', '2025-02-10'); // 2025-02-10 … 2026-03-09: 393 days, fine …
  await settle();
  expect(errorOf('Fim')).toBeUndefined();
  change('Início', '2025-02-05'); // … 2025-02-05 … 2026-03-09: 398 days, one too many
  await settle();
  expect(errorOf('Fim')).toBe(REPORT_TEXT.periodTooLong);
  await generate();
  expect(errorOf('Fim')).toBe(REPORT_TEXT.periodTooLong);

  change('Início', '');
  await generate();
  expect(errorOf('Início')).toBe(REPORT_TEXT.invalidPeriod);
  expect(reportReads()).toEqual([]);

  change('Início', '2025-02-06'); // 397 days: the longest period there is
  await generate();
  expect(errorOf('Início')).toBeUndefined();
  expect(errorOf('Fim')).toBeUndefined();
  expect(reportReads()).toEqual(['GET /relatorios/periodo?inicio=2025-02-06&fim=2026-03-09&agrupar=dia']);
});

test("the summary shows the period's totals and the rates derived from them", async () => {
  serve();
  await renderReports();
  await generate();
  expect(cards()).toEqual([
    ['Tentativas', '60'],
    ['Atendidas', '16'],
    ['Taxa de contato', '26,7%'],
    ['Tempo médio falado', '02:30'],
    ['Tempo total falado', '0:40:00'],
    ['Propostas', '3'],
    ['Valor', 'R$ 20.000,00'],
    ['Conversão', '18,8%'],
    ['Ocupação', '7,6%'],
    ['Tempo logado', '12:00:00'],
    ['Em pausa', '1:30:00'],
  ]);
});

test("a rate whose whole is 0 shows '—', in the summary and in the table", async () => {
  // Only inbound calls nobody answered, and nobody signed in: no attempts, no answers, no time logged.
  const quiet = someFigures({ NU_Recebidas: 3 });
  serve({ report: () => reportAnswer(aReport({ totais: quiet, linhas: [aBucket('2026-03-16', { NU_Recebidas: 3 })], numeros: [] })) });
  await renderReports();
  await generate();
  expect(cards()).toEqual([
    ['Tentativas', '0'],
    ['Atendidas', '0'],
    ['Taxa de contato', '—'],
    ['Tempo médio falado', '—'],
    ['Tempo total falado', '0:00:00'],
    ['Propostas', '0'],
    ['Valor', 'R$ 0,00'],
    ['Conversão', '—'],
    ['Ocupação', '—'],
    ['Tempo logado', '0:00:00'],
    ['Em pausa', '0:00:00'],
  ]);
  expect(rowsOf('Por dia')[2]).toEqual(['Total', '0', '0', '3', '—', '0:00:00', '—', '0', 'R$ 0,00', '—', '0:00:00', '0:00:00', '—']);
  expect(rowsOf('Números de saída (Anatel)').slice(1)).toEqual([['Nenhuma ligação de saída no período.']]);
});

test('the table has a row per day with activity, then the Total', async () => {
  serve();
  await renderReports();
  await generate();
  expect(rowsOf('Por dia')).toEqual([
    [
      'Dia',
      'Tentativas',
      'Atendidas',
      'Recebidas',
      'Taxa de contato',
      'Tempo falado',
      'Tempo médio falado',
      'Propostas',
      'Valor',
      'Conversão',
      'Tempo logado',
      'Em pausa',
      'Ocupação',
    ],
    ['02/03/2026', '40', '10', '2', '25%', '0:25:00', '02:30', '2', 'R$ 15.320,50', '20%', '8:00:00', '1:00:00', '7,3%'],
    ['04/03/2026', '20', '6', '0', '30%', '0:15:00', '02:30', '1', 'R$ 4.679,50', '16,7%', '4:00:00', '0:30:00', '8,3%'],
    ['Total', '60', '16', '2', '26,7%', '0:40:00', '02:30', '3', 'R$ 20.000,00', '18,8%', '12:00:00', '1:30:00', '7,6%'],
  ]);
  expect(screen.getAllByRole('rowheader').map((header) => header.textContent)).toContain('Total');
});

test("by hour of the day, the rows are the hours ('09h') under 'Hora'", async () => {
  serve({
    report: () =>
      reportAnswer(
        aReport({
          agrupar: 'hora',
          linhas: [aBucket('09', { NU_Tentativas: 5, NU_Atendidas: 1 }), aBucket('14', { NU_Tentativas: 55, NU_Atendidas: 15 })],
        }),
      ),
  });
  await renderReports();
  change('Agrupar por', 'hora');
  await generate();
  const rows = rowsOf('Por hora do dia');
  expect(rows.map((row) => row.slice(0, 3))).toEqual([
    ['Hora', 'Tentativas', 'Atendidas'],
    ['09h', '5', '1'],
    ['14h', '55', '15'],
    ['Total', '60', '16'],
  ]);
  expect(screen.getByRole('figure', { name: 'Tentativas, atendidas e taxa de contato por hora do dia' })).toBeTruthy();
});

test('caller numbers with more than half short calls are flagged in words, with what Anatel does', async () => {
  serve();
  await renderReports();
  await generate();
  expect(rowsOf('Números de saída (Anatel)')).toEqual([
    ['Número', 'Dia', 'Ligações', 'Curtas (até 6 s)', 'Curtas (%)'],
    ['(11) 3003-0303', '02/03/2026', '30', '20', '66,7% acima de 50% de chamadas curtas'],
    ['(11) 98765-4321', '02/03/2026', '10', '2', '20%'],
    ['(11) 3003-0303', '04/03/2026', '20', '10', '50%'],
  ]);
  const table = screen.getByRole('table', { name: 'Números de saída (Anatel)' });
  expect(screen.getAllByText('acima de 50% de chamadas curtas')).toHaveLength(1);
  expect(within(table).getAllByRole('row')[1].className).toContain('rp-row--warning');
  expect(within(table).getAllByRole('row')[3].className).not.toContain('rp-row--warning');
  const note = 'A Anatel pode bloquear números com 85% ou mais de chamadas de até 6 segundos em volumes de 100 mil por dia.';
  expect(screen.getByText(note)).toBeTruthy();
  expect(document.getElementById(table.getAttribute('aria-describedby') ?? '')?.textContent).toBe(note);
});

test('the charts come with the report, each a figure with its caption and its figures in words', async () => {
  serve();
  await renderReports();
  await generate();
  const chart = (caption: string) => within(screen.getByRole('figure', { name: caption }));
  expect(chart('Tentativas, atendidas e taxa de contato por dia').getByRole('img').getAttribute('aria-label')).toBe(
    '3 dias: 60 tentativas e 16 atendidas, taxa de contato 26,7%. Mais tentativas em 02/03/2026 (40).',
  );
  expect(chart('Tempo falado por dia').getByRole('img').getAttribute('aria-label')).toBe(
    'Tempo falado no período: 0:40:00. Maior em 02/03/2026 (0:25:00).',
  );
  expect(chart('Resultados das ligações').getByRole('img').getAttribute('aria-label')).toBe(
    '13 resultados. Não atende: 5 (38,5%); Sem interesse: 4 (30,8%); Virou cliente: 3 (23,1%); Sem margem: 1 (7,7%).',
  );
  expect(chart('Tempo em pausa por motivo').getByRole('img').getAttribute('aria-label')).toBe('Almoço: 1:00:00; Banheiro: 0:30:00.');
});

test("'Exportar CSV' downloads the report shown, with its own filters, under the API's file name", async () => {
  const saved: string[] = [];
  Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => undefined });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  const { csvReads } = serve();
  await renderReports();
  const exportButton = () => screen.getByRole('button', { name: 'Exportar CSV' }) as HTMLButtonElement;
  expect(exportButton().disabled).toBe(true);

  change('Início', '2026-03-01');
  change('Campanha', '4');
  await generate();
  // Filters changed but not generated: the CSV is still the report on the screen.
  change('Agrupar por', 'hora');
  expect(exportButton().disabled).toBe(false);
  fireEvent.click(exportButton());
  await settle();

  expect(csvReads()).toEqual(['GET /relatorios/periodo/csv?inicio=2026-03-01&fim=2026-03-16&ID_Campanha=4&agrupar=dia']);
  expect(saved).toEqual(['relatorio-2026-03-16.csv']);
});

test("says so when the period had no activity, and shows the API's refusal with a way to try again", async () => {
  let answer = reportAnswer(aReport({ totais: someFigures(), linhas: [], resultados: [], pausas: [], numeros: [] }));
  const { reportReads } = serve({ report: () => answer });
  await renderReports();
  await generate();
  expect(screen.getByText('Nenhuma atividade no período.')).toBeTruthy();
  expect(screen.queryByRole('region', { name: 'Resumo' })).toBeNull();
  expect(screen.queryByRole('table')).toBeNull();

  answer = { status: 400, body: { success: false, text: REPORT_TEXT.periodTooLong } };
  change('Início', '2026-03-01');
  await generate();
  expect(screen.getByRole('alert').textContent).toContain(REPORT_TEXT.periodTooLong);
  expect((screen.getByRole('button', { name: 'Exportar CSV' }) as HTMLButtonElement).disabled).toBe(true);

  answer = reportAnswer();
  fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
  await settle();
  expect(reportReads()).toHaveLength(3);
  expect(screen.queryByRole('alert')).toBeNull();
  expect(cards()[0]).toEqual(['Tentativas', '60']);
});

test('shows the loading indicator until the report arrives', async () => {
  let arrive: (answer: { body: unknown }) => void = () => undefined;
  serve({ report: () => new Promise((resolve) => (arrive = resolve)) });
  await renderReports();
  await generate();
  expect(screen.getByRole('status').textContent).toBe('Carregando...');
  await act(async () => arrive({ body: { success: true, text: '', data: aReport() } }));
  await settle();
  expect(screen.queryByText('Carregando...')).toBeNull();
  expect(cards()).toHaveLength(11);
});
