import * as z from 'zod/mini';
import { envelope, textResponse } from './envelope';
import { INT4_MAX } from './fields';
import { compactDay } from './proposal';

// Proposal follow-up (product-spec §2 "Follow-up", §3 Proposal and Ticket, §4, §7 rows
// /crm/proposta* and /crm/chamado*). Attendants see their own proposals, supervisors and managers the
// company's (docs/rules.md "Proposal follow-up").

/** Money as decimal text with a dot ('1234.56'), like every other contract (operation.ts). */
const money = z.string();

/** 'Sem filtro' in the path: 0 for status, bank, attendant and indicator (product-spec §2 'Selecione' = 0). */
export const NO_FILTER = 0;
/** The start-date placeholder of an end-only suffix: /0/00000000/{end} (product-spec §7). */
export const NO_START_DAY = '00000000';

/** The filters of the list, the counts' 'Total' and the CSV export; days are compact YYYYMMDD. */
export interface ProposalFilters {
  status: number;
  bank: number;
  attendant: number;
  indicator: number;
  start?: string;
  end?: string;
}

/**
 * The path of GET /crm/proposta/{status}/{bank}/{attendant}/{indicator} (or /crm/proposta/csv/...) with the
 * optional date suffix of product-spec §7: both → /0/{start}/{end}; start only → /0/{start}; end only →
 * /0/00000000/{end}; neither → no suffix.
 */
export function proposalFilterPath(base: '/crm/proposta' | '/crm/proposta/csv', filters: ProposalFilters): string {
  const path = `${base}/${filters.status}/${filters.bank}/${filters.attendant}/${filters.indicator}`;
  const { start, end } = filters;
  if (start && end) return `${path}/0/${start}/${end}`;
  if (start) return `${path}/0/${start}`;
  if (end) return `${path}/0/${NO_START_DAY}/${end}`;
  return path;
}

/** Proposals per page of the list: one screen's worth; the next page is asked for by its cursor (keyset). */
export const PROPOSAL_PAGE_SIZE = 50;

/** One row of the list, with what 'Resumo da Proposta' shows (product-spec §3 Proposal). */
export const proposalListItem = z.object({
  ID_Proposta: z.int(),
  CO_ADE: z.string(),
  DE_Pessoa: z.string(),
  CO_CPF: z.string(),
  DE_Tabela: z.nullable(z.string()),
  DE_Operacao: z.string(),
  /** The net amount (decimal text), shown as R$. */
  DE_Liquido: money,
  /** ISO 8601 instant in UTC ('2025-03-10T12:00:00.000Z'). */
  DT_Digitacao: z.string(),
  ID_Status: z.int(),
  DE_Status: z.string(),
  ID_Atendente: z.int(),
  DE_Atendente: z.string(),
  DE_Indicador: z.nullable(z.string()),
  SN_API: z.int(),
  CO_Banco: z.int(),
  DE_Banco: z.string(),
  /** The bank's logo served by the API, a path from its root: /banco/logo/{CO_Banco}.svg (public). */
  LN_LogoBanco: z.string(),
  CO_Agencia: z.nullable(z.string()),
  CO_AgenciaDV: z.nullable(z.string()),
  CO_ContaCorrente: z.nullable(z.string()),
  CO_ContaCorrenteDV: z.nullable(z.string()),
  /** The client's first phone, DDD and number, digits only. */
  DE_Telefone: z.nullable(z.string()),
  EM_Email: z.nullable(z.string()),
  /** dd/mm/aaaa, as 'Resumo da Proposta' shows it. */
  DT_Nascimento: z.nullable(z.string()),
  CO_Identidade: z.nullable(z.string()),
  DE_Sexo: z.nullable(z.string()),
  DE_Mae: z.nullable(z.string()),
  CO_Cep: z.nullable(z.string()),
  DE_Endereco: z.nullable(z.string()),
  DE_Numero: z.nullable(z.string()),
  DE_Complemento: z.nullable(z.string()),
  DE_Bairro: z.nullable(z.string()),
  DE_Cidade: z.nullable(z.string()),
  /** Extension: the status of the proposal's latest ticket (73, 75) or null without one, for the row's buttons. */
  ID_StatusChamado: z.nullable(z.int()),
});
export type ProposalListItem = z.infer<typeof proposalListItem>;

/** ?cursor= (the previous page's TX_Proximo) asks for the next page. */
export const proposalListQuery = z.object({ cursor: z.optional(z.string().check(z.maxLength(200))) });

/**
 * The list: `data` is one page, newest typed first. Extensions: `NU_Total` (every proposal the filters match:
 * the panel's 'Total') and `TX_Proximo`, the cursor of the next page (null on the last one).
 */
