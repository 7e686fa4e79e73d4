import * as z from 'zod/mini';
import { boundedText, INT4_MAX } from './fields';
import { envelope } from './envelope';
import { errorResponse } from './envelope';

// Credit operations (product-spec §3 "Operation"; §7 /crm/cliente/operacoes and crm/atualizaOperacao).
//
// Money travels as decimal text with a dot and exactly two decimals ('2041.99'): the database's numeric(14,2)
// as text and what @consig/shared/credit `centsToDecimalText` writes, read back exactly by `toCents` and
// shown by format/formatBRL. Never a binary float, so a figure is the same cent on every side. Rates are
// percent texts ('1.79' is 1,79% a.m.). DE_Bruto and DE_Liquido are the same amounts ready to show
// ('R$ 2.041,99').

const money = z.string();
const percent = z.string();

/** One operation card (product-spec §3), plus the offer contents the Autorregulação requires (issue 6 extension). */
export const operacao = z.object({
  OperacaoID: z.int(),
  ID_Cliente: z.int(),
  ID_TipoCredito: z.int(),
  SN_Selecionado: z.int(),
  /** Installments; for FGTS (ID_TipoCredito 4), the anticipated years. */
  NU_Parcelas: z.int(),
  VL_Bruto: money,
  VL_Parcela: money,
  VL_Liquido: money,
  VL_SaldoDevedor: money,
  DE_Bruto: z.string(),
  DE_Liquido: z.string(),
  /** COMPE code, three digits ('318'); null when no bank is chosen. */
  CO_Banco: z.nullable(z.string()),
  DE_Banco: z.nullable(z.string()),
  LN_LogoBanco: z.nullable(z.string()),
  /** For FGTS, the FGTS balance the anticipation is computed on. */
  VL_BaseCalculo: money,
  VL_Margem: money,
  VL_MargemCartao: money,
  /** Why no offer could be computed (the credit module's text), or null. */
  DE_Mensagem: z.nullable(z.string()),
  // Extension (issue 6): null when no offer could be computed.
  /** Monthly rate in force used, percent. */
  VL_Taxa: z.nullable(percent),
  /** IOF financed in VL_Bruto. */
  VL_IOF: z.nullable(money),
  /** CET, percent a month and a year. */
  VL_CETMensal: z.nullable(percent),
  VL_CETAnual: z.nullable(percent),
  /** Last day the offer is valid, YYYY-MM-DD (São Paulo calendar). */
  DT_Validade: z.nullable(z.string()),
});
export type Operacao = z.infer<typeof operacao>;
export const operacoesResponse = envelope(z.array(operacao));
export type OperacoesResponse = z.infer<typeof operacoesResponse>;

// ── POST /crm/atualizaOperacao ───────────────────────────────────────────────────────────────────────────

const MONEY_TEXT = /^\d{1,10}(\.\d{1,2})?$/;
const MONEY_ERROR = 'Valor inválido: use até duas casas decimais com ponto (1234.56).';

/**
 * An amount as the screen's money inputs write it (product-spec §5: digits and one dot, at most two
 * decimals, no sign) or as a JSON number with the same digits (186.69). '' means "not given". Anything else
 * (1e3, -5, '1,5', 0.001, Infinity) is refused. The value stays text; the API turns it into cents exactly.
 */
export const moneyInput = z.pipe(
  z.union([z.string().check(z.maxLength(13, MONEY_ERROR)), z.number()]),
  z.transform((value, context) => {
    const text = typeof value === 'number' ? String(value) : value;
    if (text === '') return undefined;
    if (!MONEY_TEXT.test(text)) {
      context.issues.push({ code: 'custom', message: MONEY_ERROR, input: value });
      return z.NEVER;
    }
    return text;
  }),
);

/** 0/1 as the database keeps it, or a boolean as a switch gives it. */
const flagInput = z.pipe(
  z.union([z.literal(0), z.literal(1), z.boolean()], { error: 'Use 0, 1, true ou false.' }),
  z.transform((value) => (value === true || value === 1 ? 1 : 0)),
);

const optional = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema));
const id = (text: string) => z.int({ error: text }).check(z.positive(text), z.maximum(INT4_MAX, text));

