import { session, type Client, type MyDay, type Operation, type SentSimulation } from '@consig/shared';
import { fakeApi, renderScreen, signIn } from '@consig/shared/testing';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import Atendimento from '../Atendimento';
import { aClient, aDay, anOperation, envelope } from '../testData';
import { SUBMIT_DELAY_MS } from './submission';

type Answer = { status?: number; body: unknown };
/** The account the credit is paid into, as a selected card needs it (product-spec §5 "Operation bank fields"). */
const account = { CO_Banco: '623', CO_Agencia: '1234', CO_ContaCorrente: '56789', CO_ContaCorrenteDV: '0', ID_TipoConta: 1 };
const inss = anOperation({
  OperacaoID: 70,
  ID_TipoCredito: 1,
  DE_Banco: 'Banco Pan',
  SN_Selecionado: 1,
  NU_Parcelas: 84,
  VL_Parcela: '250.00',
  VL_Bruto: '10120.50',
  VL_Liquido: '10000.00',
  ...account,
});
const fgts = anOperation({
  OperacaoID: 71,
  ID_TipoCredito: 4,
  DE_Banco: 'Banco Safra',
  SN_Selecionado: 0,
  NU_Parcelas: 5,
  VL_Liquido: '1234.56',
});
const sentSimulation: SentSimulation = {
  ID_Simulacao: 3,
  TS_Envio: '2026-03-10T13:30:00Z',
  EM_Destino: 'maria@example.com',
  TP_Envio: 'enviado',
  DE_Atendente: 'Ana Atendente',
  operacoes: [
    {
      OperacaoID: 70,
      ID_TipoCredito: 1,
      CO_Banco: '623',
      DE_Banco: 'Banco Pan',
      NU_Parcelas: 72,
      VL_Parcela: '300.00',
      VL_Bruto: '11000.00',
      VL_Liquido: '10800.00',
      VL_SaldoDevedor: '0.00',
      VL_IOF: '100.00',
      VL_Taxa: '1.80',
      VL_CETMensal: '1.95',
      VL_CETAnual: '26.08',
      DT_Validade: '2026-03-20',
    },
  ],
};

let server: ReturnType<typeof fakeApi>;
/** What 'Meu dia' (GET /atendente/meu-dia) answers now. */
let myDay: MyDay;
/** Bodies of the writes, by path; the answers of POSTs come from `answerWrite` (held until the test resolves them). */
let posted: Record<string, unknown[]>;
let pendingWrites: ((answer: Answer) => void)[];

/** A client whose registration passes the full-mode form rules (product-spec §5), as a proposal needs. */
const registeredClient = () =>
  aClient({
    DE_Telefone: '11987654321',
    CO_Cep: '01001-000',
    DE_Endereco: 'Praça da Sé',
    DE_Numero: '1',
    DE_Bairro: 'Sé',
    DE_Cidade: 'São Paulo',
    SG_Estado: 'SP',
    EM_Email: 'cliente@exemplo.com.br',
  });

function serve({
  client = registeredClient(),
  operations = [inss, fgts],
  simulations = [] as SentSimulation[],
  holdFgtsBalance = false,
}: { client?: Client; operations?: Operation[]; simulations?: SentSimulation[]; holdFgtsBalance?: boolean } = {}) {
  posted = {};
  pendingWrites = [];
  myDay = aDay();
  server = fakeApi((request) => {
    const path = request.url ?? '';
    if (request.method === 'post') {
      (posted[path] ??= []).push(JSON.parse(request.data as string));
      if (path === '/crm/fgts/saldo' && !holdFgtsBalance) return { status: 404, body: { success: false, text: 'Recurso não encontrado.' } };
      return new Promise<Answer>((resolve) => pendingWrites.push(resolve));
    }
    if (path === '/crm/cliente/basicoPorID/7') return envelope({ cliente: client });
    if (path === '/crm/cliente/operacoes/7') return envelope(operations);
    if (path === '/crm/simulacao/7') return envelope(simulations);
    if (path === '/crm/cliente/telefones/7') return envelope([]);
    if (path === '/atendente') return envelope([]);
    if (path === '/atendente/meu-dia') return envelope(myDay);
    return { status: 404, body: { success: false, text: 'Recurso não encontrado.' } };
  });
}