export const proposalListResponse = z.object({
  success: z.boolean(),
  text: z.string(),
  data: z.array(proposalListItem),
  NU_Total: z.int(),
  TX_Proximo: z.nullable(z.string()),
});
export type ProposalListResponse = z.infer<typeof proposalListResponse>;

/** The path parameters of the list and the export (ids; 0 is no filter). */
// Plain digits only, like idParam (fields.ts): z.coerce would take '0x2a' or ' 4.2e1 '. 0 is 'Sem filtro'.
const filterId = z.pipe(
  z.string().check(z.maxLength(10, 'Filtro inválido.'), z.regex(/^(0|[1-9]\d*)$/, 'Filtro inválido.')),
  z.pipe(z.transform(Number), z.number().check(z.maximum(INT4_MAX, 'Filtro inválido.'))),
);
export const proposalFilterParams = z.object({ status: filterId, bank: filterId, attendant: filterId, indicator: filterId });

/**
 * The optional date suffix of the path (/0/{start}/{end}, /0/{start}, /0/00000000/{end}): YYYYMMDD days in
 * America/Sao_Paulo, both inclusive; '00000000' as the start means no start.
 */
const DAY_FORMAT = 'Data inválida (use AAAAMMDD).';
const startDay = z.string().check(
  z.maxLength(8, DAY_FORMAT),
  z.regex(/^\d{8}$/, DAY_FORMAT),
  z.refine((day) => day === NO_START_DAY || compactDay.safeParse(day).success, 'Data inexistente.'),
);
const daysInOrder = ({ start, end }: { start?: string; end?: string }) => !start || !end || start === NO_START_DAY || start <= end;
/** Every path parameter of the list and the export (the date suffix's are absent on the shorter shapes). */
export const proposalFilterPathParams = z
  .extend(proposalFilterParams, { start: z.optional(startDay), end: z.optional(compactDay) })
  .check(z.refine(daysInOrder, { error: 'A data final não pode ser anterior à inicial.', path: ['end'] }));
export type ProposalFilterPathParams = z.infer<typeof proposalFilterPathParams>;
/**
 * The path parameters of each of the three shapes (no dates, /0/{start}, /0/{start}/{end}): each lists only the
 * parameters its path has, so the OpenAPI description names no path parameter the path lacks.
 */
export const proposalFilterPathParamsByShape = {
  noDates: proposalFilterParams,
  start: z.extend(proposalFilterParams, { start: startDay }),
  startEnd: z
    .extend(proposalFilterParams, { start: startDay, end: compactDay })
    .check(z.refine(daysInOrder, { error: 'A data final não pode ser anterior à inicial.', path: ['end'] })),
} as const;

/** The list's ?cursor= was not made by the API (or by this filter's list). */
export const PROPOSAL_CURSOR_INVALID = 'Cursor de página inválido: recarregue a lista.';

/** Dropdown lists: GET /crm/proposta/banco, /atendente, /indicador (the company's; an attendant sees only themself). */
export const proposalBankOption = z.object({ BancoID: z.int(), DE_Banco: z.string() });
/**
 * An attendant of 'Clientes por Atendente': AtendenteID, DE_Pessoa (product-spec §3 "Lookups"). DE_Atendente
 * (the same name) is what the API answered before the API keeps sending it for remote builds deployed
 * before then; optional here, so no screen built from now on depends on it.
 */
export const proposalAttendantOption = z.object({ AtendenteID: z.int(), DE_Pessoa: z.string(), DE_Atendente: z.optional(z.string()) });
export const proposalIndicatorOption = z.object({ IndicadorID: z.int(), DE_Indicador: z.string() });
export type ProposalBankOption = z.infer<typeof proposalBankOption>;
export type ProposalAttendantOption = z.infer<typeof proposalAttendantOption>;
export type ProposalIndicatorOption = z.infer<typeof proposalIndicatorOption>;
export const proposalBanksResponse = envelope(z.array(proposalBankOption));
export const proposalAttendantsResponse = envelope(z.array(proposalAttendantOption));
export const proposalIndicatorsResponse = envelope(z.array(proposalIndicatorOption));

/** PUT /crm/proposta: the new status must be one of GET /crm/proposta/status/possiveis. */
export const proposalStatusChange = z.object({
  PropostaID: z.int('Proposta inválida.').check(z.positive('Proposta inválida.'), z.maximum(INT4_MAX, 'Proposta inválida.')),
  ID_Status: z.int('Status inválido.'),
});
export type ProposalStatusChange = z.infer<typeof proposalStatusChange>;
export const proposalStatusChangeResponse = z.object({ success: z.boolean(), text: z.string(), message: z.optional(z.string()) });

/** DELETE /crm/proposta/{id}: managers (13) only; the proposal's tickets go with it. */
export const proposalDeleteResponse = textResponse;

