import { leadsResponse, Toasts } from '@consig/shared';
import { fakeApi, type FakeAnswer } from '@consig/shared/testing';
import { QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { leadKeys } from './keys';
import { createQueryClient } from './queryClient';
import { QueryLoading, SLOW_LOADING_TEXT } from './QueryLoading';
import { apiGet } from './request';
import { useApiQuery } from './useApiQuery';

const LEAD = { ID_Cliente: 11, DE_Pessoa: 'Maria Souza', DE_Tipo: 'INSS', DE_Status: 'Novo', DE_Atendente: 'Ana', DE_Indicacao: null };
const leads = (...people: (typeof LEAD)[]) => ({ body: { success: true, text: '', data: people } });
const leadsQuery = () => queryOptions({ queryKey: leadKeys.list(), queryFn: () => apiGet('/atendente/lead', leadsResponse) });

/** A screen showing the leads: a loading indicator, then how many there are. */
function LeadCount() {
  const query = useApiQuery(leadsQuery());
  if (query.isPending) return <QueryLoading slow={query.isSlow} />;
  return <p>{query.data ? `${query.data.length} lead(s)` : 'sem dados'}</p>;
}

/** Two parts of a page reading the same thing, and a button that adds a third later on. */
function Page() {
  const [third, setThird] = useState(false);
  return (
    <>
      <LeadCount />
      <LeadCount />
      {third ? <LeadCount /> : <button onClick={() => setThird(true)}>mais um</button>}
    </>
  );
}

let server: ReturnType<typeof fakeApi>;
let nextAnswers: FakeAnswer[];

/** The fake API answers the planned answers in order, then the last one again. */
function serve(...answers: FakeAnswer[]) {
  nextAnswers = answers;
  server = fakeApi(() => (nextAnswers.length > 1 ? nextAnswers.shift()! : nextAnswers[0]));
}

function show(element = <LeadCount />) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      {element}
      <Toasts />
    </QueryClientProvider>,
  );
}

const wait = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));
const focusWindow = () => act(() => void window.dispatchEvent(new Event('focus')));
const setConnection = (connection: object | undefined) =>
  Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });

beforeEach(() => jest.useFakeTimers({ now: new Date('2026-03-16T13:00:00Z') }));
afterEach(() => {
  server.restore();
  act(() => toast.remove());
  setConnection(undefined);
  jest.useRealTimers();
  jest.restoreAllMocks();
});

test('parts of a page reading the same thing make one request, and a read within 2 s is served from the cache', async () => {
  serve(leads(LEAD));
  show(<Page />);
  await wait(0);
  expect(screen.getAllByText('1 lead(s)')).toHaveLength(2);
  expect(server.requests).toEqual(['GET /atendente/lead']);

  await wait(1_500);
  act(() => screen.getByRole('button', { name: 'mais um' }).click());
  await wait(0);
  expect(screen.getAllByText('1 lead(s)')).toHaveLength(3);
  expect(server.requests).toHaveLength(1);
});

test('a read older than 2 s is fetched again when another part of the page needs it', async () => {
  serve(leads(LEAD), leads(LEAD, LEAD));
  show(<Page />);
  await wait(2_500);
  act(() => screen.getByRole('button', { name: 'mais um' }).click());
  await wait(0);
  expect(server.requests).toHaveLength(2);
  expect(screen.getAllByText('2 lead(s)')).toHaveLength(3);
});

test('coming back to the window reads again, at most once every 5 s', async () => {
  serve(leads(LEAD), leads(LEAD, LEAD));
  show();
  await wait(3_000);
  expect(server.requests).toHaveLength(1);

  await focusWindow();
  await wait(0);
  expect(server.requests).toHaveLength(2);
  expect(screen.getByText('2 lead(s)')).toBeTruthy();

  await wait(3_000); // stale again, but only 3 s after the last focus
  await focusWindow();
  await wait(0);
  expect(server.requests).toHaveLength(2);

  await wait(2_500);
  await focusWindow();
  await wait(0);
  expect(server.requests).toHaveLength(3);
});

test('a read that got no answer is tried again after 5 s, and the error shows only when the retries are spent', async () => {
  serve('network-error');
  show();
  await wait(4_900);
  expect(server.requests).toHaveLength(1);
  await wait(200);
  expect(server.requests).toHaveLength(2);
  expect(screen.queryByText('Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.')).toBeNull();

  await wait(10_000);
  expect(server.requests).toHaveLength(4); // the first try and three retries
  expect(screen.getByText('Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.')).toBeTruthy();
  await wait(30_000);
  expect(server.requests).toHaveLength(4);
});

test('a read that recovers on a retry shows its data and no error', async () => {
  serve({ status: 503, body: { success: false, text: 'Serviço indisponível.' } }, leads(LEAD));
  show();
  await wait(5_000);
  expect(server.requests).toHaveLength(2);
  expect(screen.getByText('1 lead(s)')).toBeTruthy();
  expect(screen.queryByText('Serviço indisponível.')).toBeNull();
});

test('on a slow network (2g) the retry waits 10 s', async () => {
  setConnection({ effectiveType: '2g', saveData: false });
  serve('network-error');
  show();
  await wait(9_900);
  expect(server.requests).toHaveLength(1);
  await wait(200);
  expect(server.requests).toHaveLength(2);
});

test('with data saver on, the retry waits 10 s too', async () => {
  setConnection({ effectiveType: '4g', saveData: true });
  serve('network-error');
  show();
  await wait(9_900);
  expect(server.requests).toHaveLength(1);
});

test('on a 4g network the retry waits 5 s', async () => {
  setConnection({ effectiveType: '4g', saveData: false });
  serve('network-error');
  show();
  await wait(5_100);
  expect(server.requests).toHaveLength(2);
});

test('a refusal is shown at once as the server text, and not asked again', async () => {
  serve({ body: { success: false, text: 'Sem permissão.' } });
  show();
  await wait(0);
  expect(screen.getByText('Sem permissão.')).toBeTruthy();
  await wait(30_000);
  expect(server.requests).toHaveLength(1);
  expect(screen.getAllByText('Sem permissão.')).toHaveLength(1);
});

test('an answer outside the contract shows a clear Portuguese error', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  serve({ body: { success: true, text: '', data: [{ ...LEAD, DE_Pessoa: null }] } });
  show();
  await wait(0);
  expect(screen.getByText('O servidor enviou uma resposta inesperada. Tente novamente mais tarde.')).toBeTruthy();
  expect(server.requests).toHaveLength(1);
});

test('a first load that takes 3 s says the connection is slow; the data replaces it when it comes', async () => {
  let answer: (value: { body: unknown }) => void = () => undefined;
  serve(new Promise((resolve) => (answer = resolve)));
  show();
  await wait(2_900);
  expect(screen.getByRole('status').textContent).toBe('Carregando...');
  await wait(200);
  expect(screen.getByRole('status').textContent).toBe(SLOW_LOADING_TEXT);

  await act(async () => answer(leads(LEAD)));
  await wait(0);
  expect(screen.getByText('1 lead(s)')).toBeTruthy();
  expect(screen.queryByRole('status')).toBeNull();
});
