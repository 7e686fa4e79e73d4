import type { ReportQuery, StatusSummaryQuery } from '@consig/shared';

/**
 * Query keys, one factory per feature. Keys are hierarchical so one prefix invalidates a whole family:
 * `campaignKeys.all` refreshes every campaign read, `campaignKeys.list()` every campaign list whatever its
 * filters. They live here, not in the remotes, because host and remotes share one cache: a write in one
 * remote may refresh what another one shows.
 */
export function createQueryKeys<const Scope extends string>(scope: Scope) {
  const all = [scope] as const;
  return {
    all,
    list: <const Filters extends object | undefined = undefined>(filters?: Filters) =>
      filters === undefined ? ([scope, 'list'] as const) : ([scope, 'list', filters] as const),
    detail: <const Id extends string | number>(id: Id) => [scope, 'detail', id] as const,
  };
}

/** GET /atendente/lead. */
export const leadKeys = createQueryKeys('leads');
const campaignBase = createQueryKeys('campaigns');
/** GET /cadastro/campanhas (`list()`) and the campaign's own reads, under its `detail(id)`. */
export const campaignKeys = {
  ...campaignBase,
  /** GET /cadastro/campanha/{id}/resumo. */
  summary: (id: number) => [...campaignBase.detail(id), 'summary'] as const,
  /** GET /cadastro/campanha/{id}/fila. */
  queue: (id: number) => [...campaignBase.detail(id), 'queue'] as const,
  /** GET /cadastro/campanha/{id}/atendentes. */
  attendants: (id: number) => [...campaignBase.detail(id), 'attendants'] as const,
  /** GET /importacao/{id}: an import of the campaign list's uploads and batches. */
  import: (importId: number) => [...campaignBase.all, 'import', importId] as const,
};
/** GET /atendente (the company's attendants). */
export const attendantKeys = createQueryKeys('attendants');
/** GET /atendente/ramal, per signed-in person. */
export const extensionKeys = createQueryKeys('ramal');
/** The client service screen: GET /crm/cliente/basicoPorID/{id} (`detail(id)`) and /crm/cliente/basico/{cpf}. */
export const clientKeys = createQueryKeys('clients');
/** GET /crm/cliente/operacoes/{id}: `list({ clientId })`. */
export const operationKeys = createQueryKeys('operations');
/** GET /crm/cliente/telefones/{id}: `list({ clientId })`. */
export const phoneKeys = createQueryKeys('phones');
/** GET /crm/cliente/{id}/ligacoes, a client's calls: `list({ clientId })`. */
export const callKeys = createQueryKeys('calls');
/**
 * GET /cadastro/numeros, the company's numbers at the carrier (a campaign's caller number is one of them): `list()`;
 * GET /cadastros/numeros, each with the campaigns calling from it: `list({ campanhas: 1 })`.
 */
export const companyNumberKeys = createQueryKeys('company-numbers');
/** GET /cadastros/empresa/telefonia, the company's recording retention and after-call limit: `detail('empresa')`. */
export const telephonySettingsKeys = createQueryKeys('telephony-settings');
/** GET /crm/cliente/{id}/documentos, a client's documents (the settings/upload popup): `list({ clientId })`. */
export const clientDocumentKeys = createQueryKeys('client-documents');
/** GET /crm/simulacao/{ClienteID}, the simulations sent to a client: `list({ clientId })`. */
export const simulationKeys = createQueryKeys('simulations');

const lookupBase = createQueryKeys('lookups');
/** Reference lists, the same for every company; their reads are `./lookups`. */
export const lookupKeys = {
  ...lookupBase,
  /** GET /cadastro/banco. */
  banks: () => [...lookupBase.all, 'banks'] as const,
  /** GET /cadastro/banco/comcodigo: another list than /cadastro/banco, so another key. */
  banksWithCode: () => [...lookupBase.all, 'banks-with-code'] as const,
  /** GET /cadastro/estado. */
  states: () => [...lookupBase.all, 'states'] as const,
  /** GET /cadastro/especie. */
  species: () => [...lookupBase.all, 'species'] as const,
  /** GET /cadastro/orgaos. */
  agencies: () => [...lookupBase.all, 'agencies'] as const,
};

