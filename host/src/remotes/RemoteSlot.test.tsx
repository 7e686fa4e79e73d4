import { fireEvent, render, screen } from '@testing-library/react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { resetPage } from '../test/reset';
import { loadRemoteModule } from './loadRemoteModule';
import { RemoteSlot } from './RemoteSlot';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));
const mockedLoadRemote = loadRemote as jest.MockedFunction<typeof loadRemote>;

beforeEach(() => {
  mockedLoadRemote.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => undefined); // React and the boundary log the failure
});
afterEach(resetPage);

describe('RemoteSlot', () => {
  it('shows the remote screen once it has loaded', async () => {
    mockedLoadRemote.mockResolvedValue({ default: () => <h1>Campanhas do remoto</h1> });
    render(<RemoteSlot remote="mf_campaigns" module="./Campaigns" label="Campanhas" />);
    expect(screen.getByRole('status').textContent).toContain('Carregando...');
    expect(await screen.findByRole('heading', { name: 'Campanhas do remoto' })).toBeTruthy();
    expect(mockedLoadRemote).toHaveBeenCalledWith('mf_campaigns/Campaigns');
  });

  it('renders a module the page loaded already (preloaded, or visited before) at once, without a loading state', async () => {
    mockedLoadRemote.mockResolvedValue({ default: () => <h1>Campanhas do remoto</h1> });
    await loadRemoteModule('mf_campaigns', './Campaigns'); // the idle-time preload
    render(<RemoteSlot remote="mf_campaigns" module="./Campaigns" label="Campanhas" />);
    expect(screen.getByRole('heading', { name: 'Campanhas do remoto' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(mockedLoadRemote).toHaveBeenCalledTimes(1);
  });

  it('shows a Portuguese failure message when the remote is down, and loads again on retry', async () => {
    mockedLoadRemote.mockRejectedValueOnce(new Error('[ Federation Runtime ]: #RUNTIME-008'));
    render(<RemoteSlot remote="mf_followup" module="./Followup" label="Acompanhamentos" />);

    const failure = await screen.findByRole('alert');
    expect(failure.textContent).toContain('Não foi possível carregar o módulo Acompanhamentos.');

    mockedLoadRemote.mockResolvedValueOnce({ default: () => <h1>Acompanhamentos do remoto</h1> });
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));

    expect(await screen.findByRole('heading', { name: 'Acompanhamentos do remoto' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(mockedLoadRemote).toHaveBeenCalledTimes(2);
  });

  it('loads once while the slot shows the same module, and loads the other module when given one', async () => {
    mockedLoadRemote.mockImplementation(async (id: string) => ({
      default: ({ tab }: { tab?: string }) => <h1>{`${id} ${tab ?? ''}`.trim()}</h1>,
    }));
    const { rerender } = render(<RemoteSlot remote="mf_attendance" module="./Dashboard" label="Dashboard" />);
    expect(await screen.findByRole('heading', { name: 'mf_attendance/Dashboard' })).toBeTruthy();

    rerender(<RemoteSlot remote="mf_attendance" module="./Dashboard" label="Dashboard" props={{ tab: 'leads' }} />);
    expect(await screen.findByRole('heading', { name: 'mf_attendance/Dashboard leads' })).toBeTruthy();
    expect(mockedLoadRemote).toHaveBeenCalledTimes(1);

    rerender(<RemoteSlot remote="mf_attendance" module="./Atendimento" label="Atendimento" />);
    expect(await screen.findByRole('heading', { name: 'mf_attendance/Atendimento' })).toBeTruthy();
    expect(mockedLoadRemote).toHaveBeenLastCalledWith('mf_attendance/Atendimento');
  });

  it('contains a remote that throws while rendering', async () => {
    mockedLoadRemote.mockResolvedValue({
      default: () => {
        throw new Error('bug no remoto');
      },
    });
    render(
      <>
        <h1>Resto do shell</h1>
        <RemoteSlot remote="mf_telephony" module="./CallBar" label="Telefonia" />
      </>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain('Telefonia');
    expect(screen.getByRole('heading', { name: 'Resto do shell' })).toBeTruthy();
  });
});
