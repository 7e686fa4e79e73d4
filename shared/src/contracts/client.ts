import * as z from 'zod/mini';
import { isValidCpf } from '../format/cpf';
import { phoneSchema } from '../format/phone';
import { INT4_MAX } from './fields';
import { envelope } from './envelope';

/** A client's phone (product-spec §3): DE_Telefone is DDD + number, digits only. */
export const phone = z.object({
  TelefoneID: z.int(),
  DE_Telefone: z.string(),
  CO_DDD: z.string(),
  CO_Telefone: z.string(),
});
export type Phone = z.infer<typeof phone>;
export const phonesResponse = envelope(z.array(phone));
export type PhonesResponse = z.infer<typeof phonesResponse>;

/** POST /cadastro/telefone: a JSON integer id, as the client screen holds it. */
export const phoneRequest = z.object({
  // The add-phone dialog's rules (product-spec §5), the same schema the browser form uses.
  DE_Telefone: phoneSchema,
  ClienteID: z.int({ error: 'Cliente inválido.' }).check(z.positive('Cliente inválido.'), z.maximum(INT4_MAX, 'Cliente inválido.')),
});
export type PhoneRequest = z.infer<typeof phoneRequest>;

// ---------------------------------------------------------------------------------------------
// The client record (product-spec §3 "Client"): GET /crm/cliente/basicoPorID/{ClienteID} and
// GET /crm/cliente/basico/{cpf}.
//
// Representation, chosen so the client form can hold the answer as it comes:
// - texts, codes typed as digits (agency, account, NB, CEP) and dates: strings, '' when absent;
// - dates: 'dd/mm/yyyy' (DE_Nascimento as product-spec §3 writes it; the others alike);
// - money: the decimal text of numeric(14,2), dot separator, no grouping ('2850.00'), or null when
//   unknown (an unknown salary is not a zero salary). This is what `formatBRL` and the money inputs of
//   product-spec §5 read and write; the server converts to integer cents (`toCents`) before any
//   arithmetic and back with `centsToDecimalText`, so no binary float touches an amount;
// - ids and numeric codes from a list (ID_Orgao, ID_Especie, CO_Banco = BancoID, ...): integers or null;
// - SN_ flags: 0 or 1.

const text = z.string();
const money = z.nullable(z.string());
const code = z.nullable(z.int());
const flag = z.union([z.literal(0), z.literal(1)]);

export const client = z.object({
  ClienteID: z.int(),
  // Identity and registration.
  DE_Pessoa: text, // '' for a new client outside the prospect base: the attendant types it
  CO_CPF: text, // 11 digits
  DE_CPF: text, // 999.999.999-99
  DE_Nascimento: text,
  DE_Mae: text,
  DE_Sexo: text, // 'F', 'M' or ''
  EM_Email: text,
  DE_Telefone: text, // the first phone (DDD + number), '' without one; the list is /crm/cliente/telefones
  // Documents.
  CO_Identidade: text,
  DE_DataExpedicao: text,
  CO_OrgaoEmissor: text,
  SG_UFEmissao: text,
  DE_Naturalidade: text,
  // Work and pay.
  DT_Admissao: text,
  CO_CNPJ: text, // 14 characters, alphanumeric for new CNPJs
  VL_SalarioBruto: money,
  VL_SalarioLiquido: money,
  // Address.
  CO_Cep: text, // 8 digits
  DE_Endereco: text,
  DE_Numero: text,
  DE_Complemento: text,
  DE_Bairro: text,
  DE_Cidade: text,
  SG_Estado: text,
  // Reference contact.
  DE_NomeReferencia: text,
  DE_TelefoneReferencia: text,
  // Benefit and payment. Meio_Pagamento: 1 conta corrente, 2 cartão magnético.
  Meio_Pagamento: code,
  ID_TipoBeneficio: code,
  CO_MatriculaBeneficio: text,
  CO_Matricula: text, // NB
  SN_Bloqueio: flag,
  DT_DIB: text,
  DT_DDB: text,
  ID_Especie: code, // the benefit species (§3 "Espécie"; the list is /cadastro/especie)
  SN_RepresentanteLegal: flag,
  // Discounts.
  VL_DescontoOutroBanco: money,
  VL_DescontoObrigatorio: money,
  VL_DescontoVoluntario: money,
  // Agency: 1 FGTS, 4 INSS.
  ID_Orgao: code,
  // Bank data. ID_TipoConta: 1 Conta Corrente, 2 Poupança, 3 Op.
  CO_Banco: code,
  CO_Agencia: text,
  CO_AgenciaDV: text,
  CO_ContaCorrente: text,
  CO_ContaCorrenteDV: text,
  ID_TipoConta: code,
  // Campaign (product-spec §3): the campaign whose queue handed this client out and holds it now (a client
  // is held in at most one); null when nobody holds it. Optional: an older server does not send it.
  DE_Campanha: z.optional(z.nullable(z.string())),
});
export type Client = z.infer<typeof client>;

/** Both client GETs answer `data: { cliente }` (product-spec §7: data.cliente, data.cliente.ClienteID). */
export const basicClientResponse = envelope(z.object({ cliente: client }));
export type BasicClientResponse = z.infer<typeof basicClientResponse>;

/**
 * The {cpf} of GET /crm/cliente/basico: 11 digits (the 'Novo Cliente' dialog strips the punctuation,
 * product-spec §5) with valid check digits (docs/rules.md "Rules in force", CPF).
 */
export const cpfParam = z
  .string()
  .check(z.maxLength(11, 'CPF inválido.'), z.regex(/^\d{11}$/, 'CPF inválido.'), z.refine(isValidCpf, 'CPF inválido.'));

/**
 * The query of GET /crm/cliente/basico/{cpf}: `cadastrar=0` asks before creating —
 * a CPF that neither the company nor the prospect base knows answers 404 'CPF não encontrado na base. Cadastrar
 * novo cliente?' and nothing is written; absent or 1 keeps the first behaviour (such a CPF becomes an empty client).
 */
export const clientSearchQuery = z.object({
  cadastrar: z.optional(z.enum(['0', '1'], { error: 'Use 0 ou 1.' })),
});
export type ClientSearchQuery = z.infer<typeof clientSearchQuery>;

// ---------------------------------------------------------------------------------------------
// Reads of client records (issue 21 item 3): every read is counted per person and São Paulo day, and the
// company's managers are alerted when someone's reads pass the daily threshold (CLIENT_READS_ALERT_PER_DAY).

/** Realtime alert to the company's managers (13) when a person's reads of client records pass the daily threshold. */
export const ALERT_CLIENT_READS = 1094;

/** DE_Dados of ALERT_CLIENT_READS: who, how many reads today (São Paulo day DT_Dia, 'YYYY-MM-DD') and the threshold. */
export interface ClientReadsAlertData {
  ID_Pessoa: number;
  DE_Pessoa: string;
  NU_Leituras: number;
  NU_Limite: number;
  DT_Dia: string;
}

/** DE_Observacao of ALERT_CLIENT_READS: 'Ana Paula Souza consultou fichas de clientes 1.001 vezes hoje, acima do limite de 1.000.' */
export const clientReadsAlertText = (name: string, reads: number, limit: number) =>
  `${name} consultou fichas de clientes ${reads.toLocaleString('pt-BR')} vezes hoje, acima do limite de ${limit.toLocaleString('pt-BR')}.`;
