import type { StatusSummaryQuery } from '@consig/shared';

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
/** GET /cadastro/campanhas and the campaign's own reads. */
export const campaignKeys = createQueryKeys('campaigns');
/** GET /atendente (the company's attendants). */
export const attendantKeys = createQueryKeys('attendants');
/** GET /atendente/ramal, per signed-in person. */
export const ramalKeys = createQueryKeys('ramal');
/** The client service screen: GET /crm/cliente/basicoPorID/{id} (`detail(id)`) and /crm/cliente/basico/{cpf}. */
export const clientKeys = createQueryKeys('clients');
/** GET /crm/cliente/operacoes/{id}: `list({ clientId })`. */
export const operationKeys = createQueryKeys('operations');
/** GET /crm/cliente/telefones/{id}: `list({ clientId })`. */
export const phoneKeys = createQueryKeys('phones');
/** GET /crm/simulacao/{ClienteID}, the simulations sent to a client: `list({ clientId })`. */
export const simulationKeys = createQueryKeys('simulations');

const lookupBase = createQueryKeys('lookups');
/** The registration forms' reference lists, the same for every company: GET /cadastro/banco, /estado, /especie. */
export const lookupKeys = {
  ...lookupBase,
  banks: () => [...lookupBase.all, 'banks'] as const,
  states: () => [...lookupBase.all, 'states'] as const,
  species: () => [...lookupBase.all, 'species'] as const,
};

const proposalBase = createQueryKeys('proposals');
/** Proposal reads: the list (a later issue) and the counts per status. */
export const proposalKeys = {
  ...proposalBase,
  /** GET /crm/proposta/status: a date change is a new key, so it is fetched anew. */
  statusSummary: (filters: StatusSummaryQuery) => [...proposalBase.all, 'status-summary', filters] as const,
};
/** GET /atendente/status: the signed-in attendant's availability or pause. */
export const attendantStatusKeys = createQueryKeys('attendant-status');
