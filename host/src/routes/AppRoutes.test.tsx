import { bus, session } from '@consig/shared';
import { AppProviders, queryClient } from '@consig/shared/query';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { FakeWebSocket } from '../test/FakeWebSocket';
import { resetPage } from '../test/reset';
import { fakeApi, testToken } from '@consig/shared/testing';
import { AppRoutes } from './AppRoutes';
import { installShippedManifests } from '../remotes/manifestsForTests';

// Routes and navigation entries come from the remotes' manifests, as remotes.json lists them.
beforeAll(installShippedManifests);

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));
const mockedLoadRemote = loadRemote as jest.MockedFunction<typeof loadRemote>;

function Location() {
  const { pathname, search } = useLocation();
  return <output aria-label="endereço">{decodeURI(pathname) + search}</output>;
}

/** Renders inside an async act so the remote modules' lazy loads settle before the assertions. */
async function renderAt(path: string, { signedIn = true } = {}) {
  if (signedIn) {
    act(() => {
      session.signIn(testToken());
    });
  }
  await act(async () => {
    render(
      <AppProviders>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
          <Location />
        </MemoryRouter>
      </AppProviders>,
    );
  });
}

const address = () => screen.getByLabelText('endereço').textContent;

let uninstallSocket: () => void;
let server: ReturnType<typeof fakeApi>;
beforeEach(() => {
  uninstallSocket = FakeWebSocket.install();
  // Each remote module renders its own id, so a test can tell which one the route loaded.
  mockedLoadRemote.mockImplementation(async (id: string) => ({ default: () => <p>remoto {id}</p> }));
  // The reads the manifests declare for a screen (host/src/remotes/prefetch.ts) find an empty list.
  server = fakeApi(() => ({ body: { success: true, text: '', data: [] } }));
});
afterEach(() => {
  server.restore();
  resetPage();
  uninstallSocket();
});

// First in the file: the signed-in area loads once per page (module), so later tests would find it loaded.
describe('signing in', () => {
  it("starts loading the first screen's code when the user focuses the form, before sending it", async () => {
    await renderAt('/', { signedIn: false });
    expect(mockedLoadRemote).not.toHaveBeenCalled();
    await act(async () => fireEvent.focus(screen.getByLabelText('E-mail')));
    expect(mockedLoadRemote.mock.calls).toEqual([['mf_attendance/Dashboard'], ['mf_telephony/CallBar']]);
  });
});

