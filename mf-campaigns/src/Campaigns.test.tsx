import { screen } from '@testing-library/react';
import Campaigns from './Campaigns';
import { mockGet, renderScreen } from '@consig/shared/testing';

afterEach(() => jest.restoreAllMocks());

test('/campanhas shows the campaign list', async () => {
  mockGet({ '/cadastro/campanhas': [], '/atendente': [] });
  renderScreen(<Campaigns />, '/campanhas', '/campanhas/*');
  expect(await screen.findByText('Nenhuma campanha cadastrada.')).toBeTruthy();
});

test('an unknown sub-path says the page was not found and links back to /campanhas', () => {
  const get = mockGet({});
  renderScreen(<Campaigns />, '/campanhas/nao-existe/7', '/campanhas/*');
  expect(screen.getByText('Página não encontrada.')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Voltar' }).getAttribute('href')).toBe('/campanhas');
  expect(get).not.toHaveBeenCalled();
});

test('/campanhas/importar-lotes/{id} shows the own batch import page', () => {
  const get = mockGet({});
  renderScreen(<Campaigns />, '/campanhas/importar-lotes/5', '/campanhas/*');
  expect(screen.getByRole('heading', { name: 'Importar lote próprio' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Baixar modelo de planilha' })).toBeTruthy();
  expect(get).not.toHaveBeenCalled();
});
