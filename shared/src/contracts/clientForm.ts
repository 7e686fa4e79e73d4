import * as z from 'zod/mini';
import { cnpjCharacters, isValidCnpj } from '../format/cnpj';
import { isValidDate } from '../format/date';
import { PHONE_DIGITS } from '../format/phone';
import { errorResponse } from './envelope';
import { tooLong, INT4_MAX } from './fields';
import { moneyInput } from './operation';

// The client form (product-spec §5 "Client form, full mode / simulator mode") and the operation bank fields
// ("Operation bank fields"): ONE definition for the API (POST crm/proposta/0 and /crm/simulacao/enviar) and
// the browser form. Each field shows one message at a time: checks abort at the first failure, in the spec's
// order. The form holds the client as GET /crm/cliente/basicoPorID answers it (client.ts), so every field of
// that record is accepted here; fields the spec does not name are optional but still checked against what
// the database accepts (a malformed value is a 400 with its field, never a failed statement).

export const CLIENT_FORM_TEXT = {
  required: 'Este campo é obrigatório.',
  malformed: 'Campo mal formatado ou não preenchido.',
  noNumbers: 'Números não são permitidos.',
  date: 'Data inválida ou mal formatado.',
  dateLength: 'Deve conter 10 caracteres.',
  cep: 'CEP inválido ou mal formatado.',
  email: 'Email inválido.',
  sexLetters: 'Sigla M ou F',
  sexLength: 'Apenas uma letra.',
  digits: 'Apenas números.',
  phoneLength: 'Deve conter 11 dígitos.',
  referencePhoneLength: 'Deve conter 10 ou 11 dígitos.',
  cnpj: 'CNPJ inválido.',
  uf: 'UF inválida.',
  option: 'Opção inválida.',
  operationRequired: 'Este campo é obrigatório caso operação esteja selecionada.',
  selectOperation: 'Selecione uma sugestão de crédito.',
} as const;
const T = CLIENT_FORM_TEXT;

/** The 27 UFs (table estado, migration 005): a state outside them is refused before reaching the database. */
export const UFS = [
  'AC',
  'AL',
  'AM',
  'AP',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MG',
  'MS',
  'MT',
  'PA',
  'PB',
  'PE',
  'PI',
  'PR',
  'RJ',
  'RN',
  'RO',
  'RR',
  'RS',
  'SC',
  'SE',
  'SP',
  'TO',
] as const;

/** At most `max` characters; the first check of every text, so a huge value is refused before any pattern runs. */
const bounded = (max: number) => z.maxLength(max, { error: tooLong(max), abort: true });
const notBlank = (value: string) => value.trim().length > 0;
const isEmpty = (value: string) => value === '';

type Rule = [test: (value: string) => boolean, message: string];

/** A text field: `required` refuses ''/absent with 'Este campo é obrigatório.'; then `checks` run in order, each aborting. */
function textField(max: number, required: true, ...checks: Rule[]): z.ZodMiniString<string>;
function textField(max: number, required: boolean, ...checks: Rule[]): z.ZodMiniType<string | undefined, unknown>;
function textField(max: number, required: boolean, ...checks: Rule[]): z.ZodMiniType<string | undefined, unknown> {
  const rules = checks.map(([test, message]) =>
    z.refine<string>((value) => isEmpty(value) || test(value), { error: message, abort: true }),
  );
  const base = z
    .string({ error: required ? T.required : T.malformed })
    .check(bounded(max), ...(required ? [z.refine<string>(notBlank, { error: T.required, abort: true })] : []), ...rules);
  return required
    ? base
    : z.optional(
        z.pipe(
          z.nullable(base),
          z.transform((value) => value ?? ''),
        ),
      );
}

const matches = (pattern: RegExp) => (value: string) => pattern.test(value);
const DIGITS = /^\d+$/;
const digitsOnly = matches(DIGITS);
const dateRules: [test: (value: string) => boolean, message: string][] = [
  [(value) => value.length === 10, T.dateLength],
  [isValidDate, T.date],
];

