import { loadRemote } from '@module-federation/enhanced/runtime';
import { installShippedManifests } from './manifestsForTests';
import { modulesOfFirstScreen, preloadFirstScreen } from './preload';
import { remoteManifests } from './registry';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));
const mockedLoadRemote = loadRemote as jest.MockedFunction<typeof loadRemote>;

beforeAll(installShippedManifests);

describe('the first screen after sign-in', () => {
  it("is its route's module and the shell's slots", () => {
    expect(modulesOfFirstScreen(remoteManifests(), '/dashboard')).toEqual([
      { remote: 'mf_attendance', module: './Dashboard' },
      { remote: 'mf_telephony', module: './CallBar' },
    ]);
    expect(modulesOfFirstScreen(remoteManifests(), '/campanhas/importar-lotes/3')).toEqual([
      { remote: 'mf_campaigns', module: './Campaigns' },
      { remote: 'mf_telephony', module: './CallBar' },
    ]);
  });

  it('is loaded all at once, a failure left to the screen to show', async () => {
    mockedLoadRemote.mockRejectedValue(new Error('fora do ar'));
    preloadFirstScreen('/dashboard');
    expect(mockedLoadRemote.mock.calls).toEqual([['mf_attendance/Dashboard'], ['mf_telephony/CallBar']]);
    await Promise.resolve();
  });
});
