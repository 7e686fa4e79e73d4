import { bus, routeLinks } from '@consig/shared';
import { fakeApi, renderScreen, routerLocation } from '@consig/shared/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import Atendimento from './Atendimento';
import { aClient, aDay, anOperation, aPhone, envelope } from './testData';

const client = aClient({ ClienteID: 7, DE_Pessoa: 'Maria Souza', DE_CPF: '111.444.777-35', DE_Nascimento: '12/03/1958' });
const inss = anOperation({
  OperacaoID: 70,
  ID_TipoCredito: 1,
  VL_BaseCalculo: '3000.00',
  VL_Margem: '1050.00',
  VL_MargemCartao: '150.00',
  VL_Liquido: '10000.00',
});
const fgts = anOperation({
  OperacaoID: 71,
  ID_TipoCredito: 4,
  VL_BaseCalculo: '8000.50',
  VL_Margem: '0.00',
  VL_MargemCartao: '0.00',
  VL_Liquido: '1234.56',
});

let server: ReturnType<typeof fakeApi>;

/** Answers the screen's reads for client 7; `overrides` replaces the answer of a path. */
function serve(overrides: Record<string, Parameters<typeof fakeApi>[0]> = {}) {
  server = fakeApi((request) => {
    const path = request.url ?? '';
    if (overrides[path]) return overrides[path](request);
    if (path === '/crm/cliente/basicoPorID/7') return envelope({ cliente: client });
    if (path === '/crm/cliente/operacoes/7') return envelope([inss, fgts]);
    if (path === '/crm/cliente/telefones/7') return envelope([]);
    if (path === '/crm/cliente/7/ligacoes') return envelope([]);
    if (path === '/atendente') return envelope([{ AtendenteID: 1, DE_Pessoa: 'Ana Atendente' }]);
    if (path === '/atendente/meu-dia') return envelope(aDay({ NU_Ligacoes: 12 }));
    return { status: 404, body: { success: false, text: 'Recurso não encontrado.' } };
  });
}

afterEach(() => {
  server?.restore();
  jest.restoreAllMocks();
});

const summary = () => within(screen.getByRole('region', { name: 'Resumo' }));
const figure = (label: string) => summary().getByText(label).nextElementSibling?.textContent;

it('without a client: dashes in the campaign bar, "Iniciar Campanha", and no client read', async () => {
  serve();
  renderScreen(<Atendimento />, '/atendimento');
  expect(screen.getByRole('banner', { name: 'Campanha' }).textContent).toBe('---');
  const start = screen.getByRole('button', { name: 'Iniciar Campanha' }) as HTMLButtonElement;
  expect(start.disabled).toBe(false);
  // Only the attendant's own status (the Pause menu) and day ('Meu dia') are read.
  await waitFor(() => expect(server.requests.toSorted()).toEqual(['GET /atendente/meu-dia', 'GET /atendente/status']));
});

it("shows 'Meu dia' beside the campaign bar; a day that cannot be read leaves the rest of the screen working", async () => {
  // An API without the read yet (404) is the likeliest failure; the strip's own test covers the others.
  serve({ '/atendente/meu-dia': () => ({ status: 404, body: { success: false, text: 'Recurso não encontrado.' } }) });
  const error = jest.spyOn(toast, 'error');
  renderScreen(<Atendimento />, '/atendimento?clientId=7');
  await screen.findByRole('region', { name: 'Cadastro' });
  const myDay = screen.getByRole('region', { name: 'Meu dia' });
  await waitFor(() => expect(myDay.textContent).toBe('Não foi possível carregar seu dia.'));
  expect(myDay.parentElement).toBe(screen.getByRole('banner', { name: 'Campanha' }).parentElement);
  fireEvent.click(screen.getByRole('tab', { name: 'FGTS' }));
  expect(screen.getByRole('contentinfo').textContent).toBe('Total: R$ 1.234,56');
  // The strip says it in its place; no error toast of its read (other reads of this fake API do fail).
  expect(error.mock.calls.map(([, options]) => options?.id)).not.toContain('query:["my-day"]');
});

