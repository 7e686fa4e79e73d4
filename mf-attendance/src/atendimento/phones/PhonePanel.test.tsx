import { bus, session } from '@consig/shared';
import { extensionKeys } from '@consig/shared/query';
import { fakeApi, renderScreen, signIn } from '@consig/shared/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { PhonePanel } from './PhonePanel';
import { aPhone, envelope } from '../testData';

let server: ReturnType<typeof fakeApi>;
let phones = [aPhone(1, '11987654321'), aPhone(2, '21998765432')];
const posted: unknown[] = [];

beforeEach(() => {
  phones = [aPhone(1, '11987654321'), aPhone(2, '21998765432')];
  posted.length = 0;
  server = fakeApi((request) => {
    if (request.url === '/crm/cliente/telefones/7') return envelope(phones);
    if (request.url === '/cadastro/telefone') {
      const body = JSON.parse(request.data as string) as { DE_Telefone: string };
      posted.push(body);
      phones = [...phones, aPhone(3, body.DE_Telefone)];
      return { body: { success: true, text: 'Telefone cadastrado.' } };
    }
    return { status: 404, body: { success: false, text: 'Recurso não encontrado.' } };
  });
});

afterEach(() => {
  server.restore();
  // As on a real sign-out: the bus forgets the call state it retained.
  act(() => bus.publish('session.logout@1', {}));
  session.signOut();
  jest.restoreAllMocks();
});

const panel = async (showData = false) => {
  renderScreen(<PhonePanel clientId={7} showData={showData} />);
  await screen.findByText('Cel. 1');
  return within(screen.getByRole('region', { name: 'Telefone' }));
};

it('labels each phone Cel. n and hides its number as eleven x', async () => {
  const view = await panel();
  expect(view.getByText('Cel. 2')).toBeTruthy();
  expect(view.getAllByText('xxxxxxxxxxx')).toHaveLength(2);
  expect(view.queryByText('(11) 98765-4321')).toBeNull();
});

it('shows the numbers when the show-data toggle is on', async () => {
  const view = await panel(true);
  expect(view.getByText('(11) 98765-4321')).toBeTruthy();
  expect(view.getByText('(21) 99876-5432')).toBeTruthy();
});

it('links each phone to WhatsApp with country code 55, in a new tab without opener', async () => {
  const view = await panel();
  const link = view.getAllByRole('link', { name: 'WhatsApp' })[0];
  expect(link.getAttribute('href')).toBe('https://wa.me/5511987654321');
  expect(link.getAttribute('target')).toBe('_blank');
  expect(link.getAttribute('rel')).toContain('noopener');
});

it('says so when the client has no phone', async () => {
  phones = [];
  renderScreen(<PhonePanel clientId={7} showData={false} />);
  expect(await screen.findByText('Nenhum telefone cadastrado.')).toBeTruthy();
});

