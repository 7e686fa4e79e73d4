import * as z from 'zod/mini';
import { boundedText, INT4_MAX, tooLong } from './fields';
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

/** One operation card (product-spec §3), plus the offer contents the Autorregulação requires (extension). */
export const operation = z.object({
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
  /**
   * The operation's bank, chosen on the card: the bank the proposal is typed at (its rate applies) and the
   * bank of the account below (docs/rules.md "Operation cards"). COMPE code, three digits ('318'); null when
   * no bank is chosen.
   */
  CO_Banco: z.nullable(z.string()),
  DE_Banco: z.nullable(z.string()),
  LN_LogoBanco: z.nullable(z.string()),
  // Extension: the account that receives the money, as typed on the card (product-spec §3
  // "Operation"; §5 "Operation bank fields"). Digits only; null while not typed.
  CO_Agencia: z.nullable(z.string()),
  CO_AgenciaDV: z.nullable(z.string()),
  CO_ContaCorrente: z.nullable(z.string()),
  CO_ContaCorrenteDV: z.nullable(z.string()),
  /** 1 Conta Corrente, 2 Poupança, 3 Op (ACCOUNT_TYPES). */
  ID_TipoConta: z.nullable(z.int()),
  /** For FGTS, the FGTS balance the anticipation is computed on. */
  VL_BaseCalculo: money,
  VL_Margem: money,
  VL_MargemCartao: money,
  /** Why no offer could be computed (the credit module's text), or null. */
  DE_Mensagem: z.nullable(z.string()),
  // Extension: null when no offer could be computed.
  /** Monthly rate in force used, percent. */
  VL_Taxa: z.nullable(percent),
  /** IOF financed in VL_Bruto. */
  VL_IOF: z.nullable(money),
  /** CET, percent a month and a year. */
  VL_CETMensal: z.nullable(percent),
  VL_CETAnual: z.nullable(percent),
  /** Last day the offer is valid, YYYY-MM-DD (São Paulo calendar). */
  DT_Validade: z.nullable(z.string()),
  // Extension; optional, so an answer without them still parses.
  /**
   * The terms the card offers: the type's list (product-spec §9) within the limits in force on the day, without
   * §9's 0 (the screen's "no term chosen yet", 'Selecione').
   */
  NU_PrazosPermitidos: z.optional(z.array(z.int())),
  /** The operation's proposal in progress (status other than 60, 90, 91), newest first; null when it has none. */
  PropostaEmAndamento: z.optional(
    z.nullable(z.object({ PropostaID: z.int(), CO_ADE: z.string(), ID_Status: z.int(), DE_Status: z.string() })),
  ),
});
export type Operation = z.infer<typeof operation>;
export const operationsResponse = envelope(z.array(operation));
export type OperationsResponse = z.infer<typeof operationsResponse>;

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

/** Account types of an operation's (and a client's) account (product-spec §3). */
export const ACCOUNT_TYPES = [
  { ID_TipoConta: 1, label: 'Conta Corrente' },
  { ID_TipoConta: 2, label: 'Poupança' },
  { ID_TipoConta: 3, label: 'Op' },
] as const;

/** The banks an ML operation may be typed at (product-spec §9: BMG, Banrisul, Banco Pan, Banco Safra, Banco Daycoval), by COMPE code. */
export const ML_BANK_IDS: readonly number[] = [318, 41, 623, 422, 707];

const DIGITS = /^\d+$/;
const DIGITS_ERROR = 'Apenas números.';
const OPTION_ERROR = 'Opção inválida.';

/**
 * A bank field of the card (product-spec §5 "Operation bank fields": digits only): digit text, or a JSON
 * integer as a select gives a bank code. Absent: not sent, the stored value stays; null or '': cleared.
 * Leaves as digit text ('' when cleared). Whether it is required is the proposal's rule (operationForm).
 */
const bankDigits = (max: number) =>
  z.optional(
    z.pipe(
      // The union's own bound only stops huge texts (a failed option gives the union's message); the field's is below.
      z.nullable(z.union([z.string().check(z.maxLength(100)), z.int()], { error: DIGITS_ERROR })),
      z.transform((value, context) => {
        const text = value === null ? '' : String(value);
        const message = text !== '' && !DIGITS.test(text) ? DIGITS_ERROR : text.length > max ? tooLong(max) : null;
        if (message) {
          context.issues.push({ code: 'custom', message, input: value });
          return z.NEVER;
        }
        return text;
      }),
    ),
  );

/** ID_TipoConta of a request: 1, 2 or 3 (a select's digit text too); null or '' clears it. */
const accountType = z.optional(
  z.pipe(
    z.nullable(z.union([z.int(), z.string().check(z.maxLength(1, OPTION_ERROR))], { error: OPTION_ERROR })),
    z.transform((value, context) => {
      if (value === null || value === '') return null;
      const type = Number(value);
      if (!ACCOUNT_TYPES.some((option) => option.ID_TipoConta === type)) {
        context.issues.push({ code: 'custom', message: OPTION_ERROR, input: value });
        return z.NEVER;
      }
      return type;
    }),
  ),
);

/**
 * What the screen sends when term, installment or net value change (product-spec §7): the operation as it
 * holds it, the new figures, and the client fields of the form. Only OperacaoID and NU_Parcelas are
 * required; the figures come from VL_Parcela or VL_Liquido (with VL_SaldoDevedor), `TP_Calculo` saying
 * which one the user changed when both are present (extension; default: the installment). Stored with the
 * offer: SN_Selecionado, the card's bank fields (digits only; a field left out keeps its stored value) and
 * the client fields, which the API checks with the client form's rules (clientForm.ts) in their compact
 * forms. The other echoed operation fields are bounded and otherwise ignored.
 */
export const updateOperationRequest = z.object({
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
  CO_Banco: bankDigits(3),
  DE_Banco: optional(boundedText(120)),
  LN_LogoBanco: optional(boundedText(500)),
  CO_Agencia: bankDigits(10),
  CO_AgenciaDV: bankDigits(2),
  CO_ContaCorrente: bankDigits(20),
  CO_ContaCorrenteDV: bankDigits(2),
  ID_TipoConta: accountType,
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
  // Client fields of the form (product-spec §7: dashes and punctuation already removed): DT_ dates as
  // ddmmyyyy, CO_Cep 8 digits, CO_CNPJ its 14 characters; VL_Salario is the gross salary (VL_SalarioBruto).
  DE_Telefone: optional(boundedText(11)),
  DE_Pessoa: optional(boundedText(120)),
  EM_Email: optional(boundedText(254)),
  DT_Admissao: optional(boundedText(10)),
  CO_Cep: optional(boundedText(8)),
  CO_CNPJ: optional(boundedText(14)),
  DT_Nascimento: optional(boundedText(10)),
  VL_Salario: optional(moneyInput),
});
export type UpdateOperationRequest = z.input<typeof updateOperationRequest>;

/** The offer computed and stored: the spec's four figures plus the offer contents (extension). */
export const updatedOperation = z.object({
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
export type UpdatedOperation = z.infer<typeof updatedOperation>;

/**
 * A computed offer, or `success: false` with the credit module's text when the offer cannot be made
 * (installment above the margin, term not allowed, rate above the cap…): the request was valid, so HTTP 200,
 * and the screen shows the text as every `success: false` (product-spec §8). Nothing is written then.
 */
export const updateOperationResponse = z.union([
  z.object({ success: z.literal(true), text: z.string(), data: updatedOperation }),
  errorResponse,
]);
export type UpdateOperationResponse = z.infer<typeof updateOperationResponse>;
