import { loadRemote } from '@module-federation/enhanced/runtime';
import { render, screen } from '@testing-library/react';
import { resetPage } from '../test/reset';
import { modulesToPreload } from './preload';
import { remoteManifests, setRemotesForTests } from './registry';
import { RemoteSlot } from './RemoteSlot';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));
// What a production build of the host provides (tooling/webpack.js defines it; unit tests have no build).
jest.mock('./compatibility', () => ({
  ...jest.requireActual('./compatibility'),
  providedVersions: { react: '19.3.1', '@consig/shared': '0.1.0' },
}));
const mockedLoadRemote = loadRemote as jest.MockedFunction<typeof loadRemote>;

const manifest = (requires: Record<string, string>) => ({
  name: 'x',
  routes: [{ path: '/campanhas/*', module: './Campaigns', label: 'Campanhas' }],
  navigation: [{ label: 'Campanhas', to: '/campanhas', order: 10 }],
  slots: [],
  requires,
});

beforeEach(() => {
  mockedLoadRemote.mockReset();
  mockedLoadRemote.mockResolvedValue({ default: () => <h1>tela do remoto</h1> });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  setRemotesForTests({
    mf_campaigns: { entry: 'http://localhost/c/remoteEntry.js', manifest: manifest({ '@consig/shared': '^2.0.0', react: '19.3.1' }) },
    mf_followup: {
      entry: 'http://localhost/f/remoteEntry.js',
      manifest: {
        ...manifest({ '@consig/shared': '^0.1.0', react: '19.3.1' }),
        routes: [{ path: '/acompanhamentos', module: './Followup', label: 'Acompanhamentos' }],
      },
    },
  });
});
afterEach(resetPage);

describe('a remote built against versions the host cannot provide', () => {
  it('is shown as unavailable with the retry, never loaded, while a compatible remote loads', async () => {
    render(
      <>
        <RemoteSlot remote="mf_campaigns" module="./Campaigns" label="Campanhas" />
        <RemoteSlot remote="mf_followup" module="./Followup" label="Acompanhamentos" />
      </>,
    );
    const failure = await screen.findByRole('alert');
    expect(failure.textContent).toContain('Não foi possível carregar o módulo Campanhas.');
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'tela do remoto' })).toBeTruthy();
    expect(mockedLoadRemote.mock.calls).toEqual([['mf_followup/Followup']]);
  });

  it('is left out of the preloading', () => {
    expect(modulesToPreload(remoteManifests(), 11)).toEqual([{ remote: 'mf_followup', module: './Followup' }]);
  });
});