const proposalBase = createQueryKeys('proposals');
const statusSummaries = () => [...proposalBase.all, 'status-summary'] as const;
const histories = () => [...proposalBase.all, 'history'] as const;
/**
 * The follow-up's proposal reads, one family, so a write anywhere that refreshes `proposalKeys.all` refreshes them
 * all. `list()` is every list whatever its filters (what a status change or a deletion makes stale), `list(filters)` one.
 */
export const proposalKeys = {
  ...proposalBase,
  /** Every period's counts per status (GET /crm/proposta/status). */
  statusSummaries,
  /** One period's counts: a date change is a new key, so it is fetched anew. */
  statusSummary: (filters: StatusSummaryQuery) => [...statusSummaries(), filters] as const,
  /** GET /crm/proposta/status/possiveis. */
  possibleStatuses: () => [...proposalBase.all, 'possible-statuses'] as const,
  /** Every proposal's status history (what a status change makes stale). */
  histories,
  /** GET /crm/proposta/{id}/historico. */
  history: (proposalId: number) => [...histories(), proposalId] as const,
  /** The list's filter choices: GET /crm/proposta/banco, /atendente, /indicador. */
  filterOptions: (kind: 'banks' | 'attendants' | 'indicators') => [...proposalBase.all, 'filter-options', kind] as const,
};

const ticketBase = createQueryKeys('tickets');
/**
 * Ticket reads (product-spec §3 Ticket). One family, so `ticketKeys.all` refreshes a proposal's tickets,
 * the pending list and the attachments at once (an answer adds the reply's image, /2).
 */
export const ticketKeys = {
  ...ticketBase,
  /** GET /crm/chamado/{ID_Proposta}. */
  ofProposal: (proposalId: number) => ticketBase.list({ proposalId }),
  /** GET /crm/chamado/pendentes. */
  pending: () => [...ticketBase.all, 'pending'] as const,
  /** GET /crm/chamado/{ChamadoID}/1 (the ticket's image) and /2 (the reply's). */
  attachment: (ticketId: number, part: 1 | 2) => [...ticketBase.all, 'attachment', ticketId, part] as const,
};
/** GET /atendente/status: the signed-in attendant's availability or pause. */
export const attendantStatusKeys = createQueryKeys('attendant-status');
/** GET /atendente/meu-dia: the signed-in attendant's own day so far ('Meu dia' on /atendimento). */
export const myDayKeys = createQueryKeys('my-day');
const floorBase = createQueryKeys('floor');
/** The supervisor's floor ('Relatórios' → 'Ao vivo'); `floorKeys.all` refreshes every read of it. */
export const floorKeys = {
  ...floorBase,
  /** GET /relatorios/ao-vivo: every attendant of the company and their state (patched by alert 1092). */
  board: () => [...floorBase.all, 'board'] as const,
};
const reportBase = createQueryKeys('reports');
/** The period reports ('Relatórios' → 'Relatórios'); `reportKeys.all` refreshes every one of them. */
export const reportKeys = {
  ...reportBase,
  /** GET /relatorios/periodo: one period, campaign, attendant and grouping; other filters are another read. */
  period: (query: ReportQuery) => [...reportBase.all, 'period', query] as const,
};
/** GET /crm/retornos, the callback calendar: `list({ inicio, fim, ID_Atendente })`; `callbackKeys.all` refreshes every range (a move). */
export const callbackKeys = createQueryKeys('callbacks');
/** GET /cadastros/pessoas (`list(filters)`): the people of Cadastros. */
export const peopleKeys = createQueryKeys('people');
/** GET /cadastro/naoperturbe (`list({ busca })`). */
export const doNotCallKeys = createQueryKeys('do-not-call');
/** GET /cadastros/auditoria (`list(filters)`, pages by cursor): the audit of Cadastros. */
export const auditKeys = createQueryKeys('audit');
/** GET /cadastros/taxas (`list(filters)`): the company's rates of Cadastros; a new one reprices `operationKeys` too. */
export const rateKeys = createQueryKeys('rates');