/** A code picked from a list: an integer, its digits as a select gives them, '' or null for none. */
const code = (allowed?: readonly number[]) =>
  z.optional(
    z.pipe(
      z.nullable(z.union([z.int(), z.string().check(bounded(10))], { error: T.option })),
      z.transform((value, context) => {
        if (value === null || value === '') return null;
        const number = typeof value === 'number' ? value : DIGITS.test(value) ? Number(value) : NaN;
        if (!Number.isSafeInteger(number) || number < 0 || number > INT4_MAX || (allowed && !allowed.includes(number))) {
          context.issues.push({ code: 'custom', message: T.option, input: value });
          return z.NEVER;
        }
        return number;
      }),
    ),
  );

/** 0/1 as stored, or a boolean as a switch gives it (product-spec §3: sent as booleans). */
const flag = z.optional(
  z.pipe(
    z.nullable(z.union([z.literal(0), z.literal(1), z.boolean()], { error: T.option })),
    z.transform((value) => (value === true || value === 1 ? 1 : 0)),
  ),
);
const money = z.optional(z.nullable(moneyInput));

/** Name: letters (accents included) and spaces only. */
const NAME = /^[\p{L}\s]+$/u;
const CPF_FORMAT = /^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/;
const CEP_FORMAT = /^\d{5}-?\d{3}$/;
// The e-mail input's own rule (HTML living standard), which is what the field's type="email" accepts.
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
const isUf = (value: string) => (UFS as readonly string[]).includes(value.toUpperCase());

/** CNPJ, numeric or alphanumeric, masked or bare; leaves as its 14 characters upper-cased ('' when empty). */
const cnpj = z.pipe(
  textField(18, false, [isValidCnpj, T.cnpj]),
  z.transform((value) => cnpjCharacters(value)),
);

export type ClientFormMode = 'full' | 'simulator';

/**
 * The client form's schema in a mode (product-spec §5). Full mode: CPF, name, phone, CEP, address, number,
 * district, city, state and e-mail as listed there. Simulator mode: the same except address fields and
 * e-mail are optional (CEP format and e-mail validity still checked when given). DE_Sexo, when given, must be
 * one letter M or F. In both modes: bank fields digits only, the other fields optional and bounded.
 */
export function clientFormSchema(mode: ClientFormMode) {
  const full = mode === 'full';
  const sexChecks: [test: (value: string) => boolean, message: string][] = [
    [(value) => value.length === 1, T.sexLength],
    [matches(/^[MF]$/), T.sexLetters],
  ];
  return z.object({
    ClienteID: z.int({ error: 'Cliente inválido.' }).check(z.positive('Cliente inválido.'), z.maximum(INT4_MAX, 'Cliente inválido.')),
    DE_CPF: textField(14, true, [matches(CPF_FORMAT), T.malformed]),
    CO_CPF: textField(14, false),
    DE_Pessoa: textField(120, true, [matches(NAME), T.noNumbers]),
    DE_Nascimento: textField(10, false, ...dateRules),
    DE_Mae: textField(120, false),
    // Empty is allowed in both modes: the form shows the field only for FGTS and private credit (product-spec
    // §5), and a simulation of another credit type must not fail on a field the attendant cannot see. When
    // given: one letter ('Apenas uma letra.'), M or F ('Sigla M ou F').
    DE_Sexo: textField(20, false, ...sexChecks),
    EM_Email: textField(254, full, [matches(EMAIL), T.email]),
    DE_Telefone: textField(PHONE_DIGITS, true, [digitsOnly, T.digits], [(value) => value.length === PHONE_DIGITS, T.phoneLength]),
    CO_Identidade: textField(20, false),
    DE_DataExpedicao: textField(10, false, ...dateRules),
    CO_OrgaoEmissor: textField(20, false),
    SG_UFEmissao: textField(2, false, [isUf, T.uf]),
    DE_Naturalidade: textField(120, false),
    DT_Admissao: textField(10, false, ...dateRules),
    CO_CNPJ: z.optional(cnpj),
    VL_SalarioBruto: money,
    VL_SalarioLiquido: money,
    CO_Cep: textField(9, full, [matches(CEP_FORMAT), T.cep]),
    DE_Endereco: textField(200, full),
    DE_Numero: textField(10, false, [digitsOnly, T.digits]),
    DE_Complemento: textField(120, false),
    DE_Bairro: textField(120, full),
    DE_Cidade: textField(120, full),
    SG_Estado: textField(2, full, [isUf, T.uf]),
    DE_NomeReferencia: textField(120, false),
    DE_TelefoneReferencia: textField(11, false, [digitsOnly, T.digits], [(value) => value.length >= 10, T.referencePhoneLength]),
    Meio_Pagamento: code([1, 2]),
    ID_TipoBeneficio: code(),
    CO_MatriculaBeneficio: textField(20, false),
    CO_Matricula: textField(20, false),
    SN_Bloqueio: flag,
    DT_DIB: textField(10, false, ...dateRules),
    DT_DDB: textField(10, false, ...dateRules),
    ID_Especie: code(),
    SN_RepresentanteLegal: flag,
    VL_DescontoOutroBanco: money,
    VL_DescontoObrigatorio: money,
    VL_DescontoVoluntario: money,
    ID_Orgao: code(),
    CO_Banco: code(),
    CO_Agencia: textField(10, false, [digitsOnly, T.digits]),
    CO_AgenciaDV: textField(2, false, [digitsOnly, T.digits]),
    CO_ContaCorrente: textField(20, false, [digitsOnly, T.digits]),
    CO_ContaCorrenteDV: textField(2, false, [digitsOnly, T.digits]),
    ID_TipoConta: code([1, 2, 3]),
  });
}

