import { session, type RateRow } from '@consig/shared';
import { bodyCellTexts, fakeApi, renderScreen, signIn } from '@consig/shared/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RatesPanel } from './RatesPanel';

const INSS_CAP = { VL_Teto: '1.85', DT_VigenciaTeto: '2025-04-04', DE_FonteTeto: 'Teto do CNPS para o empréstimo consignado do INSS' };
const rate = (id: number, change: Partial<RateRow>): RateRow => ({
  ID_Taxa: id,
  ID_TipoCredito: 1,
  DE_TipoCredito: 'INSS',
  ID_Banco: null,
  DE_Banco: 'Todos os bancos',
  VL_TaxaMensal: '1.80',
  DT_Vigencia: '2025-04-04',
  DE_Fonte: 'Taxa de demonstração.',
  DE_Situacao: 'Em vigor',
  ...INSS_CAP,
  ...change,
});

const RATES = [
  rate(1, { VL_TaxaMensal: '1.75', DT_Vigencia: '2099-01-01', DE_Situacao: 'Futura', DE_Fonte: '' }),
  rate(2, {}),
  rate(3, { ID_Banco: 318, DE_Banco: 'Banco BMG', VL_TaxaMensal: '1.66', DE_Situacao: 'Substituída' }),
  rate(4, { ID_TipoCredito: 2, DE_TipoCredito: 'ML', VL_TaxaMensal: '1.85', VL_Teto: null, DT_VigenciaTeto: null, DE_FonteTeto: null }),
];
const CAP_REFUSAL =
  'VL_TaxaMensal: A taxa de 1,86% a.m. excede o teto de 1,85% a.m. em vigor. Teto do CNPS para o empréstimo consignado do INSS, desde 04/04/2025.';

interface Sent {
  method: string;
  url: string;
  body?: unknown;
}

/** The list and the banks; records every request. A POST at 1.86 is refused with the cap's text, any other taken. */
function serve() {
  const sent: Sent[] = [];
  const server = fakeApi((request) => {
    const body = typeof request.data === 'string' ? JSON.parse(request.data) : request.data;
    sent.push({ method: request.method ?? '', url: request.url ?? '', body });
    if (request.url?.startsWith('/cadastro/banco')) {
      const banks = [
        { BancoID: 1, DE_Banco: 'Banco do Brasil' },
        { BancoID: 318, DE_Banco: 'Banco BMG' },
      ];
      return { body: { success: true, text: '', data: banks } };
    }
    if (request.method === 'get') return { body: { success: true, text: '', data: RATES } };
    if (request.method === 'post' && body.VL_TaxaMensal === '1.86') return { status: 400, body: { success: false, text: CAP_REFUSAL } };
    if (request.method === 'post') {
      return {
        body: { success: true, text: 'Taxa cadastrada.', data: rate(9, { ...body, DE_Banco: 'Banco BMG', DE_Situacao: 'Futura' }) },
      };
    }
    if (request.method === 'delete') return { body: { success: true, text: 'Taxa futura removida.' } };
    return { status: 400, body: { success: false, text: 'inesperado' } };
  });
  return {
    server,
    writes: () => sent.filter((request) => request.method !== 'get'),
    rateReads: () => sent.filter((request) => request.method === 'get' && request.url.startsWith('/cadastros/taxas')),
  };
}

let served: ReturnType<typeof serve>;
afterEach(() => {
  served.server.restore();
  session.signOut();
});

function show() {
  signIn({ ID_Funcao: 13, ID_Pessoa: 3 });
  served = serve();
  renderScreen(<RatesPanel />, '/cadastros/taxas');
}

const cells = () => bodyCellTexts(6);

test('lists the rates by type and bank with their state, the cap of their day and its source, and a chart over time', async () => {
  show();
  expect(await screen.findByText('4 taxa(s).')).toBeTruthy();
  const cap = '1,85%Teto do CNPS para o empréstimo consignado do INSS, desde 04/04/2025';
  expect(cells()).toEqual([
    ['INSS', 'Todos os bancos', '1,75%', '01/01/2099', 'Futura', cap],
    ['INSS', 'Todos os bancos', '1,80%', '04/04/2025', 'Em vigor', cap],
    ['INSS', 'Banco BMG', '1,66%', '04/04/2025', 'Substituída', cap],
    ['ML', 'Todos os bancos', '1,85%', '04/04/2025', 'Em vigor', 'Sem teto'],
  ]);
  // The chart draws the any-bank rates, one line per type, and says them in words.
  const chart = screen.getByRole('img', { name: /^Taxas para todos os bancos ao longo do tempo/ });
  expect(chart.getAttribute('aria-label')).toContain('INSS: 1,80% desde 04/04/2025, 1,75% desde 01/01/2099. ML: 1,85% desde 04/04/2025.');
  expect(chart.querySelectorAll('path')).toHaveLength(2);
  // Only the future rate may be removed.
  expect(screen.getAllByRole('button', { name: /^Remover/ }).map((button) => button.getAttribute('aria-label'))).toEqual([
    'Remover INSS, Todos os bancos, 1,75% a partir de 01/01/2099',
  ]);
});

