import { campaignsResponse, Toasts } from '@consig/shared';
import { fakeApi, type FakeAnswer } from '@consig/shared/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { toast } from 'react-hot-toast';
import { campaignKeys, leadKeys } from './keys';
import { createQueryClient } from './queryClient';
import { apiGet, apiSend } from './request';
import { useApiMutation } from './useApiMutation';
import { useApiQuery } from './useApiQuery';

/** A campaign count and a button that creates one, refreshing the campaign reads. */
function Campaigns() {
  const campaigns = useApiQuery({ queryKey: campaignKeys.list(), queryFn: () => apiGet('/cadastro/campanhas', campaignsResponse) });
  const create = useApiMutation({
    mutationFn: (name: string) => apiSend({ method: 'post', path: '/cadastro/campanha', body: { ID_Orgao: 4, DE_Campanha: name } }),
    invalidates: [campaignKeys.all],
  });
  return (
    <>
      <p>{campaigns.data ? `${campaigns.data.length} campanha(s)` : ''}</p>
      <button onClick={() => create.mutate('Abril')}>Criar</button>
    </>
  );
}

/** A proposal status change: its answer's `message` is what the user reads (product-spec §8). */
function StatusChange() {
  const change = useApiMutation({
    mutationFn: (ID_Status: number) =>
      apiSend({ method: 'put', path: '/crm/proposta', body: { PropostaID: 1, ID_Status }, textField: 'message' }),
    invalidates: [leadKeys.all],
  });
  return <button onClick={() => change.mutate(20)}>Alterar</button>;
}

let server: ReturnType<typeof fakeApi>;
const CAMPAIGNS_ANSWER: FakeAnswer = { body: { success: true, text: '', data: [] } };

function show(element: ReactElement) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      {element}
      <Toasts />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  server.restore();
  act(() => toast.remove());
});

test('a successful write shows the server text and reads the named keys again', async () => {
  server = fakeApi((request) => (request.method === 'post' ? { body: { success: true, text: 'Campanha criada.' } } : CAMPAIGNS_ANSWER));
  show(<Campaigns />);
  await screen.findByText('0 campanha(s)');

  fireEvent.click(screen.getByRole('button', { name: 'Criar' }));
  expect(await screen.findByText('Campanha criada.')).toBeTruthy();
  await waitFor(() => expect(server.requests).toEqual(['GET /cadastro/campanhas', 'POST /cadastro/campanha', 'GET /cadastro/campanhas']));
});

test('a refused write shows the server text as an error and reads nothing again', async () => {
  server = fakeApi((request) => (request.method === 'post' ? { body: { success: false, text: 'Selecione um tipo.' } } : CAMPAIGNS_ANSWER));
  show(<Campaigns />);
  await screen.findByText('0 campanha(s)');

  fireEvent.click(screen.getByRole('button', { name: 'Criar' }));
  expect(await screen.findByText('Selecione um tipo.')).toBeTruthy();
  expect(server.requests).toEqual(['GET /cadastro/campanhas', 'POST /cadastro/campanha']);
});

test('a write that got no answer says so and is not repeated', async () => {
  server = fakeApi((request) => (request.method === 'post' ? 'network-error' : CAMPAIGNS_ANSWER));
  show(<Campaigns />);
  await screen.findByText('0 campanha(s)');

  fireEvent.click(screen.getByRole('button', { name: 'Criar' }));
  expect(await screen.findByText('Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.')).toBeTruthy();
  expect(server.requests.filter((request) => request.startsWith('POST'))).toHaveLength(1);
});

test('the status change shows the answer message, on success and on refusal', async () => {
  let answer: FakeAnswer = { body: { success: true, text: 'OK', message: 'Status da proposta alterado.' } };
  server = fakeApi(() => answer);
  show(<StatusChange />);

  fireEvent.click(screen.getByRole('button', { name: 'Alterar' }));
  expect(await screen.findByText('Status da proposta alterado.')).toBeTruthy();

  answer = { body: { success: false, text: 'Erro', message: 'Status não permitido para esta proposta.' } };
  fireEvent.click(screen.getByRole('button', { name: 'Alterar' }));
  expect(await screen.findByText('Status não permitido para esta proposta.')).toBeTruthy();
  expect(screen.queryByText('Erro')).toBeNull();
});
