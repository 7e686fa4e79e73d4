/**
 * The data provider behind POST /cadastro/campanha/loteverz (docs/rules.md "CSV imports and provider batches").
 * A provider turns a batch request into people; the API then loads them through the import job, exactly as
 * an uploaded spreadsheet (same line rules, merge, counts and rejected lines). The built-in provider
 * (builtInProvider.ts) reads the prospect base (table prospecto); another source implements BatchProvider.
 */
import { toCents } from '@consig/shared/credit';
import { parseDate } from '@consig/shared/format';
import type { VerzBatchRequest } from '@consig/shared/contracts';
import type { CompanyScope } from '../auth/scope';
import { CSV_BOM, csvQuoted } from '../http/csv';
import { TEMPLATE_COLUMNS } from './template';

interface Range<T> {
  min: T;
  max: T;
}

/** A batch request in the API's units: cents, ages in whole years, 'yyyy-mm-dd' days. Absent = not filtered. */
export interface ProviderFilter {
  /** The campaign's agency (1 FGTS, 4 INSS): the provider returns people of that agency only. */
  agency: number;
  /** Today in São Paulo ('yyyy-mm-dd'), the day ages are counted on. */
  today: string;
  age?: Range<number>;
  incomeCents?: Range<number>;
  margin35Cents?: Range<number>;
  benefitStart?: Range<string>;
  species?: number[];
  states?: string[];
}

export interface ProviderProspect {
  cpf: string;
  name: string;
  /** 'yyyy-mm-dd' or null. */
  birth: string | null;
  /** DDD + number. */
  phones: string[];
  benefitNumber: string | null;
  species: number | null;
}

export interface BatchProvider {
  /**
   * Up to `limit` people matching the filter, none of them already queued in the campaign nor a do-not-call
   * client of the scope's company.
   */
  select(scope: CompanyScope, filter: ProviderFilter, campaignId: number, limit: number): Promise<ProviderProspect[]>;
}

/**
 * Filters of product-spec §3 the prospect base has no data for: accepted, and not applied by the built-in
 * provider (no invented data). An external provider may apply them.
 */
export const NOT_APPLIED_BY_BUILT_IN = [
  'Prazo',
  'ParcelaPaga',
  'Cep',
  'Pmt',
  'Contratos',
  'MN_Taxa',
  'SN_Representante',
  'SN_RcmUtilizado',
  'TP_Beneficio',
  'bancoEmprestimo',
  'bancoPagamento',
] as const;

const range = <T>(min: T | null | undefined, max: T | null | undefined): Range<T> | undefined =>
  min === null || min === undefined || max === null || max === undefined ? undefined : { min, max };

const isoDay = (value: string) => {
  const parts = parseDate(value)!;
  return `${parts.year}-${String(parts.month).padStart(2, '0')}-${String(parts.day).padStart(2, '0')}`;
};

/** The request (already validated, pairs complete) as the provider's filter. */
export function providerFilter(body: VerzBatchRequest, agency: number, today: string): ProviderFilter {
  const cents = (value: string | null | undefined) => (value ? toCents(value) : undefined);
  const day = (value: string | null | undefined) => (value ? isoDay(value) : undefined);
  const list = <T>(values: T[] | null | undefined) => (values && values.length > 0 ? values : undefined);
  return {
    agency,
    today,
    age: range(body.MN_Idade, body.MX_Idade),
    incomeCents: range(cents(body.MN_Salario), cents(body.MX_Salario)),
    margin35Cents: range(cents(body.MN_Margem35), cents(body.MX_Margem35)),
    benefitStart: range(day(body.MN_InicioBeneficio), day(body.MX_InicioBeneficio)),
    species: list(body.especies),
    states: list(body.estados)?.map((state) => state.toUpperCase()),
  };
}

/** The first pair whose minimum passes its maximum ('MN_Idade'), or null. */
export function invertedPair(filter: ProviderFilter): string | null {
  const pairs: [string, Range<number | string> | undefined][] = [
    ['MN_Idade', filter.age],
    ['MN_Salario', filter.incomeCents],
    ['MN_Margem35', filter.margin35Cents],
    ['MN_InicioBeneficio', filter.benefitStart],
  ];
  const inverted = pairs.find(([, pair]) => pair && pair.min > pair.max);
  return inverted ? inverted[0] : null;
}

const brDate = (iso: string | null) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '');

/**
 * The batch as the spreadsheet template (template.ts) the import job reads: the provider's result goes through
 * the same reading, rules and merge as an upload (phones past the first share 'Telefone 2', split on '/'). No
 * offered or instalment values: the base has none.
 */
export function prospectsCsv(prospects: ProviderProspect[]): Uint8Array {
  const lines = prospects.map((p) =>
    [
      p.cpf,
      p.name,
      brDate(p.birth),
      p.phones[0] ?? '',
      p.phones.slice(1).join(' / '),
      p.benefitNumber ?? '',
      p.species?.toString() ?? '',
      '',
      '',
    ]
      .map(csvQuoted)
      .join(';'),
  );
  return new TextEncoder().encode(`${CSV_BOM}${[TEMPLATE_COLUMNS.join(';'), ...lines].join('\r\n')}\r\n`);
}
