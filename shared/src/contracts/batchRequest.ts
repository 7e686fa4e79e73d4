import * as z from 'zod/mini';
import { parseDate } from '../format/date';
import { envelope } from './envelope';
import { INT4_MAX } from './fields';
import { IMPORT_MAX_CLIENTS } from './importing';
import { moneyInput } from './operation';

// Provider batch request (product-spec §3 "Batch request payload", §5 "Batch request"; docs/rules.md "CSV
// imports and provider batches"): supervisors and managers ask the data provider for clients matching a
// filter; the result is loaded into the campaign as an import. Every filter may be null or left out.

export const BATCH_TEXT = {
  pair: 'Preencha todos ou nenhum.',
  inverted: 'O mínimo não pode ser maior que o máximo.',
  agencyOnly: 'Recurso atualmente disponível apenas para FGTS e INSS',
  campaignId: 'Campanha inválida.',
  clients: `Informe a quantidade de clientes (NU_Clientes), de 1 a ${IMPORT_MAX_CLIENTS.toLocaleString('pt-BR')}.`,
  date: 'Data inválida: use dd-mm-aaaa.',
  whole: 'Use um número inteiro de 0 a 9999.',
  cep: 'CEP inválido: use 8 dígitos.',
  list: 'Lista inválida.',
  state: 'UF inválida: use a sigla de duas letras.',
  requested: (found: number) => `Lote solicitado: ${found.toLocaleString('pt-BR')} clientes encontrados; importação em andamento.`,
  noneFound: 'Lote solicitado: nenhum cliente encontrado com esses filtros.',
} as const;

/** The min/max pairs of §3, in the order the form shows them. */
export const BATCH_PAIRS = ['Idade', 'Prazo', 'Salario', 'ParcelaPaga', 'Margem35', 'Cep', 'Pmt', 'Contratos', 'InicioBeneficio'] as const;
export type BatchPair = (typeof BATCH_PAIRS)[number];

const optional = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema));
const whole = optional(z.int({ error: BATCH_TEXT.whole }).check(z.minimum(0, BATCH_TEXT.whole), z.maximum(9999, BATCH_TEXT.whole)));
const money = optional(moneyInput);
/** 'dd-mm-yyyy' (also 'dd/mm/yyyy'), kept as sent. */
const day = optional(
  z.string().check(
    z.maxLength(10, BATCH_TEXT.date),
    z.refine((value) => value === '' || parseDate(value) !== null, BATCH_TEXT.date),
  ),
);
/** 8 digits, with or without the hyphen ('01310-100'). */
const cep = optional(
  z.union(
    [
      z.string().check(z.maxLength(9, BATCH_TEXT.cep), z.regex(/^(\d{5}-?\d{3})?$/, BATCH_TEXT.cep)),
      z.int().check(z.minimum(0), z.maximum(99_999_999)),
    ],
    { error: BATCH_TEXT.cep },
  ),
);
/** Yes/no as 1/0 or a boolean; null = indifferent. */
const yesNo = optional(z.union([z.literal(0), z.literal(1), z.boolean()], { error: 'Use 0, 1, true ou false.' }));
const ids = optional(
  z
    .array(z.int({ error: BATCH_TEXT.list }).check(z.positive(BATCH_TEXT.list), z.maximum(INT4_MAX, BATCH_TEXT.list)))
    .check(z.maxLength(1000, BATCH_TEXT.list)),
);

/** POST /cadastro/campanha/loteverz. Money in reais as the screen's money inputs write it ('1518.00' or 1518). */
export const verzBatchRequest = z.object({
  ID_Campanha: z.int({ error: BATCH_TEXT.campaignId }).check(z.positive(BATCH_TEXT.campaignId), z.maximum(INT4_MAX, BATCH_TEXT.campaignId)),
  MN_Idade: whole,
  MX_Idade: whole,
  MN_Prazo: whole,
  MX_Prazo: whole,
  MN_Salario: money,
  MX_Salario: money,
  MN_ParcelaPaga: whole,
  MX_ParcelaPaga: whole,
  MN_Margem35: money,
  MX_Margem35: money,
  MN_Cep: cep,
  MX_Cep: cep,
  MN_Pmt: money,
  MX_Pmt: money,
  MN_Contratos: whole,
  MX_Contratos: whole,
  MN_InicioBeneficio: day,
  MX_InicioBeneficio: day,
  /** Monthly rate, percent ('1.80'); the screen caps it at 5 characters. */
  MN_Taxa: optional(z.union([z.number().check(z.minimum(0)), z.string().check(z.maxLength(5, 'Use no máximo 5 caracteres.'))])),
  SN_Representante: yesNo,
  SN_RcmUtilizado: yesNo,
  /** 1 checking account, 2 magnetic card (product-spec §9). */
  TP_Beneficio: optional(z.union([z.literal(1), z.literal(2)], { error: 'Use 1 (conta corrente) ou 2 (cartão magnético).' })),
  /** Required in practice: the route answers BATCH_TEXT.clients when it is null. */
  NU_Clientes: optional(z.int({ error: BATCH_TEXT.clients })),
  especies: ids,
  bancoEmprestimo: ids,
  bancoPagamento: ids,
  estados: optional(
    z
      .array(z.string().check(z.maxLength(2, BATCH_TEXT.state), z.regex(/^[A-Za-z]{2}$/, BATCH_TEXT.state)))
      .check(z.maxLength(27, BATCH_TEXT.list)),
  ),
});
export type VerzBatchRequest = z.infer<typeof verzBatchRequest>;

/** NU_Clientes found and queued for import (ID_Importacao null when nothing matched). */
export const verzBatchResponse = envelope(z.object({ NU_Clientes: z.int(), ID_Importacao: z.nullable(z.int()) }));

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

/**
 * The first half-filled pair of §5 as the field left empty ('MX_Idade'), or null when every pair has both
 * or neither value. Shared by the filter form and the API.
 */
export function halfFilledPair(body: Partial<Record<`${'MN' | 'MX'}_${BatchPair}`, unknown>>): string | null {
  for (const pair of BATCH_PAIRS) {
    const min = body[`MN_${pair}`];
    const max = body[`MX_${pair}`];
    if (isBlank(min) !== isBlank(max)) return isBlank(min) ? `MN_${pair}` : `MX_${pair}`;
  }
  return null;
}
