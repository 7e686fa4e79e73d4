import { bus } from '@consig/shared';
import { fakeApi, renderScreen, routerLocation } from '@consig/shared/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import Atendimento from './Atendimento';
import { aClient, anOperation, envelope } from './testData';

const client = aClient({ ClienteID: 7, DE_Pessoa: 'Maria Souza', DE_CPF: '111.444.777-35', DE_Nascimento: '12/03/1958' });
const inss = anOperation({ OperacaoID: 70, ID_TipoCredito: 1, VL_BaseCalculo: '3000.00', VL_Margem: '1050.00', VL_MargemCartao: '150.00', VL_Liquido: '10000.00' });
const fgts = anOperation({ OperacaoID: 71, ID_TipoCredito: 4, VL_BaseCalculo: '8000.50', VL_Margem: '0.00', VL_MargemCartao: '0.00', VL_Liquido: '1234.56' });

let server: ReturnType<typeof fakeApi>;

/** Answers the screen's reads for client 7; `overrides` replaces the answer of a path. */
function serve(overrides: Record<string, () => ReturnType<Parameters<typeof fakeApi>[0]>> = {}) {
  server = fakeApi((request) => {
    const path = request.url ?? '';
    if (overrides[path]) return overrides[path]();
    if (path === '/crm/cliente/basicoPorID/7') return envelope({ cliente: client });
    if (path === '/crm/cliente/operacoes/7') return envelope([inss, fgts]);
    if (path === '/crm/cliente/telefones/7') return envelope([]);
    if (path === '/atendente') return envelope([{ AtendenteID: 1, DE_Pessoa: 'Ana Atendente' }]);
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
  // Only the attendant's own status (the Pause menu) is read.
  await waitFor(() => expect(server.requests).toEqual(['GET /atendente/status']));
});

it("shows the campaign of the client the queue handed out", async () => {
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
  await waitFor(() => expect(server.requests).toEqual(['GET /atendente/status']));
});

it('loads the client and its operations, selects the first one and fills the band and the total', async () => {
  serve();
  renderScreen(<Atendimento />, '/atendimento?clientId=7');

  const card = await screen.findByRole('region', { name: 'Cadastro' });
  for (const text of ['Maria Souza', '111.444.777-35', '12/03/1958']) expect(within(card).getByText(text)).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Iniciar Campanha' })).toBeNull();
  // The shared attendance state also holds the company's attendants (product-spec §3).
  expect(server.requests).toEqual(expect.arrayContaining(['GET /crm/cliente/basicoPorID/7', 'GET /crm/cliente/operacoes/7', 'GET /atendente']));

  await waitFor(() => expect(screen.getByRole('tab', { name: 'INSS' }).getAttribute('aria-selected')).toBe('true'));
  expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['INSS', 'ML', 'SIAPE', 'FGTS', 'Crédito Privado', 'EGC', 'EGI']);
  expect((screen.getByRole('tab', { name: 'ML' }) as HTMLButtonElement).disabled).toBe(true); // no ML operation for this client
  expect(figure('MR')).toBe('R$ 0,00');
  expect(figure('Base de cálculo')).toBe('3.000,00');
  expect(figure('Margem 35%')).toBe('1.050,00');
  expect(figure('Margem disponível para cartão')).toBe('150,00');
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
  expect(figure('Base de cálculo')).toBe('8.000,50');
  expect(figure('Margem 35%')).toBe('0,00');
  expect(screen.getByRole('contentinfo').textContent).toBe('Total: R$ 1.234,56');
});

it('shows 0,00 in the band when the client has no operation', async () => {
  serve({ '/crm/cliente/operacoes/7': () => envelope([]) });
  renderScreen(<Atendimento />, '/atendimento?clientId=7');
  await screen.findByRole('region', { name: 'Cadastro' });
  await waitFor(() => expect(server.requests).toContain('GET /crm/cliente/operacoes/7'));
  expect(figure('Base de cálculo')).toBe('0,00');
  expect(figure('Margem disponível para cartão')).toBe('0,00');
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

it("the 'Cadastro' eye shows the phone numbers, and the pencil toggles edit mode", async () => {
  serve({ '/crm/cliente/telefones/7': () => envelope([{ TelefoneID: 1, DE_Telefone: '11987654321', CO_DDD: '11', CO_Telefone: '987654321' }]) });
  renderScreen(<Atendimento />, '/atendimento?clientId=7');
  expect(await screen.findByText('xxxxxxxxxxx')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Mostrar dados' }));
  expect(screen.getByText('11987654321')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Ocultar dados' }).getAttribute('aria-pressed')).toBe('true');

  const pencil = screen.getByRole('button', { name: 'Editar cadastro' });
  expect(pencil.getAttribute('aria-pressed')).toBe('false');
  fireEvent.click(pencil);
  expect(pencil.getAttribute('aria-pressed')).toBe('true');
});

describe('operation update from a push', () => {
  it('merges an update whose ID_Cliente differs from the client, into its operation', async () => {
    serve();
    renderScreen(<Atendimento />, '/atendimento?clientId=7');
    await screen.findByRole('region', { name: 'INSS' });
    act(() => bus.publish('attendance.operation-update@1', { operation: { OperacaoID: 70, ID_Cliente: 8, VL_Liquido: '5000.00', VL_BaseCalculo: '4000.00' } }));
    expect(screen.getByRole('contentinfo').textContent).toBe('Total: R$ 5.000,00');
    expect(figure('Base de cálculo')).toBe('4.000,00');
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
      '/crm/cliente/basico/11144477735': () => envelope({ cliente: found }),
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
    expect(server.requests).toContain('GET /crm/cliente/basico/11144477735');
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
    serve({ '/crm/cliente/basico/11144477735': () => ({ status: 400, body: { success: false, text: 'CPF inválido.' } }) });
    renderScreen(<Atendimento />, '/atendimento');
    fireEvent.click(screen.getByRole('button', { name: 'Novo Cliente' }));
    fireEvent.change(screen.getByLabelText('CPF'), { target: { value: '11144477735' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Mudar' })));
    await waitFor(() => expect(error).toHaveBeenCalledWith('CPF inválido.', { duration: 5000 }));
    expect(screen.getByRole('dialog', { name: 'Novo Cliente' })).toBeTruthy();
    expect(routerLocation.current).toBe('/atendimento');
  });
});
