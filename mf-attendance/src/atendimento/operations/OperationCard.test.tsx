import { bus, type Client, type Operation, type UpdatedOperation } from '@consig/shared';
import { operationKeys } from '@consig/shared/query';
import { fakeApi, renderScreen } from '@consig/shared/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import Atendimento from '../Atendimento';
import { aClient, aDay, anOperation, envelope } from '../testData';
import { RECALCULATION_DEBOUNCE_MS } from './useRecalculation';

const inss = anOperation({
  OperacaoID: 70,
  ID_TipoCredito: 1,
  NU_Parcelas: 84,
  VL_Parcela: '250.00',
  VL_Liquido: '10000.00',
  DE_Bruto: 'R$ 10.120,50',
});

const offer = (changes: Partial<UpdatedOperation>): UpdatedOperation => ({
  OperacaoID: 70,
  SN_Selecionado: 0,
  NU_Parcelas: 84,
  VL_Parcela: '250.00',
  VL_Bruto: '10120.50',
  VL_Liquido: '10000.00',
  VL_SaldoDevedor: '0.00',
  DE_Bruto: 'R$ 10.120,50',
  DE_Liquido: 'R$ 10.000,00',
  VL_Taxa: '1.80',
  VL_IOF: '120.50',
  VL_CETMensal: '1.95',
  VL_CETAnual: '26.08',
  DT_Validade: '2026-11-24',
  ...changes,
});

type Answer = { status?: number; body: unknown };
let server: ReturnType<typeof fakeApi>;
/** The bodies of POST /crm/atualizaOperacao, and how to answer each (in order), held until the test says so. */
let sent: Record<string, unknown>[];
let answers: ((answer: Answer) => void)[];
/** What GET /crm/cliente/basicoPorID/7 and /crm/cliente/operacoes/7 answer (a test may change them first). */
let client: Client;
let operations: Operation[];
const BANKS = [
  { BancoID: 1, DE_Banco: 'Banco do Brasil' },
  { BancoID: 41, DE_Banco: 'Banrisul' },
  { BancoID: 104, DE_Banco: 'Caixa Econômica Federal' },
  { BancoID: 318, DE_Banco: 'Banco BMG' },
];

beforeEach(() => {
  jest.useFakeTimers();
  sent = [];
  answers = [];
  client = aClient({ ClienteID: 7 });
  operations = [inss];
  server = fakeApi((request) => {
    if (request.url === '/crm/atualizaOperacao') {
      sent.push(JSON.parse(request.data as string) as Record<string, unknown>);
      return new Promise<Answer>((resolve) => answers.push(resolve));
    }
    if (request.url === '/crm/cliente/basicoPorID/7') return envelope({ cliente: client });
    if (request.url === '/crm/cliente/operacoes/7') return envelope(operations);
    if (request.url === '/cadastro/banco/comcodigo') return envelope(BANKS);
    if (request.url === '/crm/cliente/telefones/7') return envelope([]);
    return { status: 404, body: { success: false, text: 'Recurso não encontrado.' } };
  });
});