export const clientFormFull = clientFormSchema('full');
export const clientFormSimulator = clientFormSchema('simulator');
export type ClientFormInput = z.input<typeof clientFormFull>;
export type ClientForm = z.output<typeof clientFormFull>;

// ── Operations of the form (entries of `contratar`) ─────────────────────────────────────────────────────────

const OPERATION_BANK_FIELDS = ['CO_Banco', 'CO_Agencia', 'CO_ContaCorrente', 'CO_ContaCorrenteDV'] as const;
/** A bank field of an operation: digits, as text or a JSON integer (a COMPE code from a select). */
const bankDigits = (max: number) =>
  z.optional(
    z.pipe(
      z.nullable(z.union([z.string().check(bounded(max)), z.int()], { error: T.digits })),
      z.transform((value, context) => {
        const text = value === null ? '' : String(value);
        if (text !== '' && !DIGITS.test(text)) {
          context.issues.push({ code: 'custom', message: T.digits, input: value });
          return z.NEVER;
        }
        return text;
      }),
    ),
  );

/**
 * One entry of `contratar` as the screen holds it (product-spec §3 "Operation"): the figures the client was
 * shown (re-priced by the server) and the bank fields, required when the operation is selected
 * ('Este campo é obrigatório caso operação esteja selecionada.'), all digits only; CO_AgenciaDV optional.
 * Other fields of the card are accepted and ignored (the server keeps its own copy).
 */
export const operationForm = z
  .object({
    OperacaoID: z.int({ error: 'Operação inválida.' }).check(z.positive('Operação inválida.'), z.maximum(INT4_MAX, 'Operação inválida.')),
    SN_Selecionado: flag,
    NU_Parcelas: z.int({ error: 'Prazo inválido.' }).check(z.minimum(0, 'Prazo inválido.'), z.maximum(999, 'Prazo inválido.')),
    VL_Parcela: money,
    VL_Liquido: money,
    VL_SaldoDevedor: money,
    TP_Calculo: z.optional(z.enum(['parcela', 'liquido'], { error: "Use 'parcela' ou 'liquido'." })),
    CO_Banco: bankDigits(3),
    CO_Agencia: bankDigits(10),
    CO_AgenciaDV: bankDigits(2),
    CO_ContaCorrente: bankDigits(20),
    CO_ContaCorrenteDV: bankDigits(2),
    ID_TipoConta: code([1, 2, 3]),
  })
  .check(
    z.superRefine((operation, context) => {
      if (operation.SN_Selecionado !== 1) return;
      for (const field of OPERATION_BANK_FIELDS) {
        if (!operation[field]) context.addIssue({ code: 'custom', message: T.operationRequired, path: [field], input: operation[field] });
      }
    }),
  );