describe('route table', () => {
  it.each([
    ['/dashboard', 'mf_attendance/Dashboard'],
    ['/atendimento', 'mf_attendance/Atendimento'],
    ['/campanhas', 'mf_campaigns/Campaigns'],
    ['/campanhas/importar-lotes/3', 'mf_campaigns/Campaigns'],
    ['/acompanhamentos', 'mf_followup/Followup'],
    // The reports remote's route takes the place of the shell's 'Relatórios' placeholder.
    ['/relatórios', 'mf_reports/Reports'],
    ['/relat%C3%B3rios', 'mf_reports/Reports'],
    // So does the attendance remote's calendar, the shell's 'Calendário' placeholder's.
    ['/calendário', 'mf_attendance/Calendar'],
    ['/calend%C3%A1rio', 'mf_attendance/Calendar'],
    // And the Cadastros remote's, added without editing the host: an entry in tooling/apps.js and its manifest.
    ['/cadastros', 'mf_cadastros/Cadastros'],
  ])('%s shows %s inside the authenticated layout', async (path, remote) => {
    await renderAt(path);
    expect(await screen.findByText(`remoto ${remote}`)).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Menu principal' })).toBeTruthy();
    expect(await screen.findByText('remoto mf_telephony/CallBar')).toBeTruthy();
  });

  it.each([
    ['Relatórios', '/relatórios', 'mf_reports', 'mf_reports/Reports'],
    ['Calendário', '/calendário', 'mf_attendance', 'mf_attendance/Calendar'],
    ['Cadastros', '/cadastros', 'mf_cadastros', 'mf_cadastros/Cadastros'],
  ])("keeps the shell's '%s' placeholder while no remote's manifest routes %s", async (title, path, remote, module) => {
    installShippedManifests({ without: [remote] });
    mockedLoadRemote.mockClear();
    try {
      await renderAt(path);
      expect(screen.getByRole('heading', { name: title })).toBeTruthy();
      expect(screen.getByText('Módulo indisponível no momento.')).toBeTruthy();
      expect(mockedLoadRemote).not.toHaveBeenCalledWith(module);
    } finally {
      installShippedManifests();
    }
  });

  it('sends a protected route to the sign-in page without a token', async () => {
    await renderAt('/acompanhamentos', { signedIn: false });
    expect(address()).toBe('/');
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeTruthy();
  });

  it('redirects an unknown path to /dashboard when signed in', async () => {
    await renderAt('/nao-existe');
    expect(address()).toBe('/dashboard');
    expect(await screen.findByText('remoto mf_attendance/Dashboard')).toBeTruthy();
  });

  it('redirects an unknown path to / when signed out', async () => {
    await renderAt('/nao-existe', { signedIn: false });
    expect(address()).toBe('/');
  });

  it('opens the caller in the client screen when an incoming call is answered', async () => {
    await renderAt('/dashboard');
    await screen.findByText('remoto mf_attendance/Dashboard');
    await act(async () => bus.publish('telephony.answered@1', { clientId: '42' }));
    expect(address()).toBe('/atendimento?clientId=42');
    expect(await screen.findByText('remoto mf_attendance/Atendimento')).toBeTruthy();
  });

  it("opens 'Novo Cliente' with the caller's number when an answered call's number is no client's", async () => {
    await renderAt('/dashboard');
    await screen.findByText('remoto mf_attendance/Dashboard');
    await act(async () => bus.publish('telephony.unknown-caller-answered@1', { number: '11955551111' }));
    expect(address()).toBe('/atendimento?novoCliente=1&telefone=11955551111');
    expect(await screen.findByText('remoto mf_attendance/Atendimento')).toBeTruthy();
  });

  it("'Sair' ends the session on the server, announces the logout, clears the session and cached data, and goes to the sign-in page", async () => {
    await renderAt('/dashboard');
    await screen.findByText('remoto mf_attendance/Dashboard');
    const token = session.get().token;
    server.restore();
    const ended: unknown[] = [];
    server = fakeApi((request) => {
      if (request.url === '/lnk/sair') ended.push(request.headers.Authorization);
      return { body: { success: true, text: 'Sessão encerrada.' } };
    });
    const logouts: unknown[] = [];
    const stop = bus.subscribe('session.logout@1', (payload) => logouts.push(payload));
    queryClient.setQueryData(['/atendente/lead'], [{ ID_Cliente: 1 }]);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sair' })));
    stop();

    expect(ended).toEqual([`Bearer ${token}`]);
    expect(logouts).toEqual([{}]);
    expect(session.get()).toEqual({ token: null, user: null, extension: null });
    expect(queryClient.getQueryData(['/atendente/lead'])).toBeUndefined();
    expect(address()).toBe('/');
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeTruthy();
  });

  it("starts a screen's first reads while its code is still loading, into the cache its queries read", async () => {
    mockedLoadRemote.mockImplementation((id: string) =>
      id === 'mf_campaigns/Campaigns' ? new Promise(() => undefined) : Promise.resolve({ default: () => <p>remoto {id}</p> }),
    );
    await renderAt('/campanhas');
    expect(screen.queryByText('remoto mf_campaigns/Campaigns')).toBeNull();
    expect(server.requests).toEqual(['GET /cadastro/campanhas', 'GET /atendente']);
    expect(queryClient.getQueryData(['campaigns', 'list'])).toEqual([]);
    expect(queryClient.getQueryData(['attendants', 'list'])).toEqual([]);
  });

  it('opens the realtime socket for the signed-in user', async () => {
    await renderAt('/dashboard');
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});