it('shows the campaign of the client the queue handed out', async () => {
  serve({ '/crm/cliente/basicoPorID/7': () => envelope({ cliente: { ...client, DE_Campanha: 'INSS Aposentados SP' } }) });
  renderScreen(<Atendimento />, '/atendimento?clientId=7');
  await screen.findByRole('region', { name: 'Cadastro' });
  expect(screen.getByRole('banner', { name: 'Campanha' }).textContent).toBe('INSS Aposentados SP');
});

it('treats a clientId that is not only digits as no client, and reads no client', async () => {
  serve();
  renderScreen(<Atendimento />, '/atendimento?clientId=Maria');
  expect(screen.getByRole('button', { name: 'Iniciar Campanha' })).toBeTruthy();
  expect(screen.queryByRole('heading', { name: 'Cadastro' })).toBeNull();
  await waitFor(() => expect(server.requests.toSorted()).toEqual(['GET /atendente/meu-dia', 'GET /atendente/status']));
});

it('loads the client and its operations, selects the first one and fills the band and the total', async () => {
  serve();
  renderScreen(<Atendimento />, '/atendimento?clientId=7');

  const card = await screen.findByRole('region', { name: 'Cadastro' });
  for (const text of ['Maria Souza', '111.444.777-35', '12/03/1958']) expect(within(card).getByText(text)).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Iniciar Campanha' })).toBeNull();
  // The shared attendance state also holds the company's attendants (product-spec §3).
  expect(server.requests).toEqual(
    expect.arrayContaining(['GET /crm/cliente/basicoPorID/7', 'GET /crm/cliente/operacoes/7', 'GET /atendente']),
  );

  await waitFor(() => expect(screen.getByRole('tab', { name: 'INSS' }).getAttribute('aria-selected')).toBe('true'));
  expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
    'INSS',
    'ML',
    'SIAPE',
    'FGTS',
    'Crédito Privado',
    'EGC',
    'EGI',
  ]);
  expect((screen.getByRole('tab', { name: 'ML' }) as HTMLButtonElement).disabled).toBe(true); // no ML operation for this client
  expect(figure('MR')).toBe('R$ 0,00');
  expect(figure('Base de cálculo')).toBe('R$ 3.000,00');
  expect(figure('Margem 35%')).toBe('R$ 1.050,00');
  expect(figure('Margem disponível para cartão')).toBe('R$ 150,00');
  expect(screen.getByRole('region', { name: 'INSS' })).toBeTruthy();
  expect(screen.getByRole('contentinfo').textContent).toBe('Total: R$ 10.000,00');
});

it('a tab click shows that type card only, with its figures and total', async () => {
  serve();
  renderScreen(<Atendimento />, '/atendimento?clientId=7');
  fireEvent.click(await screen.findByRole('tab', { name: 'FGTS' }));

  expect(screen.getByRole('tab', { name: 'FGTS' }).getAttribute('aria-selected')).toBe('true');
  expect(screen.getByRole('tab', { name: 'INSS' }).getAttribute('aria-selected')).toBe('false');
  expect(screen.getByRole('region', { name: 'FGTS' })).toBeTruthy();
  expect(screen.queryByRole('region', { name: 'INSS' })).toBeNull();
  expect(figure('Base de cálculo')).toBe('R$ 8.000,50');
  expect(figure('Margem 35%')).toBe('R$ 0,00');
  expect(screen.getByRole('contentinfo').textContent).toBe('Total: R$ 1.234,56');
});

it('shows R$ 0,00 in the band when the client has no operation', async () => {
  serve({ '/crm/cliente/operacoes/7': () => envelope([]) });
  renderScreen(<Atendimento />, '/atendimento?clientId=7');
  await screen.findByRole('region', { name: 'Cadastro' });
  await waitFor(() => expect(server.requests).toContain('GET /crm/cliente/operacoes/7'));
  expect(figure('Base de cálculo')).toBe('R$ 0,00');
  expect(figure('Margem disponível para cartão')).toBe('R$ 0,00');
  expect(screen.getByRole('contentinfo').textContent).toBe('Total: R$ 0,00');
});