beforeEach(() => {
  jest.useFakeTimers();
  signIn({ ID_Empresa: 1 });
});

afterEach(() => {
  server.restore();
  session.signOut();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const gets = (path: string) => server.requests.filter((request) => request === `GET ${path}`).length;
const history = async () => within(await screen.findByRole('region', { name: 'Histórico e Simulador' }));
const summary = (title: string) => within(screen.getByRole('dialog', { name: title }));
const figure = (section: ReturnType<typeof within>, label: string) => section.getByText(label).nextElementSibling?.textContent;
const wait = (ms: number) => act(async () => void jest.advanceTimersByTime(ms));
const answerWrite = (body: unknown, status = 200) => act(async () => pendingWrites.shift()?.({ status, body }));

async function openScreen() {
  renderScreen(<Atendimento />, '/atendimento?clientId=7');
  await screen.findByRole('tab', { name: 'INSS', selected: true }); // the operations are in
  return history();
}

async function openSale() {
  fireEvent.click((await openScreen()).getByRole('button', { name: 'Registrar proposta' }));
  await wait(0); // the client form is validated first (asynchronously)
  return summary('Resumo da venda');
}

it('with a registration the full-mode rules refuse, shows the errors under the fields and opens no summary', async () => {
  serve({ client: aClient() }); // no phone, CEP, address or e-mail
  fireEvent.click((await openScreen()).getByRole('button', { name: 'Registrar proposta' }));
  await wait(0);
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(screen.getAllByText('Este campo é obrigatório.').length).toBeGreaterThan(0);
  expect(posted['/crm/proposta/0']).toBeUndefined();
});

it('with no selected operation, says so in an error toast and opens no summary', async () => {
  serve({ operations: [{ ...inss, SN_Selecionado: 0 }, fgts] });
  const error = jest.spyOn(toast, 'error');
  fireEvent.click((await openScreen()).getByRole('button', { name: 'Registrar proposta' }));
  expect(error).toHaveBeenCalledWith('Selecione uma sugestão de crédito.', { duration: 5000 });
  expect(screen.queryByRole('dialog')).toBeNull();
});

it('the sale summary shows the figures of each selected operation only', async () => {
  serve();
  const dialog = await openSale();
  const operation = within(dialog.getByRole('region', { name: 'INSS · Banco Pan' }));
  expect(figure(operation, 'Prazo')).toBe('84');
  expect(figure(operation, 'Parcela')).toBe('R$ 250,00');
  expect(figure(operation, 'Valor bruto')).toBe('R$ 10.120,50');
  expect(figure(operation, 'Valor líquido')).toBe('R$ 10.000,00');
  expect(figure(operation, 'Taxa')).toBe('1,80% a.m.');
  expect(figure(operation, 'IOF')).toBe('R$ 120,50');
  expect(figure(operation, 'CET mensal')).toBe('1,95%');
  expect(figure(operation, 'CET anual')).toBe('26,08%');
  expect(figure(operation, 'Validade')).toBe('24/11/2026');
  expect(dialog.queryByRole('region', { name: 'FGTS · Banco Safra' })).toBeNull();
});

it('names whom the sale is for: the client, the CPF and the account each operation pays into', async () => {
  serve();
  const dialog = await openSale();
  const client = within(dialog.getByRole('region', { name: 'Cliente' }));
  expect(figure(client, 'Cliente')).toBe('Maria Souza');
  expect(figure(client, 'CPF')).toBe('111.444.777-35');
  expect(client.queryByText('Enviar para')).toBeNull();
  const operation = within(dialog.getByRole('region', { name: 'INSS · Banco Pan' }));
  expect(figure(operation, 'Conta de crédito')).toBe('623 - Banco Pan · Ag. 1234 · Conta 56789-0 (Conta Corrente)');
});

it('opens no summary while a selected operation lacks its account: its card shows why under the fields', async () => {
  serve({ operations: [{ ...inss, CO_ContaCorrente: null, CO_ContaCorrenteDV: null }, fgts] });
  fireEvent.click((await openScreen()).getByRole('button', { name: 'Registrar proposta' }));
  await wait(0);
  await wait(100);
  expect(screen.queryByRole('dialog')).toBeNull();
  const card = within(screen.getByRole('group', { name: 'Dados bancários da operação' }));
  expect(card.getAllByText('Este campo é obrigatório caso operação esteja selecionada.')).toHaveLength(2);
  expect(document.activeElement).toBe(card.getByLabelText('Conta'));
  expect(posted['/crm/proposta/0']).toBeUndefined();
});

it("reads a server field error as the field's label and text, never the wire path, and shows it under the field", async () => {
  serve();
  const error = jest.spyOn(toast, 'error');
  fireEvent.click((await openSale()).getByRole('button', { name: 'Confirmar' }));
  await wait(SUBMIT_DELAY_MS);
  await answerWrite({ success: false, text: 'contratar.0.CO_ContaCorrente: Apenas números.' }, 400);
  expect(error).toHaveBeenCalledWith('Conta (INSS): Apenas números.', { duration: 5000 });

  fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
  await wait(SUBMIT_DELAY_MS);
  await answerWrite({ success: false, text: 'cliente.EM_Email: Email inválido.' }, 400);
  expect(error).toHaveBeenLastCalledWith('E-mail: Email inválido.', { duration: 5000 });
  const form = within(screen.getByRole('form', { name: 'Dados do cliente' }));
  expect(form.getByText('Email inválido.')).toBeTruthy();
});

it('a click on the backdrop closes the summary without sending anything', async () => {
  serve();
  await openSale();
  fireEvent.click(screen.getByRole('dialog').parentElement as HTMLElement);
  expect(screen.queryByRole('dialog')).toBeNull();
  await wait(SUBMIT_DELAY_MS);
  expect(posted['/crm/proposta/0']).toBeUndefined();
});

it('sends after 300 ms, once however often confirm is clicked, with the client and the operations', async () => {
  serve();
  const dialog = await openSale();
  const confirm = dialog.getByRole('button', { name: 'Confirmar' });
  fireEvent.click(confirm);
  fireEvent.click(confirm);
  await wait(SUBMIT_DELAY_MS - 1);
  expect(posted['/crm/proposta/0']).toBeUndefined();
  expect(dialog.getByRole('button', { name: 'Enviando...' })).toHaveProperty('disabled', true);
  fireEvent.click(dialog.getByRole('button', { name: 'Enviando...' }));
  await wait(1);
  await wait(SUBMIT_DELAY_MS);

  expect(posted['/crm/proposta/0']).toHaveLength(1);
  const body = posted['/crm/proposta/0'][0] as { cliente: Client; contratar: Record<string, unknown>[] };
  expect(body.cliente).toMatchObject({ ClienteID: 7, CO_CPF: '11144477735', DE_CPF: '111.444.777-35' });
  expect(body.contratar).toEqual([
    expect.objectContaining({ OperacaoID: 70, SN_Selecionado: true, NU_Parcelas: 84, VL_Parcela: '250.00', VL_Liquido: '10000.00' }),
    expect.objectContaining({ OperacaoID: 71, SN_Selecionado: false }),
  ]);
});

it("on success shows the server's text for 5000 ms, closes the summary and reads operations and simulations again", async () => {
  serve();
  const success = jest.spyOn(toast, 'success');
  fireEvent.click((await openSale()).getByRole('button', { name: 'Confirmar' }));
  await wait(SUBMIT_DELAY_MS);
  expect(gets('/crm/cliente/operacoes/7')).toBe(1);
  expect(gets('/crm/simulacao/7')).toBe(1);

  await answerWrite({ success: true, text: 'Proposta registrada com sucesso.', data: [{ ID_Proposta: 1, CO_ADE: '0000000001' }] });
  await wait(0);

  expect(success).toHaveBeenCalledWith('Proposta registrada com sucesso.', { duration: 5000 });
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(gets('/crm/cliente/operacoes/7')).toBe(2);
  expect(gets('/crm/simulacao/7')).toBe(2);
});

it("after a proposal 'Meu dia' is read again and counts it", async () => {
  serve();
  const myDayFigure = (label: string) =>
    within(screen.getByRole('region', { name: 'Meu dia' })).getByText(label).nextElementSibling?.textContent;
  fireEvent.click((await openSale()).getByRole('button', { name: 'Confirmar' }));
  expect(myDayFigure('Propostas')).toBe('0 (R$ 0,00)');
  await wait(SUBMIT_DELAY_MS);
  myDay = aDay({ NU_Propostas: 1, VL_Propostas: '10000.00' });
  await answerWrite({ success: true, text: 'Proposta registrada com sucesso.', data: [{ ID_Proposta: 1, CO_ADE: '0000000001' }] });
  await wait(0);

  expect(myDayFigure('Propostas')).toBe('1 (R$ 10.000,00)');
  expect(gets('/atendente/meu-dia')).toBe(2);
});

it('after a proposal the cards show the operations read again, the attendant staying on the card they were on', async () => {
  let served = [inss, fgts];
  server = fakeApi((request) => {
    const path = request.url ?? '';
    if (request.method === 'post') return new Promise<Answer>((resolve) => pendingWrites.push(resolve));
    if (path === '/crm/cliente/basicoPorID/7') return envelope({ cliente: registeredClient() });
    if (path === '/crm/cliente/operacoes/7') return envelope(served);
    if (path === '/atendente/meu-dia') return envelope(aDay());
    return envelope([]);
  });
  pendingWrites = [];
  const block = await openScreen();
  fireEvent.click(screen.getByRole('tab', { name: 'FGTS' }));
  fireEvent.click(block.getByRole('button', { name: 'Registrar proposta' }));
  await wait(0);
  fireEvent.click(summary('Resumo da venda').getByRole('button', { name: 'Confirmar' }));
  await wait(SUBMIT_DELAY_MS);
  served = [inss, { ...fgts, VL_Liquido: '1300.00', DE_Liquido: 'R$ 1.300,00' }];
  await answerWrite({
    success: true,
    text: 'Proposta ADE 0000000001 registrada com sucesso.',
    data: [{ ID_Proposta: 1, CO_ADE: '0000000001' }],
  });
  await wait(0);

  expect(screen.getByRole('tab', { name: 'FGTS' }).getAttribute('aria-selected')).toBe('true');
  expect(screen.getByRole('contentinfo').textContent).toBe('Total: R$ 1.300,00');
  expect(server.requests.filter((request) => request === 'GET /crm/cliente/operacoes/7')).toHaveLength(2);
});

it("on a refusal shows the server's text and keeps the summary open for another try", async () => {
  serve();
  const error = jest.spyOn(toast, 'error');
  const dialog = await openSale();
  fireEvent.click(dialog.getByRole('button', { name: 'Confirmar' }));
  await wait(SUBMIT_DELAY_MS);
  await answerWrite({ success: false, text: 'A parcela excede a margem disponível.' });

  expect(error).toHaveBeenCalledWith('A parcela excede a margem disponível.', { duration: 5000 });
  expect(dialog.getByRole('button', { name: 'Confirmar' })).toHaveProperty('disabled', false);
});

it("'Enviar simulação' is hidden from company 2", async () => {
  signIn({ ID_Empresa: 2 });
  serve();
  const block = await openScreen();
  expect(block.getByRole('button', { name: 'Registrar proposta' })).toBeTruthy();
  expect(block.queryByRole('button', { name: 'Enviar simulação' })).toBeNull();
});

it('company 1 sends a simulation through its summary; success closes it and lists the simulations again', async () => {
  serve();
  const success = jest.spyOn(toast, 'success');
  fireEvent.click((await openScreen()).getByRole('button', { name: 'Enviar simulação' }));
  await wait(0); // the client form is validated first (asynchronously)
  // The simulation's summary also says where it goes.
  const client = within(summary('Resumo da simulação').getByRole('region', { name: 'Cliente' }));
  expect(figure(client, 'Enviar para')).toBe('cliente@exemplo.com.br');
  fireEvent.click(summary('Resumo da simulação').getByRole('button', { name: 'Confirmar' }));
  await wait(SUBMIT_DELAY_MS);
  await answerWrite({
    success: true,
    text: 'Simulação registrada e enviada para maria@example.com.',
    data: { ID_Simulacao: 4, TP_Envio: 'enviado' },
  });
  await wait(0);

  expect(posted['/crm/simulacao/enviar']).toHaveLength(1);
  expect(success).toHaveBeenCalledWith('Simulação registrada e enviada para maria@example.com.', { duration: 5000 });
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(gets('/crm/simulacao/7')).toBe(2);
  expect(gets('/atendente/meu-dia')).toBe(1); // a simulation is no proposal: 'Meu dia' is not read again
});

it('the history lists every operation and the simulations already sent', async () => {
  serve({ simulations: [sentSimulation] });
  const block = await openScreen();
  const operations = block.getByRole('list', { name: 'Operações' });
  expect(
    within(operations)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual([
    'INSS · Banco Pan · 84 × R$ 250,00 · líquido R$ 10.000,00 · Selecionada',
    'FGTS · Banco Safra · 5 × R$ 250,00 · líquido R$ 1.234,56 · Não selecionada',
  ]);
  const sent = await block.findByRole('list', { name: 'Simulações enviadas' });
  expect(sent.textContent).toContain('10/03/2026, 10:30 · Ana Atendente · E-mail enviado (maria@example.com)');
  expect(sent.textContent).toContain('INSS · Banco Pan · 72 × R$ 300,00 · líquido R$ 10.800,00');
});

it('says when no simulation was sent yet', async () => {
  serve();
  expect(await (await openScreen()).findByText('Nenhuma simulação enviada.')).toBeTruthy();
});

describe("FGTS 'Verificar'", () => {
  it('shows only on the FGTS card of a client of agency 4, and shows the refusal as an error toast', async () => {
    serve();
    const error = jest.spyOn(toast, 'error');
    await openScreen();
    expect(screen.queryByRole('button', { name: 'Verificar' })).toBeNull(); // the INSS card is active
    fireEvent.click(screen.getByRole('tab', { name: 'FGTS' }));
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    await wait(0);

    expect(posted['/crm/fgts/saldo']).toEqual([{ ClienteID: 7, CO_CPF: '11144477735', OperacaoID: 71, DE_Telefone: '11987654321' }]);
    expect(error).toHaveBeenCalledWith('Recurso não encontrado.', { duration: 5000 });
    expect(screen.getByRole('region', { name: 'FGTS · Banco Safra' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Verificar' })).toHaveProperty('disabled', false);
  });

  it('ignores clicks while the check runs, then shows the server text as a success toast', async () => {
    serve({ holdFgtsBalance: true });
    const success = jest.spyOn(toast, 'success');
    await openScreen();
    fireEvent.click(screen.getByRole('tab', { name: 'FGTS' }));
    const verify = screen.getByRole('button', { name: 'Verificar' });
    fireEvent.click(verify);
    fireEvent.click(verify);
    await wait(0);
    expect(verify).toHaveProperty('disabled', true);
    fireEvent.click(verify);
    expect(posted['/crm/fgts/saldo']).toHaveLength(1);

    await answerWrite({ success: true, text: 'Consulta de saldo FGTS solicitada.' });
    expect(success).toHaveBeenCalledWith('Consulta de saldo FGTS solicitada.', { duration: 5000 });
    expect(verify).toHaveProperty('disabled', false);
  });

  it('is absent for a client of another agency', async () => {
    serve({ client: aClient({ ID_Orgao: 1 }) });
    await openScreen();
    fireEvent.click(screen.getByRole('tab', { name: 'FGTS' }));
    expect(screen.getByRole('region', { name: 'FGTS · Banco Safra' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Verificar' })).toBeNull();
  });
});

it('shows the benefit block, read-only, while the benefit type is 3 or lower only', async () => {
  serve({ client: aClient({ CO_Matricula: '1234567890', ID_Especie: 41, DT_DIB: '01/02/2010', DT_DDB: '05/02/2010', SN_Bloqueio: 1 }) });
  await openScreen();
  const block = within(screen.getByRole('region', { name: 'Dados do benefício' }));
  expect(figure(block, 'NB')).toBe('1234567890');
  expect(figure(block, 'Espécie')).toBe('41');
  expect(figure(block, 'DIB')).toBe('01/02/2010');
  expect(figure(block, 'DDB')).toBe('05/02/2010');
  expect(figure(block, 'Bloqueado')).toBe('Sim');
  expect(figure(block, 'Representante legal')).toBe('Não');
  expect(block.queryByRole('textbox')).toBeNull();

  fireEvent.click(screen.getByRole('tab', { name: 'FGTS' })); // benefit type 4
  expect(screen.queryByRole('region', { name: 'Dados do benefício' })).toBeNull();
});