test('filters by type and by bank through the address of the read', async () => {
  show();
  await screen.findByText('4 taxa(s).');
  fireEvent.change(screen.getByLabelText('Tipo de crédito'), { target: { value: '1' } });
  await waitFor(() => expect(served.rateReads().at(-1)?.url).toBe('/cadastros/taxas?ID_TipoCredito=1'));
  await screen.findByRole('option', { name: 'Banco BMG' });
  fireEvent.change(screen.getByLabelText('Banco'), { target: { value: '318' } });
  await waitFor(() => expect(served.rateReads().at(-1)?.url).toBe('/cadastros/taxas?ID_TipoCredito=1&ID_Banco=318'));
  expect(served.rateReads()[0].url).toBe('/cadastros/taxas');
});

test("'Nova taxa' checks the form by the API's rules, shows the cap's refusal under the rate, then sends the corrected rate", async () => {
  show();
  await screen.findByText('4 taxa(s).');
  fireEvent.click(screen.getByRole('button', { name: 'Nova taxa' }));
  const dialog = screen.getByRole('dialog', { name: 'Nova taxa' });
  fireEvent.change(within(dialog).getByLabelText('Taxa (% a.m.)'), { target: { value: '1,86' } });
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cadastrar' })));
  expect(within(dialog).getByText('Selecione um tipo de crédito.')).toBeTruthy();
  expect(within(dialog).getByText(/^Taxa inválida: use um número maior que 0/)).toBeTruthy();
  expect(served.writes()).toEqual([]);

  fireEvent.change(within(dialog).getByLabelText('Tipo de crédito'), { target: { value: '1' } });
  await within(dialog).findByRole('option', { name: 'Banco BMG' });
  fireEvent.change(within(dialog).getByLabelText('Banco'), { target: { value: '318' } });
  fireEvent.change(within(dialog).getByLabelText('Taxa (% a.m.)'), { target: { value: '1.86' } });
  fireEvent.change(within(dialog).getByLabelText('Vigência (a partir de)'), { target: { value: '2025-05-01' } });
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cadastrar' })));
  await waitFor(() => expect(served.writes()).toHaveLength(1));
  expect(served.writes()[0]).toEqual({
    method: 'post',
    url: '/cadastros/taxas',
    body: { ID_TipoCredito: 1, ID_Banco: 318, VL_TaxaMensal: '1.86', DT_Vigencia: '2025-05-01', DE_Fonte: '' },
  });
  // The refusal stays under the rate, without its field's name; the dialog stays open with what was typed.
  const rateInput = within(dialog).getByLabelText('Taxa (% a.m.)');
  const message = await within(dialog).findByText(
    'A taxa de 1,86% a.m. excede o teto de 1,85% a.m. em vigor. Teto do CNPS para o empréstimo consignado do INSS, desde 04/04/2025.',
  );
  expect(rateInput.getAttribute('aria-describedby')).toBe(message.id);

  fireEvent.change(rateInput, { target: { value: '1.85' } });
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cadastrar' })));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nova taxa' })).toBeNull());
  expect(served.writes()[1]).toMatchObject({ method: 'post', body: { VL_TaxaMensal: '1.85', ID_Banco: 318 } });
});

test("'Remover' asks first, and removes the future rate only once confirmed", async () => {
  show();
  await screen.findByText('4 taxa(s).');
  const removeButton = screen.getByRole('button', { name: 'Remover INSS, Todos os bancos, 1,75% a partir de 01/01/2099' });
  fireEvent.click(removeButton);
  fireEvent.click(within(screen.getByRole('dialog', { name: 'Remover taxa futura' })).getByRole('button', { name: 'Cancelar' }));
  expect(served.writes()).toEqual([]);

  fireEvent.click(removeButton);
  const dialog = screen.getByRole('dialog', { name: 'Remover taxa futura' });
  expect(dialog.textContent).toContain('Remover a taxa INSS, Todos os bancos, 1,75% a partir de 01/01/2099?');
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Remover' })));
  await waitFor(() => expect(served.writes()).toEqual([{ method: 'delete', url: '/cadastros/taxas/1', body: undefined }]));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remover taxa futura' })).toBeNull());
});