it('a failed client load shows the server text and leaves the screen without a client', async () => {
  const error = jest.spyOn(toast, 'error');
  serve({ '/crm/cliente/basicoPorID/7': () => ({ status: 404, body: { success: false, text: 'Cliente não encontrado.' } }) });
  renderScreen(<Atendimento />, '/atendimento?clientId=7');
  await waitFor(() => expect(error).toHaveBeenCalledWith('Cliente não encontrado.', expect.anything()));
  expect(screen.getByRole('button', { name: 'Iniciar Campanha' })).toBeTruthy();
  expect(screen.queryByRole('tab')).toBeNull();
});

it("an unknown client says 'Cliente não encontrado.' once, though its operations are unknown too", async () => {
  const error = jest.spyOn(toast, 'error');
  const notFound = () => ({ status: 404, body: { success: false, text: 'Cliente não encontrado.' } });
  serve({ '/crm/cliente/basicoPorID/7': notFound, '/crm/cliente/operacoes/7': notFound });
  renderScreen(<Atendimento />, '/atendimento?clientId=7');
  await waitFor(() =>
    expect(server.requests).toEqual(expect.arrayContaining(['GET /crm/cliente/basicoPorID/7', 'GET /crm/cliente/operacoes/7'])),
  );
  await waitFor(() => expect(error).toHaveBeenCalledWith('Cliente não encontrado.', expect.anything()));
  await act(async () => {});
  expect(error.mock.calls.filter(([text]) => text === 'Cliente não encontrado.')).toHaveLength(1);
});

