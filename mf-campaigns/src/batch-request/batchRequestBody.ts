import { BATCH_TEXT, IMPORT_MAX_CLIENTS, isValidDate, type VerzBatchRequest } from '@consig/shared';
import { moneyTextToDecimal, rateTextToDecimal, yearsToAges } from './inputs';
import type { BatchFilter } from './profiles';

/** 'Preencha todos ou nenhum.' (product-spec §5): under the empty half of a min/max pair. */
export const PAIR_ERROR = BATCH_TEXT.pair;

/** Yes, no, or either (product-spec §2 "RCM used (yes/no/indifferent)"): 'sim', 'nao', anything else is either. */
export type YesNoChoice = string;

/** The min/max pairs of the form (birth years and terms from selects, the rest typed). */
const PAIRS = ['AnoNascimento', 'Prazo', 'Salario', 'ParcelaPaga', 'Margem35', 'Cep', 'Pmt', 'Contratos', 'InicioBeneficio'] as const;

/**
 * The form's values: the payload of product-spec §3 as the user types it (birth years instead of ages,
 * pt-BR money text). Checked by `batchRequestErrors`, not a zod schema: zod is not a dependency of this app.
 */
export interface BatchRequestFormValues {
  MN_AnoNascimento: number | null;
  MX_AnoNascimento: number | null;
  MN_Prazo: number | null;
  MX_Prazo: number | null;
  MN_Salario: string;
  MX_Salario: string;
  MN_ParcelaPaga: string;
  MX_ParcelaPaga: string;
  MN_Margem35: string;
  MX_Margem35: string;
  MN_Cep: string;
  MX_Cep: string;
  MN_Pmt: string;
  MX_Pmt: string;
  MN_Contratos: string;
  MX_Contratos: string;
  MN_InicioBeneficio: string;
  MX_InicioBeneficio: string;
  MN_Taxa: string;
  SN_Representante: YesNoChoice;
  SN_RcmUtilizado: YesNoChoice;
  TP_Beneficio: number | null;
  NU_Clientes: string;
  especies: number[];
  bancoEmprestimo: number[];
  bancoPagamento: number[];
  estados: string[];
}

export type BatchRequestErrors = Partial<Record<keyof BatchRequestFormValues, string>>;

/** Pairs whose sides compare as numbers, for "the minimum cannot exceed the maximum". */
const NUMERIC_PAIRS = ['Prazo', 'Salario', 'ParcelaPaga', 'Margem35', 'Pmt', 'Contratos'] as const;
const asNumber = (value: number | string | null) => (typeof value === 'string' ? Number(value.replace(/\D/g, '')) : value);

/**
 * The rules of product-spec §5 "Batch request", with the API's texts (shared/src/contracts/batchRequest.ts):
 * a min/max pair is filled on both sides or neither ('Preencha todos ou nenhum.' under the empty side),
 * a minimum is not above its maximum, a benefit start date is a real day, and the client limit (which
 * the API requires) is 1 to 50,000.
 */
export function batchRequestErrors(values: BatchRequestFormValues): BatchRequestErrors {
  const errors: BatchRequestErrors = {};
  for (const field of ['MN_InicioBeneficio', 'MX_InicioBeneficio'] as const) {
    if (values[field] !== '' && !isValidDate(values[field])) errors[field] = BATCH_TEXT.date;
  }
  for (const pair of NUMERIC_PAIRS) {
    const min = asNumber(values[`MN_${pair}`]);
    const max = asNumber(values[`MX_${pair}`]);
    if (isFilled(values[`MN_${pair}`]) && isFilled(values[`MX_${pair}`]) && min !== null && max !== null && min > max) {
      errors[`MX_${pair}`] = BATCH_TEXT.inverted;
    }
  }
  const clients = Number(values.NU_Clientes);
  if (values.NU_Clientes === '' || clients < 1 || clients > IMPORT_MAX_CLIENTS) errors.NU_Clientes = BATCH_TEXT.clients;
  for (const pair of PAIRS) {
    const min = `MN_${pair}` as const;
    const max = `MX_${pair}` as const;
    const minFilled = isFilled(values[min]);
    if (minFilled !== isFilled(values[max])) errors[minFilled ? max : min] = PAIR_ERROR;
  }
  return errors;
}

const isFilled = (value: unknown) => value !== null && value !== '';

