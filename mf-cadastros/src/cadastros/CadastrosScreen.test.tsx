import { session } from '@consig/shared';
import { fakeApi, renderScreen, signIn } from '@consig/shared/testing';
import { screen } from '@testing-library/react';
import Cadastros from './Cadastros';

let server: ReturnType<typeof fakeApi>;
beforeEach(() => {
  server = fakeApi(() => ({ body: { success: true, text: '', data: [] } }));
});
afterEach(() => {
  server.restore();
  session.signOut();
});

const tabs = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

test("a manager sees every register, the company's own ones included", () => {
  signIn({ ID_Funcao: 13, ID_Pessoa: 3 });
  renderScreen(<Cadastros />, '/cadastros');
  expect(tabs()).toEqual(['Pessoas', 'Não Me Perturbe', 'Telefonia', 'Horários', 'Taxas', 'Titulares (LGPD)', 'Auditoria']);
});

test('a supervisor sees only the registers a supervisor keeps; an address naming another tab shows the first', () => {
  signIn({ ID_Funcao: 12, ID_Pessoa: 2 });
  renderScreen(<Cadastros />, '/cadastros?aba=auditoria');
  expect(tabs()).toEqual(['Pessoas', 'Não Me Perturbe', 'Telefonia']);
  expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Pessoas');
});
