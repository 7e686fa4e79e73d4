import { bus, session, type Call } from '@consig/shared';
import { fakeApi, renderScreen, testToken, type FakeApiRequest } from '@consig/shared/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { envelope } from '../testData';
import { PENDING_RECORDING_POLL_MS } from './api/getClientCalls';
import { CALL_RECORD_DELAY_MS } from './useRefreshAfterCalls';
import { CallsPanel } from './CallsPanel';

const aCall = (overrides: Partial<Call>): Call => ({
  ID_Ligacao: 1,
  TP_Direcao: 'saida',
  ID_Atendente: 5,
  NM_Atendente: 'Ana Atendente',
  NU_Ramal: '1001',
  ID_Cliente: 7,
  NM_Cliente: 'Maria Souza',
  ID_Campanha: null,
  NU_Origem: '1001',
  NU_Destino: '11987654321',
  DT_Inicio: '2026-03-15T09:05:00-03:00',
  DT_Atendimento: '2026-03-15T09:05:10-03:00',
  DT_Fim: '2026-03-15T09:07:15-03:00',
  NU_SegundosToque: 10,
  NU_SegundosConversa: 125,
  CO_SIP: 200,
  TP_Encerramento: 'chamador',
  DE_Resultado: 'Atendida',
  TP_Gravacao: 'gravada',
  ...overrides,
});

// Newest first, as the API answers: one of each direction and recording state.
const calls: Call[] = [
  aCall({ ID_Ligacao: 9, TP_Direcao: 'entrada', DT_Inicio: '2026-03-16T02:30:00Z', NU_SegundosConversa: 4500, TP_Gravacao: 'gravada' }),
  aCall({ ID_Ligacao: 8, TP_Direcao: 'saida', DT_Inicio: '2026-03-15T18:00:00-03:00', NU_SegundosConversa: 61, TP_Gravacao: 'pendente' }),
  aCall({ ID_Ligacao: 7, TP_Direcao: 'interna', DT_Inicio: '2026-03-15T17:00:00-03:00', TP_Gravacao: 'falhou' }),
  aCall({ ID_Ligacao: 6, DT_Inicio: '2026-03-15T16:00:00-03:00', TP_Gravacao: 'expirada' }),
  aCall({
    ID_Ligacao: 5,
    DT_Inicio: '2026-03-15T15:00:00-03:00',
    NM_Atendente: null,
    NU_SegundosConversa: 0,
    DE_Resultado: 'Ocupado',
    TP_Gravacao: 'nao_gravada',
  }),
];

const wav = new Blob(['RIFF....WAVE'], { type: 'audio/wav' });
let server: ReturnType<typeof fakeApi>;
let answers: Record<string, () => ReturnType<Parameters<typeof fakeApi>[0]>>;
let recordingRequests: FakeApiRequest[];
let saved: string[];
const urls = { created: [] as Blob[], revoked: [] as string[] };

beforeEach(() => {
  answers = { '/crm/cliente/7/ligacoes': () => envelope(calls) };
  recordingRequests = [];
  saved = [];
  urls.created = [];
  urls.revoked = [];
  server = fakeApi((request) => {
    if (request.url?.startsWith('/telefonia/ligacoes/')) recordingRequests.push(request);
    return answers[request.url ?? '']?.() ?? { status: 404, body: { success: false, text: 'Recurso não encontrado.' } };
  });
  // jsdom has no object URLs nor downloads: record what is made, revoked and offered.
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => `blob:gravacao-${urls.created.push(blob)}`,
    revokeObjectURL: (url: string) => void urls.revoked.push(url),
  });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

afterEach(() => {
  server.restore();
  act(() => bus.publish('session.logout@1', {}));
  session.signOut();
  jest.restoreAllMocks();
  jest.useRealTimers();
});

const panel = async () => {
  const view = renderScreen(<CallsPanel clientId={7} />);
  const region = within(screen.getByRole('region', { name: 'Ligações' }));
  await region.findByRole('table', { name: 'Ligações' });
  return { ...view, region };
};

const rowTexts = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

