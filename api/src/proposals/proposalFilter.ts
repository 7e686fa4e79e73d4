import { NO_FILTER, NO_START_DAY, type ProposalFilterPathParams } from '@consig/shared/contracts';
import { ownRowsOnly } from '../auth/roles';
import type { Person } from '@consig/shared/contracts';

/**
 * What the list, its total and the CSV export select (product-spec §7 /crm/proposta/{status}/{bank}/
 * {attendant}/{indicator}[/0/{start}[/{end}]]): null is 'Sem filtro'. `ownerId` is the role scoping
 * (docs/rules.md "Proposal follow-up"): an attendant's own id, null for supervisors and managers.
 */
export interface ProposalFilter {
  ownerId: number | null;
  status: number | null;
  bank: number | null;
  attendant: number | null;
  indicator: number | null;
  /** YYYYMMDD, calendar days in America/Sao_Paulo, both inclusive. */
  from: string | null;
  to: string | null;
}

const orNull = (id: number) => (id === NO_FILTER ? null : id);

/** The path's filters for this caller: 0 and '00000000' mean no filter. */
export function proposalFilterOf(params: ProposalFilterPathParams, person: Person): ProposalFilter {
  return {
    ownerId: ownRowsOnly(person),
    status: orNull(params.status),
    bank: orNull(params.bank),
    attendant: orNull(params.attendant),
    indicator: orNull(params.indicator),
    from: params.start && params.start !== NO_START_DAY ? params.start : null,
    to: params.end ?? null,
  };
}

/** The filter as the audit row of an export records it (only what was asked). */
export function describeFilter(filter: ProposalFilter): Record<string, number | string> {
  const entries = Object.entries({
    ID_Status: filter.status,
    ID_Banco: filter.bank,
    ID_Atendente: filter.attendant,
    ID_Indicador: filter.indicator,
    DT_Inicio: filter.from,
    DT_Fim: filter.to,
  });
  return Object.fromEntries(entries.filter((entry): entry is [string, number | string] => entry[1] !== null));
}

/**
 * The WHERE conditions on `proposta p` for a company and a filter, with their parameters from $1. Only the
 * conditions in force are written (no `$n is null or ...`), so PostgreSQL plans each combination on the
 * index that fits it (migration 013). A day runs from its midnight in São Paulo to the next.
 */
export function filterConditions(companyId: number, filter: ProposalFilter): { where: string; params: unknown[] } {
  const params: unknown[] = [companyId];
  const conditions = ['p.id_empresa = $1'];
  const equal = (column: string, value: number | null) => {
    if (value === null) return;
    params.push(value);
    conditions.push(`${column} = $${params.length}`);
  };
  equal('p.id_atendente', filter.ownerId);
  equal('p.id_status', filter.status);
  equal('p.id_banco', filter.bank);
  equal('p.id_atendente', filter.attendant);
  equal('p.id_indicador', filter.indicator);
  if (filter.from) {
    params.push(filter.from);
    conditions.push(`p.dt_digitacao >= $${params.length}::date::timestamp at time zone 'America/Sao_Paulo'`);
  }
  if (filter.to) {
    params.push(filter.to);
    conditions.push(`p.dt_digitacao < ($${params.length}::date + 1)::timestamp at time zone 'America/Sao_Paulo'`);
  }
  return { where: conditions.join(' and '), params };
}
