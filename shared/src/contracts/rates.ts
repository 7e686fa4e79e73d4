import * as z from 'zod/mini';
import { isCalendarDate } from '../credit/calendar';
import { CREDIT_TYPES } from './domain';
import { envelope } from './envelope';
import { idParam, INT4_MAX, tooLong } from './fields';

// The company's monthly rates per credit type and bank (table taxa, migration 007; issue 22 "Company settings";
// docs/rules.md "Rates"): managers (13) list them, add a new one (never an update: a new rate is a new row from
// its day, so past offers stay explainable) and remove one not yet in force. Routes: /cadastros/taxas.

/** Longest note on where a rate came from (the column's check, migration 007). */
export const RATE_SOURCE_MAX = 500;

export const RATES_TEXT = {
  managersOnly: 'Apenas gerentes veem e cadastram as taxas da empresa.',
  creditType: 'Selecione um tipo de crédito.',
  bank: 'Banco desconhecido.',
  rate: 'Taxa inválida: use um número maior que 0 e menor que 100, com até 4 casas decimais e ponto (1.85).',
  day: 'Data inválida (use AAAA-MM-DD).',
  notFound: 'Taxa não encontrada.',
  duplicate: 'Já existe uma taxa deste tipo de crédito e banco com esta vigência: escolha outro dia.',
  alreadyInForce: 'Taxas que já vigoraram não podem ser removidas: cadastre uma nova.',
  anyBank: 'Todos os bancos',
} as const;

/**
 * A rate's state on the São Paulo day the list is read: 'Futura' from a later day; 'Substituída' when a later rate
 * of the same type and the same bank (or, for an any-bank rate, a later any-bank one) is already in force; 'Em
 * vigor' otherwise. A bank's own rate always wins over the any-bank one (migration 007), so neither replaces the other.
 */
export const RATE_STATES = ['Em vigor', 'Futura', 'Substituída'] as const;
export type RateState = (typeof RATE_STATES)[number];

/** One rate as the list shows it; money-like figures as decimal percent texts ('1.85' is 1,85% a.m.). */
export const rateRow = z.object({
  ID_Taxa: z.int(),
  ID_TipoCredito: z.int(),
  DE_TipoCredito: z.string(),
  /** The bank's COMPE code as a number; null: the rate for any bank of the type (a bank's own rate wins over it). */
  ID_Banco: z.nullable(z.int()),
  /** The bank's name, or 'Todos os bancos'. */
  DE_Banco: z.string(),
  VL_TaxaMensal: z.string(),
  DT_Vigencia: z.string(),
  DE_Fonte: z.string(),
  DE_Situacao: z.enum(RATE_STATES),
  /** The legal cap (or the company's ceiling) in force on DT_Vigencia, percent text; null when the type has none. */
  VL_Teto: z.nullable(z.string()),
  /** The day that cap took effect. */
  DT_VigenciaTeto: z.nullable(z.string()),
  /** Who sets that cap, in words ('Teto do CNPS para o empréstimo consignado do INSS'). */
  DE_FonteTeto: z.nullable(z.string()),
});
export type RateRow = z.infer<typeof rateRow>;

/** Up to 2 integer digits and 4 decimals, with a dot: the column is numeric(7, 4) below 100. */
const RATE_PATTERN = /^\d{1,2}(\.\d{1,4})?$/;
const isPositiveRate = (text: string) => RATE_PATTERN.test(text) && /[1-9]/.test(text);
const knownCreditType = (id: number) => CREDIT_TYPES.some((type) => type.ID_TipoCredito === id);

/**
 * POST /cadastros/taxas: a new rate from DT_Vigencia. ID_Banco left out or null: for any bank of the type. The API
 * refuses a rate above the cap in force on DT_Vigencia (not today's), and a second rate of the same type, bank and day.
 */
export const rateForm = z.object({
  ID_TipoCredito: z.int({ error: RATES_TEXT.creditType }).check(z.refine(knownCreditType, RATES_TEXT.creditType)),
  ID_Banco: z.optional(
    z.nullable(z.int({ error: RATES_TEXT.bank }).check(z.positive(RATES_TEXT.bank), z.maximum(INT4_MAX, RATES_TEXT.bank))),
  ),
  VL_TaxaMensal: z
    .string({ error: RATES_TEXT.rate })
    .check(z.trim(), z.maxLength(7, RATES_TEXT.rate), z.refine(isPositiveRate, RATES_TEXT.rate)),
  DT_Vigencia: z
    .string({ error: RATES_TEXT.day })
    .check(z.trim(), z.maxLength(10, RATES_TEXT.day), z.refine(isCalendarDate, RATES_TEXT.day)),
  DE_Fonte: z.optional(z.string().check(z.trim(), z.maxLength(RATE_SOURCE_MAX, tooLong(RATE_SOURCE_MAX)))),
});
export type RateForm = z.infer<typeof rateForm>;

/** GET /cadastros/taxas: by type, by bank (exactly that bank's rates); each left out: every one. */
export const ratesQuery = z.object({
  ID_TipoCredito: z.optional(idParam),
  ID_Banco: z.optional(idParam),
});
export type RatesQuery = z.infer<typeof ratesQuery>;

/** The list, by type, then the any-bank rates before each bank's, newest day first. */
export const ratesResponse = envelope(z.array(rateRow));
/** The new rate, as the list would show it. */
export const rateResponse = envelope(rateRow);