afterEach(() => {
  server.restore();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

async function openCard(name: string | RegExp = 'INSS') {
  renderScreen(<Atendimento />, '/atendimento?clientId=7');
  return within(await screen.findByRole('region', { name }));
}
const pause = () => act(async () => void jest.advanceTimersByTime(RECALCULATION_DEBOUNCE_MS));
/** Answers a recalculation; the answer reaches the card through the query cache, which tells its readers in a 0 ms timeout. */
async function answer(index: number, body: unknown) {
  await act(async () => answers[index]({ body }));
  await act(async () => void jest.advanceTimersByTime(0));
}
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const value = (card: ReturnType<typeof within>, label: string) => (card.getByLabelText(label) as HTMLInputElement).value;

it('shows the offer figures, and sends nothing on first render', async () => {
  const card = await openCard();
  expect(value(card, 'Prazo')).toBe('84');
  // §9's 0 is no term: with a term chosen it is not offered at all.
  expect([...(card.getByLabelText('Prazo') as HTMLSelectElement).options].map((option) => option.value)).toEqual([
    '48',
    '60',
    '72',
    '84',
    '96',
  ]);
  for (const text of ['R$ 10.120,50', 'R$ 10.000,00', '1,80% a.m.', 'R$ 120,50', '1,95% a.m. / 26,08% a.a.', '24/11/2026'])
    expect(card.getByText(text)).toBeTruthy();
  await pause();
  expect(sent).toEqual([]);
});

it('typing an installment sends one request once typing pauses, and shows the server figures', async () => {
  const card = await openCard();
  const installment = card.getByLabelText('Parcela');
  type(installment, '3');
  type(installment, '30');
  type(installment, '300,5x');
  expect(value(card, 'Parcela')).toBe('300.5');
  await pause();

  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({ OperacaoID: 70, ID_Cliente: 7, NU_Parcelas: 84, VL_Parcela: '300.5', TP_Calculo: 'parcela' });
  await answer(0, {
    success: true,
    text: 'Oferta calculada.',
    data: offer({ VL_Parcela: '300.50', VL_Liquido: '12000.00', DE_Liquido: 'R$ 12.000,00' }),
  });
  expect(value(card, 'Parcela')).toBe('300.50');
  expect(value(card, 'Valor líquido')).toBe('12000.00');
  expect(screen.getByRole('contentinfo').textContent).toBe('Total: R$ 12.000,00');
});

it("sends TP_Calculo 'liquido' when the user edited the net value, and a term change too", async () => {
  const card = await openCard();
  type(card.getByLabelText('Valor líquido'), '9000');
  await pause();
  expect(sent[0]).toMatchObject({ VL_Liquido: '9000', TP_Calculo: 'liquido' });

  fireEvent.change(card.getByLabelText('Prazo'), { target: { value: '96' } });
  await pause();
  expect(sent[1]).toMatchObject({ NU_Parcelas: 96, VL_Liquido: '9000', TP_Calculo: 'liquido' });
});

it('a late answer to an older value never overwrites a newer one', async () => {
  const card = await openCard();
  const installment = card.getByLabelText('Parcela');
  type(installment, '300');
  await pause();
  type(installment, '400');
  await pause();
  expect(sent.map((body) => body.VL_Parcela)).toEqual(['300', '400']);

  await answer(1, { success: true, text: '', data: offer({ VL_Parcela: '400.00', VL_Liquido: '16000.00', DE_Liquido: 'R$ 16.000,00' }) });
  await answer(0, { success: true, text: '', data: offer({ VL_Parcela: '300.00', VL_Liquido: '12000.00', DE_Liquido: 'R$ 12.000,00' }) });
  expect(value(card, 'Parcela')).toBe('400.00');
  expect(screen.getByRole('contentinfo').textContent).toBe('Total: R$ 16.000,00');
});

it("shows a refusal's text as a 5000 ms error toast, and returns the inputs to the last accepted values", async () => {
  const error = jest.spyOn(toast, 'error');
  const card = await openCard();
  type(card.getByLabelText('Parcela'), '5000');
  await pause();
  await answer(0, { success: false, text: 'A parcela excede a margem disponível.' });
  expect(error).toHaveBeenCalledWith('A parcela excede a margem disponível.', { duration: 5000 });
  expect(value(card, 'Parcela')).toBe('250.00');

  // A refused term likewise: back to the accepted 84, and the amounts with it.
  fireEvent.change(card.getByLabelText('Prazo'), { target: { value: '96' } });
  type(card.getByLabelText('Parcela'), '260');
  await pause();
  await answer(1, { success: false, text: 'O prazo de 96 parcelas excede o máximo em vigor.' });
  expect(value(card, 'Prazo')).toBe('84');
  expect(value(card, 'Parcela')).toBe('250.00');
});

it("reads §9's 0 as no term chosen: 'Selecione', not choosable, and nothing is sent until a term is", async () => {
  operations = [{ ...inss, NU_Parcelas: 0, NU_PrazosPermitidos: [48, 60, 72, 84, 96] }];
  const card = await openCard();
  const term = card.getByLabelText('Prazo') as HTMLSelectElement;
  expect(term.selectedOptions[0].textContent).toBe('Selecione');
  expect([...term.options].map((option) => [option.textContent, option.disabled])).toEqual([
    ['Selecione', true],
    ['48', false],
    ['60', false],
    ['72', false],
    ['84', false],
    ['96', false],
  ]);
  type(card.getByLabelText('Parcela'), '300');
  await pause();
  expect(sent).toEqual([]);
  fireEvent.change(term, { target: { value: '72' } });
  await pause();
  expect(sent).toEqual([expect.objectContaining({ NU_Parcelas: 72, VL_Parcela: '300' })]);
});

it('offers only the terms in force the server lists, showing a stored term above them without offering it', async () => {
  operations = [{ ...inss, ID_TipoCredito: 4, NU_Parcelas: 5, NU_PrazosPermitidos: [2, 3] }];
  const card = await openCard('FGTS');
  const term = card.getByLabelText('Parcelas antecipadas') as HTMLSelectElement;
  expect([...term.options].map((option) => [option.value, option.disabled])).toEqual([
    ['2', false],
    ['3', false],
    ['5', true],
  ]);
});

it('shows a proposal registered meanwhile once the operations are read again, keeping what was typed', async () => {
  const { queryClient } = renderScreen(<Atendimento />, '/atendimento?clientId=7');
  const card = within(await screen.findByRole('region', { name: 'INSS' }));
  expect(card.queryByRole('status')).toBeNull();
  type(card.getByLabelText('Saldo devedor'), '150');
  operations = [
    { ...inss, PropostaEmAndamento: { PropostaID: 6, CO_ADE: '0000012346', ID_Status: 10, DE_Status: 'Aguardando digitação' } },
  ];
  // What a registered proposal does (SubmitSection invalidates the client's operations).
  await act(() => queryClient.invalidateQueries({ queryKey: operationKeys.list({ clientId: '7' }) }));
  await waitFor(() => expect(card.getByRole('status').textContent).toBe('Proposta ADE 0000012346 em andamento: Aguardando digitação'));
  expect(value(card, 'Saldo devedor')).toBe('150');
});

it('shows the proposal in progress on the card (ADE and status)', async () => {
  operations = [
    { ...inss, PropostaEmAndamento: { PropostaID: 5, CO_ADE: '0000012345', ID_Status: 10, DE_Status: 'Aguardando digitação' } },
  ];
  const card = await openCard();
  expect(card.getByRole('status').textContent).toBe('Proposta ADE 0000012345 em andamento: Aguardando digitação');
});

it('after a merged push the pending recalculation is skipped and the pushed figures stay', async () => {
  const card = await openCard();
  type(card.getByLabelText('Parcela'), '300');
  act(() =>
    bus.publish('attendance.operation-update@1', {
      operation: { OperacaoID: 70, ID_Cliente: 8, VL_Parcela: '280.00', VL_Liquido: '11000.00' },
    }),
  );
  await pause();
  expect(sent).toEqual([]);
  expect(value(card, 'Parcela')).toBe('280.00');
  expect(value(card, 'Valor líquido')).toBe('11000.00');

  type(card.getByLabelText('Parcela'), '290'); // the flag is spent: the next edit is sent
  await pause();
  expect(sent).toHaveLength(1);
});

it('the net value is not editable on an FGTS card, whose term is the anticipated years', async () => {
  server.restore();
  const fgts = anOperation({ OperacaoID: 71, ID_TipoCredito: 4, NU_Parcelas: 5 });
  server = fakeApi((request) => {
    if (request.url === '/crm/cliente/basicoPorID/7') return envelope({ cliente: aClient({ ClienteID: 7 }) });
    if (request.url === '/crm/cliente/operacoes/7') return envelope([fgts]);
    if (request.url === '/atendente/meu-dia') return envelope(aDay());
    return envelope([]);
  });
  renderScreen(<Atendimento />, '/atendimento?clientId=7');
  const card = within(await screen.findByRole('region', { name: 'FGTS' }));
  expect((card.getByLabelText('Valor líquido') as HTMLInputElement).disabled).toBe(true);
  expect([...(card.getByLabelText('Parcelas antecipadas') as HTMLSelectElement).options].map((option) => option.value)).toEqual([
    '2',
    '3',
    '4',
    '5',
    '6',
    '7',
    '8',
    '9',
    '10',
  ]);
});

describe('the bank fields of the card', () => {
  const REQUIRED = 'Este campo é obrigatório caso operação esteja selecionada.';
  const account = {
    CO_Banco: '318',
    DE_Banco: 'Banco BMG',
    CO_Agencia: '1234',
    CO_AgenciaDV: '5',
    CO_ContaCorrente: '56789',
    CO_ContaCorrenteDV: '0',
    ID_TipoConta: 2,
  };
  /** The message under a field of the card: the element its aria-describedby names (none: no message). */
  const messageUnder = (card: ReturnType<typeof within>, label: string) => {
    const describedBy = card.getByLabelText(label).getAttribute('aria-describedby');
    return describedBy ? document.getElementById(describedBy)?.textContent : undefined;
  };
  const options = (card: ReturnType<typeof within>, label: string) =>
    [...(card.getByLabelText(label) as HTMLSelectElement).options].map((option) => option.value);
  const REQUIRED_FIELDS = ['Banco', 'Agência', 'Conta', 'Dígito da conta'];
  const ALL_FIELDS = [...REQUIRED_FIELDS, 'Dígito da agência', 'Tipo de conta'];

  it('shows the bank (from /cadastro/banco/comcodigo), agency, account and account type, each labelled, as stored', async () => {
    operations = [anOperation({ ...inss, ...account })];
    const card = await openCard(/^INSS/);
    await waitFor(() => expect(options(card, 'Banco')).toEqual(['', '1', '41', '104', '318']));
    expect(value(card, 'Banco')).toBe('318');
    expect(value(card, 'Agência')).toBe('1234');
    expect(value(card, 'Dígito da agência')).toBe('5');
    expect(value(card, 'Conta')).toBe('56789');
    expect(value(card, 'Dígito da conta')).toBe('0');
    expect(value(card, 'Tipo de conta')).toBe('2');
    expect(options(card, 'Tipo de conta')).toEqual(['', '1', '2', '3']);
    expect(card.getByRole('group', { name: 'Dados bancários da operação' })).toBeTruthy();
  });

  it('offers only the ML banks of product-spec §9 on an ML card', async () => {
    operations = [anOperation({ OperacaoID: 72, ID_TipoCredito: 2, CO_Banco: '041', DE_Banco: 'Banrisul' })];
    const card = await openCard(/^ML/);
    await waitFor(() => expect(options(card, 'Banco')).toEqual(['', '41', '318']));
    expect(value(card, 'Banco')).toBe('41');
  });

  it('asks for the required fields under each one while the card is selected, digits only in every field', async () => {
    const card = await openCard();
    for (const label of ALL_FIELDS) expect(messageUnder(card, label)).toBeUndefined();

    fireEvent.click(card.getByRole('switch', { name: 'Selecionado' }));
    await waitFor(() => expect(messageUnder(card, 'Banco')).toBe(REQUIRED));
    for (const label of REQUIRED_FIELDS) expect({ label, message: messageUnder(card, label) }).toEqual({ label, message: REQUIRED });
    expect(messageUnder(card, 'Dígito da agência')).toBeUndefined(); // optional
    expect(messageUnder(card, 'Tipo de conta')).toBeUndefined();

    type(card.getByLabelText('Agência'), '12a4');
    type(card.getByLabelText('Dígito da agência'), 'x');
    await waitFor(() => expect(messageUnder(card, 'Agência')).toBe('Apenas números.'));
    await waitFor(() => expect(messageUnder(card, 'Dígito da agência')).toBe('Apenas números.'));
    type(card.getByLabelText('Agência'), '1234');
    fireEvent.change(card.getByLabelText('Banco'), { target: { value: '104' } });
    await waitFor(() => expect(messageUnder(card, 'Agência')).toBeUndefined());
    expect(messageUnder(card, 'Banco')).toBeUndefined();
    expect(messageUnder(card, 'Conta')).toBe(REQUIRED);

    fireEvent.click(card.getByRole('switch', { name: 'Selecionado' }));
    await waitFor(() => expect(messageUnder(card, 'Conta')).toBeUndefined());
    expect(messageUnder(card, 'Dígito da conta')).toBeUndefined();
  });

  it('what the attendant chose on the card stays when the operations are read again (a saved salary, a focus)', async () => {
    const { queryClient } = renderScreen(<Atendimento />, '/atendimento?clientId=7');
    const card = within(await screen.findByRole('region', { name: 'INSS' }));
    await waitFor(() => expect(options(card, 'Banco')).toHaveLength(5));
    fireEvent.click(card.getByRole('switch', { name: 'Selecionado' }));
    fireEvent.change(card.getByLabelText('Banco'), { target: { value: '318' } });
    type(card.getByLabelText('Agência'), '4321');
    operations = [{ ...inss, VL_Margem: '900.00' }];
    await act(() => queryClient.invalidateQueries({ queryKey: operationKeys.list({ clientId: '7' }) }));

    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Resumo' })).getByText('R$ 900,00')).toBeTruthy());
    expect(card.getByRole('switch', { name: 'Selecionado' })).toHaveProperty('checked', true);
    expect(value(card, 'Banco')).toBe('318');
    expect(value(card, 'Agência')).toBe('4321');
    expect(screen.getByRole('region', { name: 'INSS · Banco BMG' })).toBeTruthy();
  });

  it('edits leave with the next recalculation (not on their own), with the client fields in compact forms; values not valid yet stay out', async () => {
    client = aClient({
      ClienteID: 7,
      DE_Pessoa: 'Maria Souza',
      DE_Telefone: '11987654321',
      EM_Email: 'maria@',
      DE_Nascimento: '12/03/1958',
      DT_Admissao: '01-02-2010',
      CO_Cep: '01310-100',
      CO_CNPJ: '12.abc.345/01de-35',
      VL_SalarioBruto: '3200.00',
    });
    const card = await openCard();
    await waitFor(() => expect(options(card, 'Banco')).toHaveLength(5));
    fireEvent.change(card.getByLabelText('Banco'), { target: { value: '1' } });
    type(card.getByLabelText('Agência'), '4321');
    type(card.getByLabelText('Conta'), '99x');
    fireEvent.change(card.getByLabelText('Tipo de conta'), { target: { value: '1' } });
    await pause();
    expect(sent).toEqual([]);
    expect(screen.getByRole('region', { name: 'INSS · Banco do Brasil' })).toBeTruthy();

    type(card.getByLabelText('Parcela'), '300');
    await pause();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      OperacaoID: 70,
      VL_Parcela: '300',
      CO_Banco: '001',
      CO_Agencia: '4321',
      CO_AgenciaDV: '',
      CO_ContaCorrenteDV: '',
      ID_TipoConta: 1,
      DE_Pessoa: 'Maria Souza',
      DE_Telefone: '11987654321',
      DT_Nascimento: '12031958',
      DT_Admissao: '01022010',
      CO_Cep: '01310100',
      CO_CNPJ: '12ABC34501DE35',
      VL_Salario: '3200.00',
    });
    expect(sent[0]).not.toHaveProperty('CO_ContaCorrente'); // '99x': not digits yet
    expect(sent[0]).not.toHaveProperty('EM_Email'); // 'maria@': not an e-mail yet
  });
});
