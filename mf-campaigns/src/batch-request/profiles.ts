/** Agencies whose campaigns can ask the provider for a batch (product-spec §5, §8, §9): 1 FGTS, 4 INSS. */
export const AGENCY = { FGTS: 1, INSS: 4 } as const;
export const BATCH_AGENCIES: readonly number[] = [AGENCY.FGTS, AGENCY.INSS];
/** Their names as the campaign list's 'Tipo' shows them (product-spec §9). */
export const AGENCY_NAMES: Readonly<Record<number, string>> = { [AGENCY.FGTS]: 'FGTS', [AGENCY.INSS]: 'INSS' };

/** The filters of product-spec §2 "Provider batch request", one name per field or min/max pair. */
export type BatchFilter =
  | 'idade'
  | 'prazo'
  | 'salario'
  | 'parcelaPaga'
  | 'taxa'
  | 'margem35'
  | 'cep'
  | 'pmt'
  | 'contratos'
  | 'inicioBeneficio'
  | 'representante'
  | 'rcmUtilizado'
  | 'tipoBeneficio'
  | 'especies'
  | 'bancoEmprestimo'
  | 'bancoPagamento'
  | 'estados';

const ALL_FILTERS: readonly BatchFilter[] = [
  'idade',
  'prazo',
  'salario',
  'parcelaPaga',
  'taxa',
  'margem35',
  'cep',
  'pmt',
  'contratos',
  'inicioBeneficio',
  'representante',
  'rcmUtilizado',
  'tipoBeneficio',
  'especies',
  'bancoEmprestimo',
  'bancoPagamento',
  'estados',
];

/** The profile values of agency 1 with their labels (product-spec §9). */
export const AGENCY_1_PROFILES = [
  { value: 0, label: 'Personalizado' },
  { value: 1, label: 'Margem' },
  { value: 2, label: 'Port/refin' },
  { value: 3, label: 'Cartão' },
  { value: 4, label: 'Entrantes' },
  { value: 5, label: 'Não Tomadores' },
] as const;

/** The profile a page opens with: the query number times 10 (product-spec §2, §9): 10 for agency 1, 40 for 4. */
export const defaultProfile = (agency: number) => agency * 10;

/** Who every batch is drawn from, whatever the profile: where they live, how old they are (the client limit always shows too). */
const EVERY_PROFILE: readonly BatchFilter[] = ['idade', 'estados'];

/**
 * Which filters each profile shows (product-spec §2: "Filter fields shown vary per profile"); the spec does
 * not list them, so each profile shows what its name is about:
 * - the defaults (10 and 40, also 30 which the spec names) and 0 Personalizado show every filter: no
 *   preset was chosen, so nothing is hidden;
 * - 1 Margem looks for free margin to lend on: salary, margin 35, benefit, species and paying bank;
 * - 2 Port/refin looks for existing loans to port or refinance: term, paid instalments, rate, PMT,
 *   contracts and the lending bank;
 * - 3 Cartão looks for the card margin: salary, RCM used, species and paying bank;
 * - 4 Entrantes looks for new beneficiaries: benefit start date, benefit type, species and salary;
 * - 5 Não Tomadores looks for people who never borrowed, so no loan fields: salary, margin, species.
 * A hidden filter is sent as null (or an empty list): a value typed before switching profile never
 * narrows the batch unseen.
 */
const PROFILE_FILTERS: Readonly<Record<number, readonly BatchFilter[]>> = {
  1: ['salario', 'margem35', 'tipoBeneficio', 'especies', 'bancoPagamento', 'representante'],
  2: ['prazo', 'parcelaPaga', 'taxa', 'pmt', 'contratos', 'bancoEmprestimo', 'especies'],
  3: ['salario', 'rcmUtilizado', 'especies', 'bancoPagamento'],
  4: ['inicioBeneficio', 'tipoBeneficio', 'especies', 'salario'],
  5: ['salario', 'margem35', 'especies'],
};

/**
 * Filters about an INSS benefit and its payroll margin: the benefit's species, start date,
 * how it is received and at which bank, a legal representative, the 35% loan margin and the card margin (RCM).
 * An FGTS worker has none of them, so an FGTS campaign (agency 1) never shows them (docs/rules.md "CSV imports
 * and provider batches").
 */
const INSS_ONLY: ReadonlySet<BatchFilter> = new Set<BatchFilter>([
  'margem35',
  'rcmUtilizado',
  'inicioBeneficio',
  'representante',
  'tipoBeneficio',
  'especies',
  'bancoPagamento',
]);

/** The filters a profile shows for an agency; any profile without a preset (0, 10, 30, 40) shows all the agency's. */
export function filtersOf(profile: number, agency: number): ReadonlySet<BatchFilter> {
  const preset = PROFILE_FILTERS[profile];
  const filters = preset ? [...EVERY_PROFILE, ...preset] : ALL_FILTERS;
  return new Set(agency === AGENCY.INSS ? filters : filters.filter((filter) => !INSS_ONLY.has(filter)));
}