export type OperationFormInput = z.input<typeof operationForm>;
export type OperationForm = z.output<typeof operationForm>;

/** The operations a client may carry at once: one card per credit type (seven), with room to spare. */
const MAX_OPERATIONS = 20;
const contratar = z.array(operationForm).check(z.maxLength(MAX_OPERATIONS, `Envie no máximo ${MAX_OPERATIONS} operações.`));

/** POST crm/proposta/0 (product-spec §7): the whole registered data, the client in full mode. */
export const proposalRegistrationRequest = z.object({ cliente: clientFormFull, contratar });
export type ProposalRegistrationRequest = z.input<typeof proposalRegistrationRequest>;

/** POST /crm/simulacao/enviar (product-spec §7): the client in simulator mode. */
export const simulationSendRequest = z.object({ cliente: clientFormSimulator, contratar });
export type SimulationSendRequest = z.input<typeof simulationSendRequest>;

/** The proposals created: one per selected operation. */
export const registeredProposal = z.object({ ID_Proposta: z.int(), CO_ADE: z.string() });
export const proposalRegistrationResponse = z.union([
  z.object({ success: z.literal(true), text: z.string(), data: z.array(registeredProposal) }),
  errorResponse,
]);
export type ProposalRegistrationResponse = z.infer<typeof proposalRegistrationResponse>;

// ── Simulations ('Enviar simulação', company 1 only; 'Histórico e Simulador') ──────────────────────────────

/** The company that may send simulations (product-spec §6; docs/rules.md "Roles"): the API refuses the others. */
export const SIMULATION_COMPANY = 1;

/** One operation of a simulation sent: the figures the client was shown (money as decimal text, rates as percent text). */
export const simulationOperation = z.object({
  OperacaoID: z.int(),
  ID_TipoCredito: z.int(),
  CO_Banco: z.nullable(z.string()),
  DE_Banco: z.nullable(z.string()),
  NU_Parcelas: z.int(),
  VL_Parcela: z.string(),
  VL_Bruto: z.string(),
  VL_Liquido: z.string(),
  VL_SaldoDevedor: z.string(),
  VL_IOF: z.string(),
  VL_Taxa: z.string(),
  VL_CETMensal: z.nullable(z.string()),
  VL_CETAnual: z.nullable(z.string()),
  /** Last day the offer is valid, YYYY-MM-DD (São Paulo calendar). */
  DT_Validade: z.string(),
});

/**
 * GET /crm/simulacao/{ClienteID} (extension): a simulation sent, newest first. TP_Envio: 'enviado', 'falhou'
 * (SMTP error), 'nao_configurado' (no SMTP on the server), 'sem_email' (no address), 'pendente' (being sent).
 */
export const sentSimulation = z.object({
  ID_Simulacao: z.int(),
  /** When it was sent, ISO 8601 UTC. */
  TS_Envio: z.string(),
  EM_Destino: z.nullable(z.string()),
  TP_Envio: z.enum(['pendente', 'enviado', 'falhou', 'nao_configurado', 'sem_email']),
  DE_Atendente: z.string(),
  operacoes: z.array(simulationOperation),
});
export type SentSimulation = z.infer<typeof sentSimulation>;
export const simulationsResponse = z.object({ success: z.literal(true), text: z.string(), data: z.array(sentSimulation) });

/** POST /crm/simulacao/enviar: recorded (even when the e-mail could not go), or refused with the rule's text. */
export const simulationSendResponse = z.union([
  z.object({
    success: z.literal(true),
    text: z.string(),
    data: z.object({ ID_Simulacao: z.int(), TP_Envio: sentSimulation.shape.TP_Envio }),
  }),
  errorResponse,
]);
export type SimulationSendResponse = z.infer<typeof simulationSendResponse>;
