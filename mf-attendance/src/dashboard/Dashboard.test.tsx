import { api, type Lead } from '@consig/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { ok, renderScreen } from '@consig/shared/testing';
import Dashboard from './Dashboard';

const leads: Lead[] = [
  { ID_Cliente: 11, DE_Pessoa: 'Maria Souza', DE_Tipo: 'INSS', DE_Status: 'Novo', DE_Atendente: 'Ana', DE_Indicacao: 'Carlos Lima' },
  { ID_Cliente: 12, DE_Pessoa: 'José Santos', DE_Tipo: 'FGTS', DE_Status: 'Em contato', DE_Atendente: 'Bruno', DE_Indicacao: null },
];

afterEach(() => jest.restoreAllMocks());

it('lists each lead as a link to its service screen', async () => {
  const get = jest.spyOn(api, 'get').mockResolvedValue(ok(leads));
  renderScreen(<Dashboard />, '/dashboard');

  expect(screen.getByRole('heading', { name: 'Leads' })).toBeTruthy();
  const links = await screen.findAllByRole('link');
  expect(get).toHaveBeenCalledWith('/atendente/lead', { signal: expect.any(AbortSignal) });
  expect(links.map((link) => link.getAttribute('href'))).toEqual(['/atendimento?clientId=11', '/atendimento?clientId=12']);

  const first = within(links[0]);
  for (const text of ['Maria Souza', 'INSS', 'Novo', 'Ana', 'Indicador: Carlos Lima']) expect(first.getByText(text)).toBeTruthy();
  const second = within(links[1]);
  for (const text of ['José Santos', 'FGTS', 'Em contato', 'Bruno']) expect(second.getByText(text)).toBeTruthy();
  expect(second.queryByText(/Indicador:/)).toBeNull();
});

it('says so when there are no leads', async () => {
  jest.spyOn(api, 'get').mockResolvedValue(ok([]));
  renderScreen(<Dashboard />, '/dashboard');
  expect(await screen.findByText('Sem leads no momento.')).toBeTruthy();
  expect(screen.queryAllByRole('link')).toHaveLength(0);
});

it('shows the loading indicator until the leads arrive', async () => {
  let answer: (value: unknown) => void = () => {};
  jest.spyOn(api, 'get').mockReturnValue(new Promise((resolve) => (answer = resolve)));
  renderScreen(<Dashboard />, '/dashboard');

  expect(screen.getByRole('status').textContent).toContain('Carregando');
  expect(screen.queryByText('Sem leads no momento.')).toBeNull();

  answer(ok(leads));
  expect(await screen.findByText('Maria Souza')).toBeTruthy();
  expect(screen.queryByRole('status')).toBeNull();
});

it('shows the server text when the read fails, without claiming there are no leads', async () => {
  const error = jest.spyOn(toast, 'error');
  jest.spyOn(api, 'get').mockResolvedValue({ data: { success: false, text: 'Sessão inválida.' } });
  renderScreen(<Dashboard />, '/dashboard');

  await waitFor(() => expect(error).toHaveBeenCalledWith('Sessão inválida.', expect.anything()));
  expect(screen.queryByRole('status')).toBeNull();
  expect(screen.queryByText('Sem leads no momento.')).toBeNull();
});

it('shows a clear error, not a broken row, when the server sends leads outside the contract', async () => {
  const error = jest.spyOn(toast, 'error');
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(api, 'get').mockResolvedValue(ok([{ ID_Cliente: 11, DE_Pessoa: 'Maria Souza' }]));
  renderScreen(<Dashboard />, '/dashboard');

  await waitFor(() =>
    expect(error).toHaveBeenCalledWith('O servidor enviou uma resposta inesperada. Tente novamente mais tarde.', expect.anything()),
  );
  expect(screen.queryAllByRole('link')).toHaveLength(0);
  expect(screen.queryByText('Sem leads no momento.')).toBeNull();
});

it('heads the leads with their columns, and each row names its cells for screen readers', async () => {
  jest.spyOn(api, 'get').mockResolvedValue(ok(leads));
  renderScreen(<Dashboard />, '/dashboard');
  const links = await screen.findAllByRole('link');
  const panel = screen.getByRole('region', { name: 'Leads' });
  const head = panel.querySelector('.att-leads__head')!;
  expect(Array.from(head.children, (cell) => cell.textContent)).toEqual(['Cliente', 'Tipo', 'Status', 'Atendente']);
  expect(links[0].textContent).toBe('Maria SouzaTipo: INSSStatus: NovoAtendente: AnaIndicador: Carlos Lima');
  // A long name keeps its full text as the tooltip.
  expect(within(links[0]).getByText('Maria Souza').getAttribute('title')).toBe('Maria Souza');
});
