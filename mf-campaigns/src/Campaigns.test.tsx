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