/** An empty form ('Limpar campos' goes back to it). */
export const EMPTY_BATCH_REQUEST: BatchRequestFormValues = {
  MN_AnoNascimento: null,
  MX_AnoNascimento: null,
  MN_Prazo: null,
  MX_Prazo: null,
  MN_Salario: '',
  MX_Salario: '',
  MN_ParcelaPaga: '',
  MX_ParcelaPaga: '',
  MN_Margem35: '',
  MX_Margem35: '',
  MN_Cep: '',
  MX_Cep: '',
  MN_Pmt: '',
  MX_Pmt: '',
  MN_Contratos: '',
  MX_Contratos: '',
  MN_InicioBeneficio: '',
  MX_InicioBeneficio: '',
  MN_Taxa: '',
  SN_Representante: 'indiferente',
  SN_RcmUtilizado: 'indiferente',
  TP_Beneficio: null,
  NU_Clientes: '',
  especies: [],
  bancoEmprestimo: [],
  bancoPagamento: [],
  estados: [],
};

/** The form fields of each filter: a profile switch empties those it hides, so no hidden error blocks the submit. */
export const FILTER_FIELDS: Readonly<Record<BatchFilter, readonly (keyof BatchRequestFormValues)[]>> = {
  idade: ['MN_AnoNascimento', 'MX_AnoNascimento'],
  prazo: ['MN_Prazo', 'MX_Prazo'],
  salario: ['MN_Salario', 'MX_Salario'],
  parcelaPaga: ['MN_ParcelaPaga', 'MX_ParcelaPaga'],
  taxa: ['MN_Taxa'],
  margem35: ['MN_Margem35', 'MX_Margem35'],
  cep: ['MN_Cep', 'MX_Cep'],
  pmt: ['MN_Pmt', 'MX_Pmt'],
  contratos: ['MN_Contratos', 'MX_Contratos'],
  inicioBeneficio: ['MN_InicioBeneficio', 'MX_InicioBeneficio'],
  representante: ['SN_Representante'],
  rcmUtilizado: ['SN_RcmUtilizado'],
  tipoBeneficio: ['TP_Beneficio'],
  especies: ['especies'],
  bancoEmprestimo: ['bancoEmprestimo'],
  bancoPagamento: ['bancoPagamento'],
  estados: ['estados'],
};

function clearField<K extends keyof BatchRequestFormValues>(values: BatchRequestFormValues, field: K) {
  values[field] = EMPTY_BATCH_REQUEST[field];
}

/** `values` with the fields of every filter outside `shown` back to empty. */
export function withHiddenCleared(values: BatchRequestFormValues, shown: ReadonlySet<BatchFilter>): BatchRequestFormValues {
  const cleared = { ...values };
  for (const [filter, fields] of Object.entries(FILTER_FIELDS) as [BatchFilter, readonly (keyof BatchRequestFormValues)[]][]) {
    if (!shown.has(filter)) for (const field of fields) clearField(cleared, field);
  }
  return cleared;
}

type Range = number | null;
type TextRange = string | null;
/** Reais as decimal text, '1500.00'. */
type Money = string | null;

/**
 * The body of POST /cadastro/campanha/loteverz (product-spec §3 "Batch request payload") as this form
 * sends it: every key present, null where empty; assignable to the contract's `LoteVerzRequest`.
 */
export interface BatchRequestBody extends VerzBatchRequest {
  ID_Campanha: number;
  MN_Idade: Range;
  MX_Idade: Range;
  MN_Prazo: Range;
  MX_Prazo: Range;
  MN_Salario: Money;
  MX_Salario: Money;
  MN_ParcelaPaga: Range;
  MX_ParcelaPaga: Range;
  MN_Margem35: Money;
  MX_Margem35: Money;
  /** CEP digits, '01001000'. */
  MN_Cep: TextRange;
  MX_Cep: TextRange;
  MN_Pmt: Money;
  MX_Pmt: Money;
  MN_Contratos: Range;
  MX_Contratos: Range;
  /** dd-mm-yyyy. */
  MN_InicioBeneficio: TextRange;
  MX_InicioBeneficio: TextRange;
  /** Percent as decimal text, at most 5 characters: '1.85'. */
  MN_Taxa: Money;
  SN_Representante: boolean | null;
  SN_RcmUtilizado: boolean | null;
  /** 1 checking account, 2 magnetic card (product-spec §9). */
  TP_Beneficio: 1 | 2 | null;
  NU_Clientes: number | null;
  especies: number[];
  bancoEmprestimo: number[];
  bancoPagamento: number[];
  estados: string[];
}