it("the 'Cadastro' eye shows the phone numbers, and the pencil toggles edit mode", async () => {
  serve({
    '/crm/cliente/telefones/7': () => envelope([{ TelefoneID: 1, DE_Telefone: '11987654321', CO_DDD: '11', CO_Telefone: '987654321' }]),
  });
  renderScreen(<Atendimento />, '/atendimento?clientId=7');
  expect(await screen.findByText('xxxxxxxxxxx')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Mostrar dados' }));
  expect(screen.getByText('(11) 98765-4321')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Ocultar dados' }).getAttribute('aria-pressed')).toBe('true');

  const pencil = screen.getByRole('button', { name: 'Editar cadastro' });
  expect(pencil.getAttribute('aria-pressed')).toBe('false');
  fireEvent.click(pencil);
  expect(pencil.getAttribute('aria-pressed')).toBe('true');
});

it("shows the client's calls in the 'Ligações' panel", async () => {
  serve();
  renderScreen(<Atendimento />, '/atendimento?clientId=7');
  const calls = within(await screen.findByRole('region', { name: 'Ligações' }));
  expect(await calls.findByText('Nenhuma ligação registrada.')).toBeTruthy();
  expect(server.requests).toContain('GET /crm/cliente/7/ligacoes');
});

describe('operation update from a push', () => {
  it('merges an update whose ID_Cliente differs from the client, into its operation', async () => {
    serve();
    renderScreen(<Atendimento />, '/atendimento?clientId=7');
    await screen.findByRole('region', { name: 'INSS' });
    act(() =>
      bus.publish('attendance.operation-update@1', {
        operation: { OperacaoID: 70, ID_Cliente: 8, VL_Liquido: '5000.00', VL_BaseCalculo: '4000.00' },
      }),
    );
    expect(screen.getByRole('contentinfo').textContent).toBe('Total: R$ 5.000,00');
    expect(figure('Base de cálculo')).toBe('R$ 4.000,00');
  });

  it('ignores an update whose ID_Cliente is the current client', async () => {
    serve();
    renderScreen(<Atendimento />, '/atendimento?clientId=7');
    await screen.findByRole('region', { name: 'INSS' });
    act(() => bus.publish('attendance.operation-update@1', { operation: { OperacaoID: 70, ID_Cliente: 7, VL_Liquido: '5000.00' } }));
    expect(screen.getByRole('contentinfo').textContent).toBe('Total: R$ 10.000,00');
  });
});

describe("'Novo Cliente'", () => {
  it('needs a CPF, sends its digits, then opens the found client and closes', async () => {
    const found = aClient({ ClienteID: 42, DE_Pessoa: 'José Santos' });
    serve({
      '/crm/cliente/basico/11144477735?cadastrar=0': () => envelope({ cliente: found }),
      '/crm/cliente/basicoPorID/42': () => envelope({ cliente: found }),
      '/crm/cliente/operacoes/42': () => envelope([]),
      '/crm/cliente/telefones/42': () => envelope([]),
    });
    renderScreen(<Atendimento />, '/atendimento?clientId=7');
    await screen.findByRole('region', { name: 'Cadastro' });
    fireEvent.click(screen.getByRole('button', { name: 'Novo Cliente' }));
    const dialog = screen.getByRole('dialog', { name: 'Novo Cliente' });
    const cpf = within(dialog).getByLabelText('CPF') as HTMLInputElement;
    expect(document.activeElement).toBe(cpf);

    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: 'Mudar' })));
    // Required, without a message (§5): nothing is sent and the CPF keeps the focus.
    expect(document.activeElement).toBe(cpf);
    expect(server.requests.some((request) => request.includes('/crm/cliente/basico/'))).toBe(false);

    fireEvent.change(cpf, { target: { value: '11144477735' } });
    expect(cpf.value).toBe('111.444.777-35');
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: 'Mudar' })));

    await waitFor(() => expect(routerLocation.current).toBe('/atendimento?clientId=42'));
    expect(server.requests).toContain('GET /crm/cliente/basico/11144477735?cadastrar=0');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('José Santos')).toBeTruthy();
  });

  it('closes on Escape and keeps Tab inside itself', () => {
    serve();
    renderScreen(<Atendimento />, '/atendimento');
    const opener = screen.getByRole('button', { name: 'Novo Cliente' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Novo Cliente' });
    const mudar = within(dialog).getByRole('button', { name: 'Mudar' });
    mudar.focus();
    fireEvent.keyDown(mudar, { key: 'Tab' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Fechar' }));
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(mudar);

    fireEvent.keyDown(mudar, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('shows a refused CPF lookup as an error toast and stays open', async () => {
    const error = jest.spyOn(toast, 'error');
    serve({ '/crm/cliente/basico/11144477735?cadastrar=0': () => ({ status: 400, body: { success: false, text: 'CPF inválido.' } }) });
    renderScreen(<Atendimento />, '/atendimento');
    fireEvent.click(screen.getByRole('button', { name: 'Novo Cliente' }));
    fireEvent.change(screen.getByLabelText('CPF'), { target: { value: '11144477735' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Mudar' })));
    await waitFor(() => expect(error).toHaveBeenCalledWith('CPF inválido.', { duration: 5000 }));
    expect(screen.getByRole('dialog', { name: 'Novo Cliente' })).toBeTruthy();
    expect(routerLocation.current).toBe('/atendimento');
  });
});

describe("'Novo Cliente' for an answered call from a number that is no client's", () => {
  const found = aClient({ ClienteID: 42, DE_Pessoa: 'José Santos' });
  let posted: unknown[];

  /** The screen's reads for the client a CPF finds (42), whose phones are `phones` until one is added. */
  function serveNewClient(phones = [] as ReturnType<typeof aPhone>[]) {
    posted = [];
    let list = phones;
    serve({
      '/crm/cliente/basico/11144477735?cadastrar=0': () => envelope({ cliente: found }),
      '/crm/cliente/basicoPorID/42': () => envelope({ cliente: found }),
      '/crm/cliente/operacoes/42': () => envelope([]),
      '/crm/cliente/telefones/42': () => envelope(list),
      '/crm/cliente/42/ligacoes': () => envelope([]),
      '/cadastro/telefone': (request) => {
        const body = JSON.parse(request.data as string) as { DE_Telefone: string };
        posted.push(body);
        list = [...list, aPhone(3, body.DE_Telefone)];
        return envelope(null, 'Telefone cadastrado.');
      },
    });
  }

  const openFromCall = async () => {
    renderScreen(<Atendimento />, routeLinks.newClient('11955551111'));
    return within(await screen.findByRole('dialog', { name: 'Novo Cliente' }));
  };
  const mudar = (dialog: ReturnType<typeof within>) => act(async () => void fireEvent.click(dialog.getByRole('button', { name: 'Mudar' })));

  it('opens with the CPF to type and the caller as the phone; Mudar adds the phone to the client found and opens it', async () => {
    const success = jest.spyOn(toast, 'success');
    serveNewClient();
    const dialog = await openFromCall();
    const cpf = dialog.getByLabelText('CPF') as HTMLInputElement;
    expect(document.activeElement).toBe(cpf);
    expect((dialog.getByLabelText('Telefone') as HTMLInputElement).value).toBe('11955551111');

    fireEvent.change(cpf, { target: { value: '11144477735' } });
    await mudar(dialog);

    await waitFor(() => expect(routerLocation.current).toBe('/atendimento?clientId=42'));
    expect(server.requests).toEqual(
      expect.arrayContaining([
        'GET /crm/cliente/basico/11144477735?cadastrar=0',
        'GET /crm/cliente/telefones/42',
        'POST /cadastro/telefone',
      ]),
    );
    expect(posted).toEqual([{ DE_Telefone: '11955551111', ClienteID: 42 }]);
    expect(success).toHaveBeenCalledWith('Telefone cadastrado.', { duration: 5000 });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('José Santos')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar dados' }));
    expect(await within(screen.getByRole('region', { name: 'Telefone' })).findByText('(11) 95555-1111')).toBeTruthy();
  });

  it('adds nothing when the client already has the number', async () => {
    serveNewClient([aPhone(1, '11955551111')]);
    const dialog = await openFromCall();
    fireEvent.change(dialog.getByLabelText('CPF'), { target: { value: '11144477735' } });
    await mudar(dialog);
    await waitFor(() => expect(routerLocation.current).toBe('/atendimento?clientId=42'));
    expect(server.requests).not.toContain('POST /cadastro/telefone');
  });

  it("checks the phone with the add-phone dialog's rules, and adds none when it is cleared", async () => {
    serveNewClient();
    const dialog = await openFromCall();
    const phone = dialog.getByLabelText('Telefone');
    fireEvent.change(dialog.getByLabelText('CPF'), { target: { value: '11144477735' } });
    fireEvent.change(phone, { target: { value: '1132654321' } });
    await mudar(dialog);
    expect(document.getElementById(phone.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Deve conter 11 dígitos.');
    expect(server.requests.some((request) => request.includes('/crm/cliente/basico/'))).toBe(false);

    fireEvent.change(phone, { target: { value: '' } });
    await mudar(dialog);
    await waitFor(() => expect(routerLocation.current).toBe('/atendimento?clientId=42'));
    expect(server.requests).not.toContain('POST /cadastro/telefone');
  });

  it('closed without a client, it leaves the address, so a reload does not open it again', async () => {
    serveNewClient();
    await openFromCall();
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(routerLocation.current).toBe('/atendimento'));
    expect(server.requests.some((request) => request.includes('/crm/cliente/'))).toBe(false);
  });

  it("the 'Novo Cliente' button still asks for the CPF only", () => {
    serve();
    renderScreen(<Atendimento />, '/atendimento');
    fireEvent.click(screen.getByRole('button', { name: 'Novo Cliente' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Novo Cliente' }));
    expect(dialog.getByLabelText('CPF')).toBeTruthy();
    expect(dialog.queryByLabelText('Telefone')).toBeNull();
  });
});
