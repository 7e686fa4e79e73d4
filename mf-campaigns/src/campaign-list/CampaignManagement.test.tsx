import { session, type Campaign } from '@consig/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { fakeApi, renderScreen, routerLocation, signIn, type FakeAnswer } from '@consig/shared/testing';
import { CampaignListPage } from './CampaignListPage';

const campaign = (CampanhaID: number, ID_Orgao: number, ID_Status = 26, ID_NumeroSaida: number | null = null): Campaign => ({
  CampanhaID,
  CO_Campanha: `CMP-000${CampanhaID}`,
  DE_Campanha: `Campanha ${CampanhaID}`,
  ID_Orgao,
  ID_Status,
  importacao: null,
  NU_Higienizados: 0,
  NU_Importados: 0,
  TS_Baixa: null,
  TS_Solicitacao: null,
  ID_NumeroSaida,
});

/** The company's numbers (GET /cadastro/numeros), the main one first. */
const NUMBERS = [
  { ID_Numero: 7, NU_Numero: '1130030303', DE_Numero: 'Central SP', SN_Principal: 1, SN_Entrada: 1 },
  { ID_Numero: 8, NU_Numero: '1140044004', DE_Numero: 'Campanhas INSS', SN_Principal: 0, SN_Entrada: 1 },
  { ID_Numero: 9, NU_Numero: '03031234567', DE_Numero: '', SN_Principal: 0, SN_Entrada: 0 },
];

const envelope = (data: unknown, text = '') => ({ body: { success: true, text, data } });

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/** A fake API of the campaign screens: the list, agencies, attendants; writes recorded and answered `answers[url]`. */
function serve(answers: Record<string, FakeAnswer> = {}) {
  const writes: Sent[] = [];
  const server = fakeApi((request) => {
    const method = request.method?.toUpperCase() ?? 'GET';
    const url = request.url ?? '';
    if (method !== 'GET') writes.push({ method, url, body: request.data ? JSON.parse(request.data as string) : undefined });
    const key = `${method} ${url}`;
    if (key in answers) return answers[key]!;
    if (url === '/cadastro/campanhas') return envelope([campaign(1, 4, 26, 8), campaign(2, 1), campaign(3, 2)]);
    if (url === '/cadastro/numeros') return envelope(NUMBERS);
    if (url === '/atendente') return envelope([]);
    if (url === '/cadastro/orgaos')
      return envelope([
        { OrgaoID: 1, DE_Orgao: 'FGTS' },
        { OrgaoID: 4, DE_Orgao: 'INSS' },
      ]);
    return { status: 404, body: { success: false, text: 'Recurso não encontrado.' } };
  });
  const listReads = () => server.requests.filter((request) => request === 'GET /cadastro/campanhas').length;
  return { server, writes, listReads };
}

let api: ReturnType<typeof serve>;

beforeEach(() => signIn({ ID_Funcao: 12 }));
afterEach(() => {
  api?.server.restore();
  session.signOut();
  jest.restoreAllMocks();
});

const rowOf = (code: string) => within(screen.getByRole('cell', { name: code }).closest('tr')!);

async function openList() {
  renderScreen(<CampaignListPage />, '/campanhas', '/campanhas/*');
  await screen.findByRole('table', { name: 'Campanhas' });
}