/**
 * What the screen sends when term, installment or net value change (product-spec §7): the operation as it
 * holds it, the new figures, and the client fields of the form. Only OperacaoID and NU_Parcelas are
 * required; the figures come from VL_Parcela or VL_Liquido (with VL_SaldoDevedor), `TP_Calculo` saying
 * which one the user changed when both are present (extension; default: the installment). The echoed
 * operation fields and client fields are validated (bounded) and otherwise ignored here.
 */
export const atualizaOperacaoRequest = z.object({
  OperacaoID: id('Operação inválida.'),
  NU_Parcelas: z.int({ error: 'Prazo inválido.' }).check(z.minimum(0, 'Prazo inválido.'), z.maximum(999, 'Prazo inválido.')),
  VL_Parcela: optional(moneyInput),
  VL_Liquido: optional(moneyInput),
  VL_SaldoDevedor: optional(moneyInput),
  VL_Bruto: optional(moneyInput),
  SN_Selecionado: optional(flagInput),
  TP_Calculo: z.optional(z.enum(['parcela', 'liquido'], { error: "Use 'parcela' ou 'liquido'." })),
  // The operation as the screen holds it (product-spec §3).
  ID_Cliente: optional(id('Cliente inválido.')),
  ID_TipoCredito: optional(z.int()),
  DE_Bruto: optional(boundedText(40)),
  DE_Liquido: optional(boundedText(40)),
  CO_Banco: optional(boundedText(10)),
  DE_Banco: optional(boundedText(120)),
  LN_LogoBanco: optional(boundedText(500)),
  CO_Agencia: optional(boundedText(10)),
  CO_AgenciaDV: optional(boundedText(2)),
  CO_ContaCorrente: optional(boundedText(20)),
  CO_ContaCorrenteDV: optional(boundedText(2)),
  ID_TipoConta: optional(z.int()),
  DE_Mensagem: optional(boundedText(500)),
  CO_Matricula: optional(boundedText(20)),
  VL_BaseCalculo: optional(moneyInput),
  VL_Margem: optional(moneyInput),
  VL_MargemCartao: optional(moneyInput),
  SN_Bloqueio: optional(flagInput),
  SN_RepresentanteLegal: optional(flagInput),
  VL_Taxa: optional(boundedText(10)),
  VL_IOF: optional(moneyInput),
  VL_CETMensal: optional(boundedText(12)),
  VL_CETAnual: optional(boundedText(12)),
  DT_Validade: optional(boundedText(10)),
  // Client fields of the form (product-spec §7: dashes and punctuation already removed).
  DE_Telefone: optional(boundedText(11)),
  DE_Pessoa: optional(boundedText(120)),
  EM_Email: optional(boundedText(254)),
  DT_Admissao: optional(boundedText(10)),
  CO_Cep: optional(boundedText(8)),
  CO_CNPJ: optional(boundedText(14)),
  DT_Nascimento: optional(boundedText(10)),
  VL_Salario: optional(moneyInput),
});
export type AtualizaOperacaoRequest = z.input<typeof atualizaOperacaoRequest>;

/** The offer computed and stored: the spec's four figures plus the offer contents (extension). */
export const operacaoAtualizada = z.object({
  OperacaoID: z.int(),
  SN_Selecionado: z.int(),
  NU_Parcelas: z.int(),
  VL_Parcela: money,
  VL_Bruto: money,
  VL_Liquido: money,
  VL_SaldoDevedor: money,
  DE_Bruto: z.string(),
  DE_Liquido: z.string(),
  VL_Taxa: percent,
  VL_IOF: money,
  VL_CETMensal: z.nullable(percent),
  VL_CETAnual: z.nullable(percent),
  DT_Validade: z.string(),
});
export type OperacaoAtualizada = z.infer<typeof operacaoAtualizada>;

/**
 * A computed offer, or `success: false` with the credit module's text when the offer cannot be made
 * (installment above the margin, term not allowed, rate above the cap…): the request was valid, so HTTP 200,
 * and the screen shows the text as every `success: false` (product-spec §8). Nothing is written then.
 */
export const atualizaOperacaoResponse = z.union([
  z.object({ success: z.literal(true), text: z.string(), data: operacaoAtualizada }),
  errorResponse,
]);
export type AtualizaOperacaoResponse = z.infer<typeof atualizaOperacaoResponse>;
