import { queryClient } from '@consig/shared/query';
import { fakeApi } from '@consig/shared/testing';
import { resetPage } from '../test/reset';
import { prefetchesAt, prefetchRouteData } from './prefetch';
import { remoteManifests, setRemotesForTests } from './registry';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));
// What a production build of the host provides (tooling/webpack.js defines it; unit tests have no build).
jest.mock('./compatibility', () => ({
  ...jest.requireActual('./compatibility'),
  providedVersions: { react: '19.3.1', '@consig/shared': '0.1.0' },
}));

const campaignsRead = { at: '/campanhas', get: '/cadastro/campanhas', queryKey: ['campaigns', 'list'], response: 'campaignsResponse' };
const manifest = (overrides: object = {}) => ({
  name: 'x',
  routes: [{ path: '/campanhas/*', module: './Campaigns', label: 'Campanhas', prefetch: [campaignsRead] }],
  navigation: [{ label: 'Campanhas', to: '/campanhas', order: 10 }],
  slots: [],
  requires: { '@consig/shared': '^0.1.0' },
  ...overrides,
});
const campaign = {
  CampanhaID: 7,
  DE_Campanha: 'Março',
  CO_Campanha: 'C7',
  ID_Orgao: 1,
  ID_Status: 1,
  importacao: null,
  NU_Higienizados: 0,
  NU_Importados: 10,
  TS_Baixa: null,
  TS_Solicitacao: null,
};

afterEach(resetPage);

describe('the reads a manifest declares for a route', () => {
  it('apply to their exact path, for roles that may open the route, in remotes this host can run', () => {
    setRemotesForTests({
      mf_campaigns: { entry: 'http://localhost/c/remoteEntry.js', manifest: manifest() },
      mf_supervision: {
        entry: 'http://localhost/s/remoteEntry.js',
        manifest: manifest({ navigation: [{ label: 'Campanhas', to: '/campanhas', order: 10, roles: [13] }] }),
      },
      mf_old: { entry: 'http://localhost/o/remoteEntry.js', manifest: manifest({ requires: { '@consig/shared': '^2.0.0' } }) },
    });
    expect(prefetchesAt(remoteManifests(), '/campanhas', 11)).toEqual([campaignsRead]);
    expect(prefetchesAt(remoteManifests(), '/campanhas', 13)).toEqual([campaignsRead, campaignsRead]);
    expect(prefetchesAt(remoteManifests(), '/campanhas/importar-lotes/3', 13)).toEqual([]);
  });

  it("are fetched into the page's cache under the screen's key, parsed with the named contract", async () => {
    setRemotesForTests({ mf_campaigns: { entry: 'http://localhost/c/remoteEntry.js', manifest: manifest() } });
    const server = fakeApi(() => ({ body: { success: true, text: '', data: [campaign] } }));
    prefetchRouteData(remoteManifests(), '/campanhas', 13);
    await queryClient.getQueryCache().find({ queryKey: ['campaigns', 'list'] })?.promise;
    server.restore();
    expect(server.requests).toEqual(['GET /cadastro/campanhas']);
    expect(queryClient.getQueryData(['campaigns', 'list'])).toEqual([campaign]);
  });

  it('are left out, with a console error, when the contract they name does not exist', () => {
    setRemotesForTests({
      mf_campaigns: {
        entry: 'http://localhost/c/remoteEntry.js',
        manifest: manifest({
          routes: [
            { path: '/campanhas/*', module: './Campaigns', label: 'Campanhas', prefetch: [{ ...campaignsRead, response: 'semContrato' }] },
          ],
        }),
      },
    });
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = fakeApi(() => ({ body: { success: true, data: [] } }));
    prefetchRouteData(remoteManifests(), '/campanhas', 13);
    server.restore();
    expect(server.requests).toEqual([]);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('semContrato'));
  });
});