test('"Criar campanha" shows both required messages, then creates and refreshes the list', async () => {
  api = serve({ 'POST /cadastro/campanha': envelope({ CampanhaID: 9, CO_Campanha: 'CMP-0009' }, 'Campanha CMP-0009 criada.') });
  const success = jest.spyOn(toast, 'success');
  await openList();
  fireEvent.click(screen.getByRole('button', { name: 'Criar campanha' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Criar campanha' }));
  await dialog.findByRole('option', { name: 'INSS' });

  await act(async () => void fireEvent.click(dialog.getByRole('button', { name: 'Criar' })));
  expect(await dialog.findByText('Este campo é obrigatório.')).toBeTruthy();
  expect(dialog.getByText('Selecione um tipo.')).toBeTruthy();
  expect(api.writes).toEqual([]);

  const before = api.listReads();
  fireEvent.change(dialog.getByLabelText('Nome da campanha'), { target: { value: 'Aposentados SP' } });
  fireEvent.change(dialog.getByLabelText('Tipo'), { target: { value: '4' } });
  await act(async () => void fireEvent.click(dialog.getByRole('button', { name: 'Criar' })));

  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(api.writes).toEqual([{ method: 'POST', url: '/cadastro/campanha', body: { DE_Campanha: 'Aposentados SP', ID_Orgao: 4 } }]);
  expect(success).toHaveBeenCalledWith('Campanha CMP-0009 criada.', { duration: 3000 });
  await waitFor(() => expect(api.listReads()).toBeGreaterThan(before));
});

test.each([
  ['Iniciar', 'PUT', '/cadastro/campanha/1/iniciar', undefined, envelope({ CampanhaID: 1, ID_Status: 35 }, 'Campanha iniciada.')],
  ['Pausar', 'PUT', '/cadastro/campanha/1/pausar', undefined, envelope({ CampanhaID: 1, ID_Status: 58 }, 'Campanha pausada.')],
  [
    'Duplicar',
    'POST',
    '/cadastro/campanha/duplicar',
    { CampanhaID: 1 },
    envelope({ CampanhaID: 4, CO_Campanha: 'CMP-0004' }, 'Campanha duplicada.'),
  ],
])('"%s" sends its request, toasts the server text for 3000 ms and refreshes the list', async (label, method, url, body, answer) => {
  api = serve({ [`${method} ${url}`]: answer });
  const success = jest.spyOn(toast, 'success');
  await openList();
  const button = rowOf('CMP-0001').getByRole('button', { name: label });
  expect(button.getAttribute('title')).toBe(label);
  const before = api.listReads();
  await act(async () => void fireEvent.click(button));

  await waitFor(() => expect(success).toHaveBeenCalledWith(answer.body.text, { duration: 3000 }));
  expect(api.writes).toEqual([{ method, url, body }]);
  await waitFor(() => expect(api.listReads()).toBeGreaterThan(before));
});

test('a refused action shows the server text as an error toast for 3000 ms', async () => {
  api = serve({
    'PUT /cadastro/campanha/1/pausar': { status: 409, body: { success: false, text: 'Só é possível pausar uma campanha em andamento.' } },
  });
  const error = jest.spyOn(toast, 'error');
  await openList();
  await act(async () => void fireEvent.click(rowOf('CMP-0001').getByRole('button', { name: 'Pausar' })));
  await waitFor(() => expect(error).toHaveBeenCalledWith('Só é possível pausar uma campanha em andamento.', { duration: 3000 }));
});

test('"Excluir" asks first: Cancelar sends nothing, Excluir deletes and refreshes', async () => {
  api = serve({ 'DELETE /cadastro/campanha/1': envelope(null, 'Campanha excluída.') });
  await openList();
  fireEvent.click(rowOf('CMP-0001').getByRole('button', { name: 'Excluir' }));
  let dialog = within(await screen.findByRole('dialog', { name: 'Excluir campanha' }));
  fireEvent.click(dialog.getByRole('button', { name: 'Cancelar' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(api.writes).toEqual([]);

  fireEvent.click(rowOf('CMP-0001').getByRole('button', { name: 'Excluir' }));
  dialog = within(await screen.findByRole('dialog', { name: 'Excluir campanha' }));
  const before = api.listReads();
  await act(async () => void fireEvent.click(dialog.getByRole('button', { name: 'Excluir' })));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(api.writes).toEqual([{ method: 'DELETE', url: '/cadastro/campanha/1', body: undefined }]);
  await waitFor(() => expect(api.listReads()).toBeGreaterThan(before));
});

test('the provider batch of an INSS campaign opens the INSS request page with its agency', async () => {
  api = serve();
  await openList();
  fireEvent.click(rowOf('CMP-0001').getByRole('button', { name: 'Solicitar lote via fornecedor' }));
  expect(routerLocation.current).toBe('/campanhas/solicitar-lotes-inss/1?ID_Orgao=4');
});

test('the provider batch of an FGTS campaign, and of an agency without batches', async () => {
  api = serve();
  const error = jest.spyOn(toast, 'error');
  await openList();
  fireEvent.click(rowOf('CMP-0003').getByRole('button', { name: 'Solicitar lote via fornecedor' }));
  expect(error).toHaveBeenCalledWith('Recurso atualmente disponível apenas para FGTS e INSS', { duration: 3000 });
  expect(routerLocation.current).toBe('/campanhas');
  fireEvent.click(rowOf('CMP-0002').getByRole('button', { name: 'Solicitar lote via fornecedor' }));
  expect(routerLocation.current).toBe('/campanhas/solicitar-lotes-fgts/2?ID_Orgao=1');
});

test('"Importar via CSV" opens the import page of the campaign', async () => {
  api = serve();
  await openList();
  fireEvent.click(rowOf('CMP-0002').getByRole('button', { name: 'Importar via CSV' }));
  expect(routerLocation.current).toBe('/campanhas/importar-lotes/2');
});

test('"Definir atendentes" ticks the selected ones and saves the whole selection', async () => {
  api = serve({
    'GET /cadastro/campanha/1/atendentes': envelope([
      { ID_Atendente: 5, DE_Pessoa: 'Ana', SN_Selecionado: 1 },
      { ID_Atendente: 6, DE_Pessoa: 'Bruno', SN_Selecionado: 0 },
    ]),
    'POST /cadastro/campanha/atendentes': envelope({ NU_Selecionados: 1 }, 'Atendentes da campanha salvos.'),
  });
  const success = jest.spyOn(toast, 'success');
  await openList();
  fireEvent.click(rowOf('CMP-0001').getByRole('button', { name: 'Definir atendentes' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Definir atendentes' }));
  const ana = (await dialog.findByRole('checkbox', { name: 'Ana' })) as HTMLInputElement;
  const bruno = dialog.getByRole('checkbox', { name: 'Bruno' }) as HTMLInputElement;
  expect([ana.checked, bruno.checked]).toEqual([true, false]);

  fireEvent.click(ana);
  fireEvent.click(bruno);
  await act(async () => void fireEvent.click(dialog.getByRole('button', { name: 'Salvar' })));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(api.writes).toEqual([
    {
      method: 'POST',
      url: '/cadastro/campanha/atendentes',
      body: {
        ID_Campanha: 1,
        atendentes: [
          { ID_Atendente: 5, SN_Selecionado: 0 },
          { ID_Atendente: 6, SN_Selecionado: 1 },
        ],
      },
    },
  ]);
  expect(success).toHaveBeenCalledWith('Atendentes da campanha salvos.', { duration: 3000 });
});

test('"Definir atendentes" opened again shows the selection as the server has it now, never the copy of the last opening', async () => {
  const selection = (ana: number) => envelope([{ ID_Atendente: 5, DE_Pessoa: 'Ana', SN_Selecionado: ana }]);
  let answer: FakeAnswer = selection(0);
  api = serve({
    get 'GET /cadastro/campanha/1/atendentes'() {
      return answer;
    },
  });
  await openList();
  fireEvent.click(rowOf('CMP-0001').getByRole('button', { name: 'Definir atendentes' }));
  let dialog = within(await screen.findByRole('dialog', { name: 'Definir atendentes' }));
  expect(((await dialog.findByRole('checkbox', { name: 'Ana' })) as HTMLInputElement).checked).toBe(false);
  fireEvent.click(dialog.getByRole('button', { name: 'Cancelar' }));

  // Meanwhile Ana was selected (another supervisor); the server's answer is slow to come.
  let release: () => void = () => undefined;
  answer = new Promise((resolve) => (release = () => resolve(selection(1))));
  fireEvent.click(rowOf('CMP-0001').getByRole('button', { name: 'Definir atendentes' }));
  dialog = within(await screen.findByRole('dialog', { name: 'Definir atendentes' }));
  expect(dialog.queryByRole('checkbox', { name: 'Ana' })).toBeNull();
  expect((dialog.getByRole('button', { name: 'Salvar' }) as HTMLButtonElement).disabled).toBe(true);
  await act(async () => release());
  expect(((await dialog.findByRole('checkbox', { name: 'Ana' })) as HTMLInputElement).checked).toBe(true);
  expect((dialog.getByRole('button', { name: 'Salvar' }) as HTMLButtonElement).disabled).toBe(false);
});

test('"Ver dados da campanha" shows the summary and the queue progress', async () => {
  api = serve({
    'GET /cadastro/campanha/1/resumo': envelope({
      DE_Campanha: 'Campanha 1',
      CO_Campanha: 'CMP-0001',
      NU_Importados: 1200,
      NU_Higienizados: 30,
      TS_Baixa: null,
      TS_Solicitacao: null,
    }),
    'GET /cadastro/campanha/1/fila': envelope({
      NU_Total: 1200,
      NU_Pendentes: 900,
      NU_EmAtendimento: 2,
      NU_Retornos: 15,
      NU_NovasTentativas: 40,
      NU_Concluidos: 250,
      NU_NaoLigar: 8,
      NU_Bloqueio180Dias: 0,
      NU_NaoPerturbe: 0,
      NU_SemTelefone: 0,
      NU_ForaDoHorario: 0,
    }),
  });
  await openList();
  fireEvent.click(rowOf('CMP-0001').getByRole('button', { name: 'Ver dados da campanha' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Dados da campanha' }));
  const figures = (name: string) =>
    Object.fromEntries(
      [...document.querySelectorAll(`[role="dialog"] dl[aria-label="${name}"] dt`)].map((dt) => [
        dt.textContent,
        dt.nextElementSibling?.textContent,
      ]),
    );
  await dialog.findByText('Pendentes');
  expect(figures('Resumo da campanha')).toMatchObject({ Código: 'CMP-0001', Importados: '1.200', Higienizados: '30' });
  expect(figures('Andamento da fila')).toEqual({
    Total: '1.200',
    Pendentes: '900',
    'Em atendimento': '2',
    Concluídos: '250',
    Retornos: '15',
    'Novas tentativas': '40',
    'Não ligar': '8',
  });
});

test('every row action carries its tooltip as title and accessible name', async () => {
  api = serve();
  await openList();
  const names = rowOf('CMP-0001')
    .getAllByRole('button')
    .map((button) => [button.getAttribute('aria-label'), button.getAttribute('title')]);
  expect(names).toEqual(
    [
      'Solicitar lote via fornecedor',
      'Iniciar',
      'Pausar',
      'Excluir',
      'Importar via CSV',
      'Duplicar',
      'Enviar dados para a nuvem',
      'Definir atendentes',
      'Ver dados da campanha',
    ].map((label) => [label, label]),
  );
  fireEvent.click(rowOf('CMP-0001').getByRole('button', { name: 'Enviar dados para a nuvem' }));
  expect(await screen.findByRole('dialog', { name: 'Importar arquivo CSV' })).toBeTruthy();
});

test('an attendant (role 11) sees the list without actions nor "Criar campanha"', async () => {
  session.signOut();
  signIn({ ID_Funcao: 11 });
  api = serve();
  await openList();
  expect(screen.queryByRole('button', { name: 'Criar campanha' })).toBeNull();
  expect(rowOf('CMP-0001').queryAllByRole('button')).toEqual([]);
  expect(screen.queryByRole('combobox')).toBeNull();
  expect(screen.queryByRole('columnheader', { name: 'Número de saída' })).toBeNull();
  expect(api.server.requests).not.toContain('GET /cadastro/numeros');
});

test("'Número de saída' shows each campaign's caller number, the company's main one for null", async () => {
  api = serve();
  await openList();
  expect(screen.getByRole('columnheader', { name: 'Número de saída' })).toBeTruthy();
  const select = rowOf('CMP-0001').getByRole('combobox', { name: 'Número de saída da campanha CMP-0001' }) as HTMLSelectElement;
  await waitFor(() => expect(select.disabled).toBe(false));
  expect([...select.options].map((option) => option.textContent)).toEqual([
    'Principal da empresa ((11) 3003-0303)',
    '(11) 3003-0303 — Central SP',
    '(11) 4004-4004 — Campanhas INSS',
    '0303 123 4567',
  ]);
  expect(select.selectedOptions[0].textContent).toBe('(11) 4004-4004 — Campanhas INSS');
  const other = rowOf('CMP-0002').getByRole('combobox') as HTMLSelectElement;
  expect(other.selectedOptions[0].textContent).toBe('Principal da empresa ((11) 3003-0303)');
  // One read of the numbers for every row.
  expect(api.server.requests.filter((request) => request === 'GET /cadastro/numeros')).toHaveLength(1);
});

test("changing 'Número de saída' sends the PUT, toasts the server text and refreshes the list", async () => {
  const saved = 'Número de saída da campanha atualizado.';
  api = serve({
    'PUT /cadastro/campanha/2/numero': envelope({ CampanhaID: 2, ID_NumeroSaida: 8 }, saved),
    'PUT /cadastro/campanha/1/numero': envelope({ CampanhaID: 1, ID_NumeroSaida: null }, saved),
  });
  const success = jest.spyOn(toast, 'success');
  await openList();
  const select = rowOf('CMP-0002').getByRole('combobox') as HTMLSelectElement;
  await waitFor(() => expect(select.disabled).toBe(false));
  const before = api.listReads();
  await act(async () => void fireEvent.change(select, { target: { value: '8' } }));
  await waitFor(() => expect(success).toHaveBeenCalledWith(saved, { duration: 3000 }));
  await waitFor(() => expect(api.listReads()).toBeGreaterThan(before));

  // Back to the company's main number: null.
  const first = rowOf('CMP-0001').getByRole('combobox') as HTMLSelectElement;
  await waitFor(() => expect(first.disabled).toBe(false));
  await act(async () => void fireEvent.change(first, { target: { value: '' } }));
  await waitFor(() => expect(api.writes).toHaveLength(2));
  expect(api.writes).toEqual([
    { method: 'PUT', url: '/cadastro/campanha/2/numero', body: { ID_Numero: 8 } },
    { method: 'PUT', url: '/cadastro/campanha/1/numero', body: { ID_Numero: null } },
  ]);
});

test("a refused 'Número de saída' shows the server text and keeps the number shown before", async () => {
  api = serve({
    'PUT /cadastro/campanha/1/numero': { status: 400, body: { success: false, text: 'ID_Numero: Selecione um número da empresa.' } },
  });
  const error = jest.spyOn(toast, 'error');
  await openList();
  const select = rowOf('CMP-0001').getByRole('combobox') as HTMLSelectElement;
  await waitFor(() => expect(select.disabled).toBe(false));
  await act(async () => void fireEvent.change(select, { target: { value: '9' } }));
  await waitFor(() => expect(error).toHaveBeenCalledWith('ID_Numero: Selecione um número da empresa.', { duration: 3000 }));
  await waitFor(() => expect(select.value).toBe('8'));
});
