import { api, type Campaign } from '@consig/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { mockGet, renderScreen } from '@consig/shared/testing';
import { CampaignListPage } from './CampaignListPage';

afterEach(() => jest.restoreAllMocks());

const campaign = (CampanhaID: number, ID_Status: number, campaignImport: Campaign['importacao']): Campaign => ({
  CampanhaID,
  CO_Campanha: `CP${CampanhaID}`,
  DE_Campanha: `Campanha ${CampanhaID}`,
  ID_Orgao: 4,
  ID_Status,
  importacao: campaignImport,
  NU_Higienizados: 0,
  NU_Importados: 0,
  TS_Baixa: null,
  TS_Solicitacao: null,
});

/** The text of each cell of the row whose code is `code`. */
const cellsOf = (code: string) =>
  within(screen.getByRole('cell', { name: code }).closest('tr')!)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

test('shows a loading indicator, then one row per campaign with the spec columns', async () => {
  mockGet({ '/cadastro/campanhas': [campaign(1, 26, null), campaign(2, 35, { ID_Status: 63 })], '/atendente': [] });
  renderScreen(<CampaignListPage />, '/campanhas', '/campanhas/*');

  expect(screen.getByRole('status')).toBeTruthy();
  const table = await screen.findByRole('table', { name: 'Campanhas' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['Código', 'Nome', 'Status campanha', 'Status processamento', 'Ações']);
  expect(within(table).getAllByRole('row')).toHaveLength(3); // header + 2
  expect(cellsOf('CP1')).toEqual(['CP1', 'Campanha 1', 'Criado', 'Sem arquivo', '']);
  expect(cellsOf('CP2')).toEqual(['CP2', 'Campanha 2', 'Em andamento', 'Concluído', '']);
});

test('labels every campaign status and import status; unknown ones stay blank', async () => {
  mockGet({
    '/cadastro/campanhas': [
      campaign(26, 26, { ID_Status: 0 }),
      campaign(35, 35, { ID_Status: 63 }),
      campaign(72, 72, { ID_Status: 99 }),
      campaign(58, 58, null),
      campaign(1, 1, { ID_Status: 5 }),
    ],
    '/atendente': [],
  });
  renderScreen(<CampaignListPage />, '/campanhas', '/campanhas/*');
  await screen.findByRole('table');

  const statusColumns = (code: string) => cellsOf(code).slice(2, 4);
  expect(statusColumns('CP26')).toEqual(['Criado', 'Processando']);
  expect(statusColumns('CP35')).toEqual(['Em andamento', 'Concluído']);
  expect(statusColumns('CP72')).toEqual(['Em análise', 'Erro']);
  expect(statusColumns('CP58')).toEqual(['Pausado', 'Sem arquivo']);
  expect(statusColumns('CP1')).toEqual(['', '']);
});

test('status badges are coloured by status', async () => {
  mockGet({ '/cadastro/campanhas': [campaign(1, 35, { ID_Status: 99 })], '/atendente': [] });
  renderScreen(<CampaignListPage />, '/campanhas', '/campanhas/*');
  const running = await screen.findByText('Em andamento');
  const failed = screen.getByText('Erro');
  expect(running.style.background).toBe('var(--c-success)');
  expect(failed.style.background).toBe('var(--c-danger)');
});

test('loads the attendants on entry', async () => {
  const get = mockGet({ '/cadastro/campanhas': [], '/atendente': [{ AtendenteID: 1, DE_Pessoa: 'Ana' }] });
  renderScreen(<CampaignListPage />, '/campanhas', '/campanhas/*');
  await waitFor(() => expect(get).toHaveBeenCalledWith('/atendente', { signal: expect.any(AbortSignal) }));
  expect(get).toHaveBeenCalledWith('/cadastro/campanhas', { signal: expect.any(AbortSignal) });
});

test('says so when there is no campaign', async () => {
  mockGet({ '/cadastro/campanhas': [], '/atendente': [] });
  renderScreen(<CampaignListPage />, '/campanhas', '/campanhas/*');
  expect(await screen.findByText('Nenhuma campanha cadastrada.')).toBeTruthy();
  expect(screen.queryByRole('table')).toBeNull();
});

test('a failed load shows the server text as a toast and offers a retry', async () => {
  const error = jest.spyOn(toast, 'error');
  jest
    .spyOn(api, 'get')
    .mockImplementation(async (path: string) =>
      path === '/cadastro/campanhas'
        ? { data: { success: false, text: 'Sem permissão.' } }
        : { data: { success: true, text: '', data: [] } },
    );
  renderScreen(<CampaignListPage />, '/campanhas', '/campanhas/*');
  expect(await screen.findByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
  expect(error).toHaveBeenCalledWith('Sem permissão.', expect.anything());
});
