import * as z from 'zod/mini';
import { isValidCpf } from '../format/cpf';
import { cpfParam } from './client';
import { envelope } from './envelope';
import { PROPOSAL_STATUS } from './proposalStatus';

// Data-subject requests (LGPD, Lei 13.709/2018 arts. 18 and 19; docs/rules.md "Data-subject requests (LGPD)"): by
// CPF, a manager (13) sees what the company holds on a person, exports it as one JSON file, anonymises them when the
// law allows, and puts every phone of theirs on the suppression list. Routes: /cadastros/titulares/{CO_CPF}.

export const DATA_SUBJECT_TEXT = {
  forbidden: 'Apenas gerentes atendem pedidos de titulares (LGPD).',
  notFound: 'Titular não encontrado.',
  invalidCpf: 'CPF inválido.',
  confirmationMismatch: 'O CPF digitado na confirmação não é o do titular.',
  anonymisedName: 'Titular anonimizado',
  proposalInProgress: (ade: string, status: string) =>
    `A proposta ADE ${ade} está em andamento (${status}): o banco ainda precisa dos dados do titular. Anonimize depois que ela for paga, cancelada ou reprovada.`,
  callInProgress: 'Há uma ligação com o titular em curso ou uma gravação dela ainda em processamento. Tente de novo em alguns minutos.',
  heldInQueue: 'Um atendente está com o titular em atendimento agora. Tente de novo quando o atendimento terminar.',
  refused: 'A anonimização não é permitida agora.',
} as const;

/** A proposal in one of these statuses is over: Paga, Cancelada, Reprovada (migration 018's "in progress" index). */
export const FINISHED_PROPOSAL_STATUSES: readonly number[] = [PROPOSAL_STATUS.PAGA, PROPOSAL_STATUS.CANCELADA, PROPOSAL_STATUS.REPROVADA];

/** The {CO_CPF} of every route: 11 digits with valid check digits (the 'Novo Cliente' rule, `cpfParam`). */
export const dataSubjectParams = z.object({ CO_CPF: cpfParam });

/** A CPF as typed on a form, with or without its punctuation (the screen's search and the confirmation). */
const typedCpf = z
  .string({ error: DATA_SUBJECT_TEXT.invalidCpf })
  .check(z.maxLength(14, DATA_SUBJECT_TEXT.invalidCpf), z.refine(isValidCpf, DATA_SUBJECT_TEXT.invalidCpf));

/** The screen's search ('Consultar'): the CPF, sent as its digits. */
export const dataSubjectSearch = z.object({ CO_CPF: typedCpf });

/**
 * POST /cadastros/titulares/{CO_CPF}/anonimizacao: the CPF typed again (with or without its punctuation), so an
 * irreversible change never follows a slip on the first field.
 */
export const anonymisationRequest = z.object({ CO_CPFConfirmacao: typedCpf });
export type AnonymisationRequest = z.infer<typeof anonymisationRequest>;

/** What the company holds on the person, one count per category (the export's categories). */
export const dataSubjectCount = z.object({
  /** The export's key of the category ('telefones', 'propostas'…). */
  CO_Categoria: z.string(),
  DE_Categoria: z.string(),
  NU_Registros: z.int(),
});
export type DataSubjectCount = z.infer<typeof dataSubjectCount>;

/**
 * GET /cadastros/titulares/{CO_CPF}: who (masked, as the live board shows a client: '***.444.777-**'), how much of
 * each category, whether anonymisation is allowed now and, when not, every reason why.
 */
export const dataSubjectSummary = z.object({
  ID_Cliente: z.int(),
  /** '***.444.777-**'. */
  DE_CPFParcial: z.string(),
  /** The first name and the initials of the others ('Maria S. L.'); 'Titular anonimizado' once anonymised. */
  DE_Titular: z.string(),
  /** ISO 8601 instant in UTC of the anonymisation; null while never anonymised. */
  TS_Anonimizacao: z.nullable(z.string()),
  contagens: z.array(dataSubjectCount),
  SN_PodeAnonimizar: z.union([z.literal(0), z.literal(1)]),
  /** Why anonymisation is refused now (Portuguese sentences); empty when it is allowed. */
  motivos: z.array(z.string()),
});
export type DataSubjectSummary = z.infer<typeof dataSubjectSummary>;
export const dataSubjectSummaryResponse = envelope(dataSubjectSummary);

/** What an anonymisation removed or changed, and the proposals it kept (the audit row's detail too). */
export const anonymisationResult = z.object({
  ID_Cliente: z.int(),
  NU_Telefones: z.int(),
  NU_Documentos: z.int(),
  NU_Gravacoes: z.int(),
  NU_Ligacoes: z.int(),
  NU_Fila: z.int(),
  NU_Simulacoes: z.int(),
  NU_Operacoes: z.int(),
  NU_Chamados: z.int(),
  NU_AcessosPorCpf: z.int(),
  NU_LinhasImportacao: z.int(),
  NU_PropostasMantidas: z.int(),
});
export type AnonymisationResult = z.infer<typeof anonymisationResult>;
export const anonymisationResponse = envelope(anonymisationResult);

/** POST /cadastros/titulares/{CO_CPF}/nao-perturbe: the person's phones, how many were new on the list. */
export const dataSubjectDoNotCallResponse = envelope(z.object({ NU_Telefones: z.int(), NU_Incluidos: z.int(), NU_JaExistentes: z.int() }));
export type DataSubjectDoNotCallResponse = z.infer<typeof dataSubjectDoNotCallResponse>;

/** The export's file name: the partial CPF's digits and the São Paulo day of the export ('titular-444777-2026-11-27.json'). */
export const dataSubjectExportFileName = (cpf: string, saoPauloDay: string) => `titular-${cpf.slice(3, 9)}-${saoPauloDay}.json`;

/** '11144477735' → '***.444.777-**' (the live board's partial CPF). */
export const partialCpf = (cpf: string) => `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`;

/** Words of a Portuguese name that are not names of their own ('Maria das Dores' → 'Maria D.'). */
const NAME_PARTICLES = new Set(['da', 'das', 'de', 'do', 'dos', 'e']);

/** 'Maria das Dores Lima' → 'Maria D. L.': enough to confirm whom the screen found, not enough to read the name. */
export function maskedName(name: string): string {
  const [first, ...rest] = name.trim().split(/\s+/).filter(Boolean);
  if (!first) return '';
  const initials = rest.filter((word) => !NAME_PARTICLES.has(word.toLowerCase())).map((word) => `${word[0].toUpperCase()}.`);
  return [first, ...initials].join(' ');
}
