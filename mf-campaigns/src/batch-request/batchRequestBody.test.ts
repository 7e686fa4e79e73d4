import { BATCH_TEXT } from '@consig/shared';
import {
  EMPTY_BATCH_REQUEST,
  PAIR_ERROR,
  batchRequestErrors,
  toBatchRequestBody,
  withHiddenCleared,
  type BatchRequestFormValues,
} from './batchRequestBody';
import { defaultProfile, filtersOf } from './profiles';

const everything = filtersOf(defaultProfile(4), 4);
const form = (values: Partial<BatchRequestFormValues>): BatchRequestFormValues => ({
  ...EMPTY_BATCH_REQUEST,
  NU_Clientes: '100',
  ...values,
});

test('a half-filled pair is refused under its empty side; full and empty pairs pass', () => {
  expect(batchRequestErrors(form({ MN_Salario: '1.000,00' }))).toEqual({ MX_Salario: PAIR_ERROR });
  expect(batchRequestErrors(form({ MX_AnoNascimento: 1980 }))).toEqual({ MN_AnoNascimento: PAIR_ERROR });
  expect(batchRequestErrors(form({ MN_Prazo: 0 }))).toEqual({ MX_Prazo: PAIR_ERROR });
  expect(batchRequestErrors(form({ MN_Salario: '1.000,00', MX_Salario: '2.000,00' }))).toEqual({});
  expect(batchRequestErrors(form({}))).toEqual({});
});

test('a minimum above its maximum is refused under the maximum', () => {
  expect(batchRequestErrors(form({ MN_Salario: '2.000,00', MX_Salario: '1.000,00' }))).toEqual({ MX_Salario: BATCH_TEXT.inverted });
  expect(batchRequestErrors(form({ MN_Prazo: 84, MX_Prazo: 48 }))).toEqual({ MX_Prazo: BATCH_TEXT.inverted });
  expect(batchRequestErrors(form({ MN_Salario: '900,00', MX_Salario: '1.000,00' }))).toEqual({});
});

test('the client limit, which the API requires, is 1 to 50,000', () => {
  expect(batchRequestErrors(form({ NU_Clientes: '' }))).toEqual({ NU_Clientes: BATCH_TEXT.clients });
  expect(batchRequestErrors(form({ NU_Clientes: '0' }))).toEqual({ NU_Clientes: BATCH_TEXT.clients });
  expect(batchRequestErrors(form({ NU_Clientes: '50001' }))).toEqual({ NU_Clientes: BATCH_TEXT.clients });
  expect(batchRequestErrors(form({ NU_Clientes: '50000' }))).toEqual({});
});

test('an impossible benefit start date is refused', () => {
  expect(batchRequestErrors(form({ MN_InicioBeneficio: '31-02-2020', MX_InicioBeneficio: '01-03-2020' }))).toEqual({
    MN_InicioBeneficio: BATCH_TEXT.date,
  });
});

test('an empty form sends nulls and empty lists', () => {
  const body = toBatchRequestBody(EMPTY_BATCH_REQUEST, 7, everything, 2026);
  const { ID_Campanha, especies, bancoEmprestimo, bancoPagamento, estados, ...single } = body;
  expect(ID_Campanha).toBe(7);
  expect([especies, bancoEmprestimo, bancoPagamento, estados]).toEqual([[], [], [], []]);
  expect(Object.values(single).every((value) => value === null)).toBe(true);
});

test('a pair of zero terms is sent as null; a range from zero is kept', () => {
  expect(toBatchRequestBody(form({ MN_Prazo: 0, MX_Prazo: 0 }), 7, everything, 2026)).toMatchObject({ MN_Prazo: null, MX_Prazo: null });
  expect(toBatchRequestBody(form({ MN_Prazo: 0, MX_Prazo: 84 }), 7, everything, 2026)).toMatchObject({ MN_Prazo: 0, MX_Prazo: 84 });
});

test('typed values become the payload of product-spec §3', () => {
  const body = toBatchRequestBody(
    form({
      MN_AnoNascimento: 1990,
      MX_AnoNascimento: 1960,
      MN_Salario: '1.500,00',
      MX_Salario: '3.000,50',
      MN_Cep: '01001-000',
      MX_Cep: '09999-999',
      MN_InicioBeneficio: '01-01-2020',
      MX_InicioBeneficio: '31-12-2024',
      MN_Taxa: '1,85',
      SN_Representante: 'nao',
      SN_RcmUtilizado: 'sim',
      TP_Beneficio: 2,
      NU_Clientes: '500',
      especies: [41],
      estados: ['SP', 'RJ'],
    }),
    7,
    everything,
    2026,
  );
  expect(body).toMatchObject({
    MN_Idade: 36,
    MX_Idade: 66,
    MN_Salario: '1500.00',
    MX_Salario: '3000.50',
    MN_Cep: '01001000',
    MX_Cep: '09999999',
    MN_InicioBeneficio: '01-01-2020',
    MX_InicioBeneficio: '31-12-2024',
    MN_Taxa: '1.85',
    SN_Representante: false,
    SN_RcmUtilizado: true,
    TP_Beneficio: 2,
    NU_Clientes: 500,
    especies: [41],
    estados: ['SP', 'RJ'],
  });
});

test('a profile sends only what it shows, and switching to it empties the rest', () => {
  const cardProfile = filtersOf(3, 1);
  const values = form({ MN_Pmt: '100,00', MX_Pmt: '200,00', MN_Salario: '1.000,00', MX_Salario: '2.000,00', bancoEmprestimo: [1] });
  expect(toBatchRequestBody(values, 7, cardProfile, 2026)).toMatchObject({
    MN_Pmt: null,
    MX_Pmt: null,
    MN_Salario: '1000.00',
    bancoEmprestimo: [],
  });
  expect(withHiddenCleared(values, cardProfile)).toEqual(form({ MN_Salario: '1.000,00', MX_Salario: '2.000,00' }));
});