export const FOLLOWUP_TEXT = {
  proposalNotFound: 'Proposta não encontrada.',
  statusInvalid: 'Status inválido para uma proposta.',
  statusChanged: 'Status da proposta alterado.',
  deleted: 'Proposta removida.',
  deleteForbidden: 'Apenas gerentes podem remover propostas.',
  ticketRequired: 'Este campo é obrigatório.',
  ticketCreated: 'Chamado aberto.',
  ticketNotFound: 'Chamado não encontrado.',
  ticketAlreadyResolved: 'Este chamado já foi respondido.',
  ticketAnswered: 'Chamado respondido.',
  attachmentType: 'Anexo inválido: envie uma imagem PNG ou JPEG.',
  attachmentTooBig: 'O anexo passa de 5 MB.',
  answerForbidden: 'Apenas supervisores e gerentes respondem chamados.',
} as const;

/** An attachment (PNG or JPEG by content) holds at most 5 MB. */
export const TICKET_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
/** The longest TX_Base of a ticket: 5 MB base64-encoded plus the data URL prefix. */
export const TICKET_DATA_URL_MAX = Math.ceil(TICKET_ATTACHMENT_MAX_BYTES / 3) * 4 + 1024;

const ticketText = z
  .string()
  .check(z.trim(), z.minLength(1, FOLLOWUP_TEXT.ticketRequired), z.maxLength(4000, 'Texto muito longo (até 4.000 caracteres).'));
const attachment = z.optional(z.nullable(z.string().check(z.maxLength(TICKET_DATA_URL_MAX, FOLLOWUP_TEXT.attachmentTooBig))));

/** POST /crm/chamado (product-spec §3 Ticket): created pending (73). */
export const ticketCreateRequest = z.object({
  ID_Proposta: z.int('Proposta inválida.').check(z.positive('Proposta inválida.'), z.maximum(INT4_MAX, 'Proposta inválida.')),
  TX_Chamado: ticketText,
  TX_Base: attachment,
});
export type TicketCreateRequest = z.infer<typeof ticketCreateRequest>;

/** POST /crm/chamado/{ChamadoID}/resposta (extension, the answering side): supervisors and managers; resolves (75). */
export const ticketAnswerRequest = z.object({ TX_Resposta: ticketText, TX_Base: attachment });
export type TicketAnswerRequest = z.infer<typeof ticketAnswerRequest>;

export const ticketWriteResponse = z.object({ success: z.boolean(), text: z.string(), data: z.optional(z.object({ ChamadoID: z.int() })) });

/** A ticket (product-spec §3); SN_Anexo / SN_AnexoResposta (extensions) say whether /1 and /2 have an image. */
export const ticket = z.object({
  ChamadoID: z.int(),
  ID_Proposta: z.int(),
  ID_Status: z.int(),
  TX_Chamado: z.string(),
  TS_Chamado: z.string(),
  TX_Resposta: z.nullable(z.string()),
  TS_Resposta: z.nullable(z.string()),
  SN_Anexo: z.boolean(),
  SN_AnexoResposta: z.boolean(),
});
export type Ticket = z.infer<typeof ticket>;
/** GET /crm/chamado/{ID_Proposta}: the proposal's tickets, newest first. */
export const ticketsResponse = envelope(z.array(ticket));

/** GET /crm/chamado/pendentes (extension): the company's pending tickets with their proposal, oldest first. */
export const pendingTicket = z.extend(ticket, {
  CO_ADE: z.string(),
  DE_Pessoa: z.string(),
  DE_Atendente: z.string(),
});
export type PendingTicket = z.infer<typeof pendingTicket>;

/**
 * The pending list holds at most this many tickets, the oldest (the ones to answer first): a company whose
 * supervisors fall behind would otherwise get an ever-growing answer and table.
 */
export const PENDING_TICKETS_LIMIT = 100;

/**
 * The pending list: `data` is the oldest PENDING_TICKETS_LIMIT pending tickets, oldest first. Extension:
 * `NU_Total`, every pending ticket of the company (the panel says how many it does not show).
 */
export const pendingTicketsResponse = z.object({
  success: z.boolean(),
  text: z.string(),
  data: z.array(pendingTicket),
  NU_Total: z.int(),
});
export type PendingTicketsResponse = z.infer<typeof pendingTicketsResponse>;

/** The panel's line when the list holds fewer tickets than are pending: 'Mostrando os 100 chamados mais antigos de 250 pendentes.' */
export const pendingTicketsShownText = (shown: number, total: number) =>
  `Mostrando os ${shown.toLocaleString('pt-BR')} chamados mais antigos de ${total.toLocaleString('pt-BR')} pendentes.`;

/** Realtime alert to the ticket's author when it is answered; DE_Dados = { ChamadoID, ID_Proposta }. */
export const ALERT_TICKET_ANSWERED = 1091;
