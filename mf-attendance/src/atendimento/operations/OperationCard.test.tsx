import { bus, type OperacaoAtualizada } from '@consig/shared';
import { fakeApi, renderScreen } from '@consig/shared/testing';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import Atendimento from '../Atendimento';
import { aClient, anOperation, envelope } from '../testData';
import { RECALCULATION_DEBOUNCE_MS } from './useRecalculation';

const inss = anOperation({ OperacaoID: 70, ID_TipoCredito: 1, NU_Parcelas: 84, VL_Parcela: '250.00', VL_Liquido: '10000.00', DE_Bruto: 'R$ 10.120,50' });

const offer = (changes: Partial<OperacaoAtualizada>): OperacaoAtualizada => ({
  OperacaoID: 70, SN_Selecionado: 0, NU_Parcelas: 84, VL_Parcela: '250.00', VL_Bruto: '10120.50', VL_Liquido: '10000.00', VL_SaldoDevedor: '0.00',
  DE_Bruto: 'R$ 10.120,50', DE_Liquido: 'R$ 10.000,00', VL_Taxa: '1.80', VL_IOF: '120.50', VL_CETMensal: '1.95', VL_CETAnual: '26.08', DT_Validade: '2026-11-24',
  ...changes,
});

type Answer = { status?: number; body: unknown };
let server: ReturnType<typeof fakeApi>;
/** The bodies of POST /crm/atualizaOperacao, and how to answer each (in order), held until the test says so. */
let sent: Record<string, unknown>[];
let answers: ((answer: Answer) => void)[];

beforeEach(() => {
  jest.useFakeTimers();
  sent = [];
  answers = [];
  server = fakeApi((request) => {
    if (request.url === '/crm/atualizaOperacao') {
      sent.push(JSON.parse(request.data as string) as Record<string, unknown>);
      return new Promise<Answer>((resolve) => answers.push(resolve));
    }
    if (request.url === '/crm/cliente/basicoPorID/7') return envelope({ cliente: aClient({ ClienteID: 7 }) });
    if (request.url === '/crm/cliente/operacoes/7') return envelope([inss]);
    if (request.url === '/crm/cliente/telefones/7') return envelope([]);
    return { status: 404, body: { success: false, text: 'Recurso não encontrado.' } };
  });
});

afterEach(() => {
  server.restore();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

async function openCard() {
  renderScreen(<Atendimento />, '/atendimento?clientId=7');
  return within(await screen.findByRole('region', { name: 'INSS' }));
}
const pause = () => act(async () => void jest.advanceTimersByTime(RECALCULATION_DEBOUNCE_MS));
const answer = (index: number, body: unknown) => act(async () => answers[index]({ body }));
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const value = (card: ReturnType<typeof within>, label: string) => (card.getByLabelText(label) as HTMLInputElement).value;

it('shows the offer figures, and sends nothing on first render', async () => {
  const card = await openCard();
  expect(value(card, 'Prazo')).toBe('84');
  expect([...(card.getByLabelText('Prazo') as HTMLSelectElement).options].map((option) => option.value)).toEqual(['0', '48', '60', '72', '84', '96']);
  for (const text of ['R$ 10.120,50', 'R$ 10.000,00', '1,80% a.m.', 'R$ 120,50', '1,95% a.m. / 26,08% a.a.', '24/11/2026']) expect(card.getByText(text)).toBeTruthy();
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
  await answer(0, { success: true, text: 'Oferta calculada.', data: offer({ VL_Parcela: '300.50', VL_Liquido: '12000.00', DE_Liquido: 'R$ 12.000,00' }) });
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

it("shows a refusal's text as a 5000 ms error toast, and keeps what was typed", async () => {
  const error = jest.spyOn(toast, 'error');
  const card = await openCard();
  type(card.getByLabelText('Parcela'), '5000');
  await pause();
  await answer(0, { success: false, text: 'A parcela excede a margem disponível.' });
  expect(error).toHaveBeenCalledWith('A parcela excede a margem disponível.', { duration: 5000 });
  expect(value(card, 'Parcela')).toBe('5000');
});

it('after a merged push the pending recalculation is skipped and the pushed figures stay', async () => {
  const card = await openCard();
  type(card.getByLabelText('Parcela'), '300');
  act(() => bus.publish('attendance.operation-update@1', { operation: { OperacaoID: 70, ID_Cliente: 8, VL_Parcela: '280.00', VL_Liquido: '11000.00' } }));
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
    return envelope([]);
  });
  renderScreen(<Atendimento />, '/atendimento?clientId=7');
  const card = within(await screen.findByRole('region', { name: 'FGTS' }));
  expect((card.getByLabelText('Valor líquido') as HTMLInputElement).disabled).toBe(true);
  expect([...(card.getByLabelText('Parcelas antecipadas') as HTMLSelectElement).options].map((option) => option.value)).toEqual(
    ['2', '3', '4', '5', '6', '7', '8', '9', '10'],
  );
});
