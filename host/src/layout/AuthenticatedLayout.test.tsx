import { session } from '@consig/shared';
import { testToken } from '@consig/shared/testing';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import type { RemoteManifest } from '../remotes/manifest';
import { installShippedManifests } from '../remotes/manifestsForTests';
import { setRemotesForTests } from '../remotes/registry';
import { FakeWebSocket } from '../test/FakeWebSocket';
import { resetPage } from '../test/reset';
import { AuthenticatedLayout } from './AuthenticatedLayout';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));
// What a production build of the host provides (tooling/webpack.js defines it; unit tests have no build).
jest.mock('../remotes/compatibility', () => ({
  ...jest.requireActual('../remotes/compatibility'),
  providedVersions: { react: '19.3.1', '@consig/shared': '0.1.0' },
}));
const mockedLoadRemote = loadRemote as jest.MockedFunction<typeof loadRemote>;

/** The layout with two screens to move between, as the signed-in area mounts it. */
async function renderLayout() {
  act(() => {
    session.signIn(testToken());
  });
  await act(async () => {
    render(
      <MemoryRouter initialEntries={['/um']}>
        <Routes>
          <Route element={<AuthenticatedLayout />}>
            <Route path="/um" element={<Link to="/dois">ir para a tela dois</Link>} />
            <Route path="/dois" element={<h1>tela dois</h1>} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
  });
}

const callbarArea = () => screen.queryByRole('complementary', { name: 'Barra de chamadas' });
const withoutSlots = (name: string): RemoteManifest => ({ name, routes: [], navigation: [], slots: [] });

let uninstallSocket: () => void;
beforeEach(() => {
  uninstallSocket = FakeWebSocket.install();
  mockedLoadRemote.mockReset();
  mockedLoadRemote.mockImplementation(async (id: string) => ({ default: () => <p>remoto {id}</p> }));
});
afterEach(() => {
  resetPage();
  uninstallSocket();
});

describe("the layout's call bar", () => {
  it("shows the module a manifest declares for the 'callbar' slot, mounted once across navigation", async () => {
    installShippedManifests();
    await renderLayout();
    const area = callbarArea()!;
    const callBar = await within(area).findByText('remoto mf_telephony/CallBar');

    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'ir para a tela dois' })));

    expect(screen.getByRole('heading', { name: 'tela dois' })).toBeTruthy();
    expect(within(callbarArea()!).getByText('remoto mf_telephony/CallBar')).toBe(callBar);
    expect(mockedLoadRemote.mock.calls.filter(([id]) => id === 'mf_telephony/CallBar')).toHaveLength(1);
  });

  it('renders nothing when no remote fills the slot', async () => {
    setRemotesForTests({ mf_attendance: { entry: 'http://localhost/a/remoteEntry.js', manifest: withoutSlots('mf_attendance') } });
    await renderLayout();
    expect(callbarArea()).toBeNull();
    expect(mockedLoadRemote).not.toHaveBeenCalled();
  });

  it('shows as unavailable, with the retry and without loading it, a remote built against versions the host cannot provide', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    setRemotesForTests({
      mf_telephony: {
        entry: 'http://localhost/t/remoteEntry.js',
        manifest: {
          ...withoutSlots('mf_telephony'),
          slots: [{ slot: 'callbar', module: './CallBar', label: 'Telefonia' }],
          requires: { '@consig/shared': '^2.0.0' },
        },
      },
    });
    await renderLayout();
    const area = callbarArea()!;
    expect((await within(area).findByRole('alert')).textContent).toContain('Não foi possível carregar o módulo Telefonia.');
    expect(within(area).getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    expect(mockedLoadRemote).not.toHaveBeenCalled();
  });
});