it('lists the calls newest first: São Paulo date and time, direction, attendant, talk time and result', async () => {
  await panel();
  expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
    'Data',
    'Direção',
    'Atendente',
    'Duração',
    'Resultado',
    'Gravação',
  ]);
  expect(rowTexts()).toEqual([
    ['15/03/2026 23:30', 'Recebida', 'Ana Atendente', '75:00', 'Atendida', 'OuvirBaixar'],
    ['15/03/2026 18:00', 'Realizada', 'Ana Atendente', '01:01', 'Atendida', 'Gravação em processamento'],
    ['15/03/2026 17:00', 'Interna', 'Ana Atendente', '02:05', 'Atendida', 'Gravação indisponível'],
    ['15/03/2026 16:00', 'Realizada', 'Ana Atendente', '02:05', 'Atendida', 'Gravação indisponível'],
    ['15/03/2026 15:00', 'Realizada', '---', '00:00', 'Ocupado', ''],
  ]);
  // Only a recorded call can be heard or downloaded.
  expect(screen.getAllByRole('button', { name: /^Ouvir/ })).toHaveLength(1);
  expect(screen.getByRole('button', { name: 'Ouvir gravação de 15/03/2026 23:30' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Baixar gravação de 15/03/2026 23:30' })).toBeTruthy();
});

it('shows the loading indicator, then says when the client has no call', async () => {
  let answer!: (value: ReturnType<typeof envelope>) => void;
  answers['/crm/cliente/7/ligacoes'] = () => new Promise((resolve) => (answer = resolve));
  renderScreen(<CallsPanel clientId={7} />);
  const region = within(screen.getByRole('region', { name: 'Ligações' }));
  expect(region.getByRole('status').textContent).toBe('Carregando...');
  await waitFor(() => expect(server.requests).toEqual(['GET /crm/cliente/7/ligacoes']));
  await act(async () => answer(envelope([])));
  expect(await region.findByText('Nenhuma ligação registrada.')).toBeTruthy();
  expect(region.queryByRole('status')).toBeNull();
});

it("a failed read says so in the panel with the server's text, without a toast, and 'Tentar novamente' reads again", async () => {
  const error = jest.spyOn(toast, 'error');
  answers['/crm/cliente/7/ligacoes'] = () => ({ status: 404, body: { success: false, text: 'Cliente não encontrado.' } });
  renderScreen(<CallsPanel clientId={7} />);
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('Não foi possível carregar as ligações. Cliente não encontrado.');
  expect(error).not.toHaveBeenCalled();

  answers['/crm/cliente/7/ligacoes'] = () => envelope(calls);
  fireEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
  expect(await screen.findByRole('table', { name: 'Ligações' })).toBeTruthy();
  expect(screen.queryByRole('alert')).toBeNull();
});

describe("'Ouvir'", () => {
  it('fetches the recording with the session token and plays it from an object URL, revoked when the player closes', async () => {
    const token = testToken({ ID_Funcao: 11 });
    session.signIn(token);
    answers['/telefonia/ligacoes/9/gravacao'] = () => ({ body: wav, headers: { 'content-type': 'audio/wav' } });
    await panel();
    expect(screen.queryByRole('group', { name: /^Gravação/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Ouvir gravação de 15/03/2026 23:30' }));
    const player = await screen.findByRole('group', { name: 'Gravação de 15/03/2026 23:30' });
    expect(recordingRequests.map((request) => [request.url, request.responseType, request.headers.get('Authorization')])).toEqual([
      ['/telefonia/ligacoes/9/gravacao', 'blob', `Bearer ${token}`],
    ]);
    const audio = player.querySelector('audio')!;
    expect(audio.controls).toBe(true);
    expect(audio.getAttribute('src')).toBe('blob:gravacao-1');
    expect(urls.created).toEqual([wav]);

    fireEvent.click(within(player).getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('group', { name: /^Gravação/ })).toBeNull();
    expect(urls.revoked).toEqual(['blob:gravacao-1']);
  });

  it('lets the recording go when the panel goes away', async () => {
    answers['/telefonia/ligacoes/9/gravacao'] = () => ({ body: wav });
    const { unmount } = await panel();
    fireEvent.click(screen.getByRole('button', { name: 'Ouvir gravação de 15/03/2026 23:30' }));
    await screen.findByRole('group', { name: 'Gravação de 15/03/2026 23:30' });
    unmount();
    expect(urls.revoked).toEqual(['blob:gravacao-1']);
  });

  it("shows the server's refusal as an error toast, and no player", async () => {
    const error = jest.spyOn(toast, 'error');
    const text = 'Você só pode ouvir as gravações das suas próprias ligações.';
    answers['/telefonia/ligacoes/9/gravacao'] = () => ({
      status: 403,
      body: new Blob([JSON.stringify({ success: false, text })], { type: 'application/json' }),
    });
    await panel();
    fireEvent.click(screen.getByRole('button', { name: 'Ouvir gravação de 15/03/2026 23:30' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(text, { duration: 5000 }));
    expect(screen.queryByRole('group', { name: /^Gravação/ })).toBeNull();
    expect(urls.created).toEqual([]);
  });
});

it("'Baixar' asks for the recording as an attachment and saves it under the server's name", async () => {
  answers['/telefonia/ligacoes/9/gravacao?download=1'] = () => ({
    body: wav,
    headers: { 'content-disposition': 'attachment; filename="ligacao-9-2026-03-15.wav"' },
  });
  await panel();
  fireEvent.click(screen.getByRole('button', { name: 'Baixar gravação de 15/03/2026 23:30' }));
  await waitFor(() => expect(saved).toEqual(['ligacao-9-2026-03-15.wav']));
  expect(recordingRequests.map((request) => [request.url, request.responseType])).toEqual([
    ['/telefonia/ligacoes/9/gravacao?download=1', 'blob'],
  ]);
  expect(screen.queryByRole('group', { name: /^Gravação/ })).toBeNull();
});

it('reads the list again a moment after a call ends, when the server has written it', async () => {
  await panel();
  const reads = () => server.requests.filter((request) => request === 'GET /crm/cliente/7/ligacoes').length;
  expect(reads()).toBe(1);
  answers['/crm/cliente/7/ligacoes'] = () =>
    envelope([
      aCall({ ID_Ligacao: 10, DT_Inicio: '2026-03-16T10:00:00-03:00', DE_Resultado: 'Não atendida', TP_Gravacao: 'nao_gravada' }),
      ...calls,
    ]);

  jest.useFakeTimers();
  act(() => bus.publish('telephony.call-state@1', { state: 'established', direction: 'outgoing', remote: '011987654321' }));
  act(() => bus.publish('telephony.call-state@1', { state: 'terminated', direction: 'outgoing', remote: '011987654321' }));
  act(() => jest.advanceTimersByTime(CALL_RECORD_DELAY_MS - 1));
  expect(reads()).toBe(1);
  await act(async () => jest.advanceTimersByTime(1));

  expect(await screen.findByText('Não atendida')).toBeTruthy();
  expect(reads()).toBe(2);
});

it("while a recording is being made, reads the list again until 'Ouvir' shows, then stops", async () => {
  jest.useFakeTimers();
  const reads = () => server.requests.filter((request) => request === 'GET /crm/cliente/7/ligacoes').length;
  answers['/crm/cliente/7/ligacoes'] = () => envelope([aCall({ ID_Ligacao: 9, TP_Gravacao: 'pendente' })]);
  renderScreen(<CallsPanel clientId={7} />);
  expect(await screen.findByText('Gravação em processamento')).toBeTruthy();

  answers['/crm/cliente/7/ligacoes'] = () => envelope([aCall({ ID_Ligacao: 9, TP_Gravacao: 'gravada' })]);
  await act(async () => jest.advanceTimersByTime(PENDING_RECORDING_POLL_MS));
  expect(await screen.findByRole('button', { name: 'Ouvir gravação de 15/03/2026 09:05' })).toBeTruthy();
  const afterReady = reads();
  await act(async () => jest.advanceTimersByTime(PENDING_RECORDING_POLL_MS * 3));
  expect(reads()).toBe(afterReady);
});