const countOrNull = (text: string) => (text === '' ? null : Number(text));
const textOrNull = (text: string) => (text === '' ? null : text);
const yesNoValue = (choice: YesNoChoice) => (choice === 'sim' ? true : choice === 'nao' ? false : null);

/**
 * The form's values → the request body (product-spec §5): birth years become ages from `currentYear`, a
 * pair of zero ages or terms and every empty value become null, and the filters the profile hides are
 * sent empty.
 */
export function toBatchRequestBody(
  values: BatchRequestFormValues,
  campaignId: number,
  shown: ReadonlySet<BatchFilter>,
  currentYear: number,
): BatchRequestBody {
  const show = <T, E>(filter: BatchFilter, value: T, empty: E): T | E => (shown.has(filter) ? value : empty);
  const pair = <T>(filter: BatchFilter, min: T | null, max: T | null) =>
    shown.has(filter) && min !== null && max !== null ? { min, max } : { min: null, max: null };

  const years = pair('idade', values.MN_AnoNascimento, values.MX_AnoNascimento);
  const ages = years.min === null || years.max === null ? null : yearsToAges(years.min, years.max, currentYear);
  const terms = pair('prazo', values.MN_Prazo, values.MX_Prazo);
  const zeroPair = (range: { min: number | null; max: number | null } | null) =>
    !range || range.min === null || (range.min === 0 && range.max === 0) ? { min: null, max: null } : range;
  const age = zeroPair(ages);
  const term = zeroPair(terms);

  const money = (filter: BatchFilter, min: string, max: string) => pair(filter, moneyTextToDecimal(min), moneyTextToDecimal(max));
  const count = (filter: BatchFilter, min: string, max: string) => pair(filter, countOrNull(min), countOrNull(max));
  const text = (filter: BatchFilter, min: string, max: string) => pair(filter, textOrNull(min), textOrNull(max));
  const salary = money('salario', values.MN_Salario, values.MX_Salario);
  const paid = count('parcelaPaga', values.MN_ParcelaPaga, values.MX_ParcelaPaga);
  const margin = money('margem35', values.MN_Margem35, values.MX_Margem35);
  const cep = text('cep', values.MN_Cep.replace(/\D/g, ''), values.MX_Cep.replace(/\D/g, ''));
  const pmt = money('pmt', values.MN_Pmt, values.MX_Pmt);
  const contracts = count('contratos', values.MN_Contratos, values.MX_Contratos);
  const benefitStart = text('inicioBeneficio', values.MN_InicioBeneficio, values.MX_InicioBeneficio);
  const benefitType = values.TP_Beneficio === 1 || values.TP_Beneficio === 2 ? values.TP_Beneficio : null;

  return {
    ID_Campanha: campaignId,
    MN_Idade: age.min,
    MX_Idade: age.max,
    MN_Prazo: term.min,
    MX_Prazo: term.max,
    MN_Salario: salary.min,
    MX_Salario: salary.max,
    MN_ParcelaPaga: paid.min,
    MX_ParcelaPaga: paid.max,
    MN_Margem35: margin.min,
    MX_Margem35: margin.max,
    MN_Cep: cep.min,
    MX_Cep: cep.max,
    MN_Pmt: pmt.min,
    MX_Pmt: pmt.max,
    MN_Contratos: contracts.min,
    MX_Contratos: contracts.max,
    MN_InicioBeneficio: benefitStart.min,
    MX_InicioBeneficio: benefitStart.max,
    MN_Taxa: show('taxa', rateTextToDecimal(values.MN_Taxa), null),
    SN_Representante: show('representante', yesNoValue(values.SN_Representante), null),
    SN_RcmUtilizado: show('rcmUtilizado', yesNoValue(values.SN_RcmUtilizado), null),
    TP_Beneficio: show('tipoBeneficio', benefitType, null),
    NU_Clientes: countOrNull(values.NU_Clientes),
    especies: show('especies', values.especies, []),
    bancoEmprestimo: show('bancoEmprestimo', values.bancoEmprestimo, []),
    bancoPagamento: show('bancoPagamento', values.bancoPagamento, []),
    estados: show('estados', values.estados, []),
  };
}
