import { session, type Person } from '@consig/shared';
import { testToken } from '@consig/shared/testing';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { resetPage } from '../test/reset';
import { SideNav } from './SideNav';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NavContribution } from './navEntries';
import { RemoteNavigation } from './remoteNavigation';

/** The navigation entries the remotes ship in their manifests (public/consig-remote.json), as the shell provides them. */
const shippedManifests: NavContribution[] = ['mf-attendance', 'mf-campaigns', 'mf-followup', 'mf-telephony', 'mf-reports'].map((dir) =>
  JSON.parse(readFileSync(join(__dirname, '..', '..', '..', dir, 'public', 'consig-remote.json'), 'utf8')),
);

function CurrentPath() {
  return <output aria-label="caminho">{useLocation().pathname}</output>;
}

const attendant: Partial<Person> = { ID_Funcao: 11, DE_Pessoa: 'Maria Souza', DE_Funcao: 'Atendente' };

const onLogout = jest.fn();

function renderNav(path = '/dashboard', user: Partial<Person> = attendant) {
  act(() => {
    session.signIn(testToken(user));
  });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/" element={<h1>Entrar no sistema</h1>} />
        <Route
          path="*"
          element={
            <RemoteNavigation.Provider value={shippedManifests}>
              <SideNav onLogout={onLogout} />
            </RemoteNavigation.Provider>
          }
        />
      </Routes>
      <CurrentPath />
    </MemoryRouter>,
  );
}

const matchMediaStub = (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }) as unknown as MediaQueryList;

const nav = () => screen.getByRole('navigation', { name: 'Menu principal' });

afterEach(() => {
  resetPage();
  onLogout.mockClear();
});

describe('SideNav', () => {
  it("shows the user's name and role label", () => {
    renderNav();
    expect(screen.getByText('Maria Souza')).toBeTruthy();
    expect(screen.getByText('Atendente')).toBeTruthy();
  });

  it('falls back to the label of the role id when the token has no role text', () => {
    renderNav('/dashboard', { ...attendant, ID_Funcao: 13, DE_Funcao: '' });
    expect(screen.getByText('Gerente')).toBeTruthy();
  });

  it('lists the entries in the order of the spec', () => {
    renderNav();
    const labels = within(nav())
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(labels).toEqual([
      'Dashboard',
      'Cadastrosindisponível',
      'Calendário',
      'Atendimento',
      'SupervisãoCampanhasAcompanhamentosFila de digitação',
      'Campanhas',
      'Acompanhamentos',
      'Fila de digitação',
      'Configuração',
    ]);
  });

  it('highlights the current item, which is not a link', () => {
    renderNav('/dashboard');
    const current = nav().querySelector('[aria-current="page"]')!;
    expect(current.textContent).toBe('Dashboard');
    expect(current.tagName).not.toBe('A');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Atendimento' }).getAttribute('href')).toBe('/atendimento');
  });

  it('shows unavailable entries as disabled, never as links', () => {
    renderNav();
    expect(screen.queryByRole('link', { name: /Cadastros/ })).toBeNull();
    const item = within(nav()).getByText('Cadastros').closest('.sidenav-item')!;
    expect(item.getAttribute('aria-disabled')).toBe('true');
    expect(item.textContent).toContain('indisponível');
  });

  it("gives 'Calendário' to the attendance remote: a link for every role, in the placeholder's place", () => {
    for (const role of [11, 12, 13]) {
      renderNav('/dashboard', { ...attendant, ID_Funcao: role });
      const calendar = screen.getByRole('link', { name: 'Calendário' });
      expect(decodeURI(calendar.getAttribute('href')!)).toBe('/calendário');
      expect(calendar.closest('[aria-disabled="true"]')).toBeNull();
      expect(within(nav()).getAllByText('Calendário')).toHaveLength(1);
      resetPage();
    }
  });

  it("gives 'Relatórios' to the reports remote: a link for supervisors and managers, nothing at all for an attendant", () => {
    renderNav();
    expect(within(nav()).queryByText('Relatórios')).toBeNull();
    resetPage();

    for (const role of [12, 13]) {
      renderNav('/dashboard', { ...attendant, ID_Funcao: role });
      const reports = screen.getByRole('link', { name: 'Relatórios' });
      expect(decodeURI(reports.getAttribute('href')!)).toBe('/relatórios');
      expect(reports.closest('[aria-disabled="true"]')).toBeNull();
      fireEvent.click(reports);
      expect(decodeURI(screen.getByLabelText('caminho').textContent!)).toBe('/relatórios');
      expect(nav().querySelector('[aria-current="page"]')!.textContent).toBe('Relatórios');
      resetPage();
    }
  });

  it("offers Supervisão's links and the non-link 'Fila de digitação'", () => {
    renderNav();
    expect(screen.getByRole('link', { name: 'Campanhas' }).getAttribute('href')).toBe('/campanhas');
    expect(screen.getByRole('link', { name: 'Acompanhamentos' }).getAttribute('href')).toBe('/acompanhamentos');
    expect(screen.queryByRole('link', { name: 'Fila de digitação' })).toBeNull();
    expect(screen.getByText('Fila de digitação')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Supervisão' }));
    expect(screen.queryByRole('link', { name: 'Campanhas' })).toBeNull();
  });

  it('keeps Campanhas highlighted, and a link back to the list, on a campaign sub-page', () => {
    renderNav('/campanhas/importar-lotes/3');
    const campaigns = screen.getByRole('link', { name: 'Campanhas' });
    expect(campaigns.getAttribute('aria-current')).toBe('location');
    expect(nav().querySelector('[aria-current="page"]')).toBeNull();
  });

  it('marks an unavailable screen as current when the user is on it', () => {
    renderNav('/cadastros');
    expect(nav().querySelector('[aria-current="page"]')!.textContent).toContain('Cadastros');
  });

  it('marks the current screen on an accented, percent-encoded path', () => {
    renderNav('/calend%C3%A1rio');
    const current = nav().querySelector('[aria-current="page"]')!;
    expect(current.textContent).toBe('Calendário');
    expect(screen.queryByRole('link', { name: 'Calendário' })).toBeNull();
  });

  it('collapses and expands', () => {
    renderNav();
    fireEvent.click(screen.getByRole('button', { name: 'Recolher menu' }));
    const expand = screen.getByRole('button', { name: 'Expandir menu' });
    expect(expand.getAttribute('aria-expanded')).toBe('false');
    // Collapsed, the names stay available to screen readers.
    expect(screen.getByRole('link', { name: 'Atendimento' })).toBeTruthy();
    fireEvent.click(expand);
    expect(screen.getByRole('button', { name: 'Recolher menu' })).toBeTruthy();
  });

  it('on a phone, closes the open menu once the user has picked a screen', () => {
    jest.spyOn(window, 'matchMedia').mockImplementation((query) => ({ ...matchMediaStub(query), matches: true }));
    renderNav('/dashboard');
    fireEvent.click(screen.getByRole('button', { name: 'Expandir menu' }));
    expect(screen.getByRole('button', { name: 'Recolher menu' }).getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(screen.getByRole('link', { name: 'Atendimento' }));

    expect(screen.getByLabelText('caminho').textContent).toBe('/atendimento');
    expect(screen.getByRole('button', { name: 'Expandir menu' }).getAttribute('aria-expanded')).toBe('false');
  });

  it("'Sair' logs out (what a logout does is the layout's: routes/AppRoutes.test.tsx)", () => {
    renderNav();
    fireEvent.click(screen.getByRole('button', { name: 'Sair' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});