describe('dial', () => {
  it('publishes telephony.dial@1 for a user with telephony on', async () => {
    signIn({ SN_Telefonia: 1 });
    const dialed = jest.fn();
    const unsubscribe = bus.subscribe('telephony.dial@1', dialed);
    const view = await panel();
    fireEvent.click(view.getByRole('button', { name: 'Ligar para Cel. 2' }));
    expect(dialed).toHaveBeenCalledWith({ number: '21998765432', clientId: 7 });
    unsubscribe();
  });

  it('is disabled for a user with telephony off, and says so in its tooltip', async () => {
    signIn({ SN_Telefonia: 0 });
    const view = await panel();
    const dial = view.getByRole('button', { name: 'Ligar para Cel. 1' }) as HTMLButtonElement;
    expect(dial.disabled).toBe(true);
    expect(dial.title).toBe('Telefonia desativada para o seu usuário: registre o resultado sem ligação.');
  });

  it('is disabled, saying why, once the API said the user has no extension', async () => {
    signIn({ SN_Telefonia: 1, ID_Pessoa: 5 });
    const { queryClient } = renderScreen(<PhonePanel clientId={7} showData={false} />);
    await screen.findByText('Cel. 1');
    const dial = screen.getByRole('button', { name: 'Ligar para Cel. 1' }) as HTMLButtonElement;
    expect(dial.disabled).toBe(false); // not known yet: dialing itself says so
    act(() => queryClient.setQueryData(extensionKeys.detail(5), null)); // what the call bar's read of /atendente/ramal keeps
    await waitFor(() => expect(dial.disabled).toBe(true));
    expect(dial.title).toBe('Usuário não tem ramal.');
  });

  it('is disabled while a call is in progress, and enabled again when it ends', async () => {
    signIn({ SN_Telefonia: 1 });
    const view = await panel();
    const dial = view.getByRole('button', { name: 'Ligar para Cel. 1' }) as HTMLButtonElement;
    expect(dial.disabled).toBe(false);
    expect(dial.title).toBe('Ligar para Cel. 1');
    act(() => bus.publish('telephony.call-state@1', { state: 'established', direction: 'outgoing', remote: '011987654321' }));
    expect(dial.disabled).toBe(true);
    expect(dial.title).toBe('Há uma ligação em andamento.');
    act(() => bus.publish('telephony.call-state@1', { state: 'terminated', direction: 'outgoing', remote: '011987654321' }));
    expect(dial.disabled).toBe(false);
  });

  it('is disabled when the panel mounts during a call (e.g. an answered call opened the screen), until it ends', async () => {
    signIn({ SN_Telefonia: 1 });
    bus.publish('telephony.call-state@1', { state: 'established', direction: 'incoming', remote: '11987654321' });
    const view = await panel();
    const dial = view.getByRole('button', { name: 'Ligar para Cel. 1' }) as HTMLButtonElement;
    expect(dial.disabled).toBe(true);
    act(() => bus.publish('telephony.call-state@1', { state: 'terminated', direction: 'incoming', remote: '11987654321' }));
    expect(dial.disabled).toBe(false);
  });

  it('is enabled when the panel mounts after a call ended', async () => {
    signIn({ SN_Telefonia: 1 });
    bus.publish('telephony.call-state@1', { state: 'established', direction: 'outgoing', remote: '011987654321' });
    bus.publish('telephony.call-state@1', { state: 'terminated', direction: 'outgoing', remote: '011987654321' });
    const view = await panel();
    expect((view.getByRole('button', { name: 'Ligar para Cel. 1' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe("'Adicionar Telefone'", () => {
  const open = async () => {
    const view = await panel(true);
    fireEvent.click(view.getByRole('button', { name: 'Adicionar Telefone' }));
    return within(screen.getByRole('dialog', { name: 'Adicionar Telefone' }));
  };
  const save = (dialog: ReturnType<typeof within>) => act(async () => void fireEvent.click(dialog.getByRole('button', { name: 'Salvar' })));
  const errorOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

  it('shows the three messages of §5 under the field, one at a time, and sends nothing', async () => {
    const dialog = await open();
    const input = dialog.getByLabelText('Telefone');
    await save(dialog);
    expect(errorOf(input)).toBe('Campo obrigatório.');
    fireEvent.change(input, { target: { value: '11a9876' } });
    await waitFor(() => expect(errorOf(input)).toBe('Apenas números.'));
    fireEvent.change(input, { target: { value: '1198765' } });
    await waitFor(() => expect(errorOf(input)).toBe('Deve conter 11 dígitos.'));
    await save(dialog);
    expect(posted).toEqual([]);
  });

  it('adds the phone, says so, closes and lists it', async () => {
    const success = jest.spyOn(toast, 'success');
    const dialog = await open();
    // Pasted as written: the punctuation goes, the digits are sent.
    fireEvent.change(dialog.getByLabelText('Telefone'), { target: { value: '(31) 99123-4567' } });
    await save(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toEqual([{ DE_Telefone: '31991234567', ClienteID: 7 }]);
    expect(success).toHaveBeenCalledWith('Telefone cadastrado.', { duration: 5000 });
    expect(await screen.findByText('Cel. 3')).toBeTruthy();
    expect(screen.getByText('(31) 99123-4567')).toBeTruthy();
  });

  it('shows a refusal as an error toast and stays open', async () => {
    server.restore();
    server = fakeApi((request) =>
      request.url === '/cadastro/telefone'
        ? { status: 409, body: { success: false, text: 'Este telefone já está cadastrado para o cliente.' } }
        : envelope(phones),
    );
    const error = jest.spyOn(toast, 'error');
    const dialog = await open();
    fireEvent.change(dialog.getByLabelText('Telefone'), { target: { value: '11987654321' } });
    await save(dialog);
    await waitFor(() => expect(error).toHaveBeenCalledWith('Este telefone já está cadastrado para o cliente.', { duration: 5000 }));
    expect(screen.getByRole('dialog', { name: 'Adicionar Telefone' })).toBeTruthy();
  });
});
