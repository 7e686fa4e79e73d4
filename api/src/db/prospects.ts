import { makeCpf } from '@consig/shared/format';
import type { Db } from './db';

/**
 * The demo prospect base (table prospecto, migration 006): people a data provider would sell, the same
 * for every company. Generated from a fixed seed, so every start and every test sees the same rows
 * (tests pick their examples from `demoProspects()`).
 */

export interface DemoProspect {
  cpf: string;
  name: string;
  birth: string; // yyyy-mm-dd
  sex: 'F' | 'M';
  mother: string;
  agency: 1 | 4; // ID_Orgao: 1 FGTS (workers), 4 INSS (beneficiaries)
  species: number | null;
  benefitNumber: string | null; // NB, 10 digits
  dib: string | null; // benefit start, yyyy-mm-dd
  ddb: string | null; // benefit grant, yyyy-mm-dd
  income: string; // reais, numeric(14,2) text
  phones: string[]; // DDD + 9 digits
  state: string;
}

/** The base tests seed (every test file seeds a fresh database, so it stays small). */
export const DEMO_PROSPECT_COUNT = 4000;
/**
 * The base a real start grows to (server.ts, growProspects), so provider batch filters return meaningful
 * counts. The first DEMO_PROSPECT_COUNT rows stay the ones tests see.
 */
export const FULL_PROSPECT_COUNT = 100_000;

const FEMALE = [
  'Maria',
  'Ana',
  'Francisca',
  'Antônia',
  'Adriana',
  'Juliana',
  'Márcia',
  'Fernanda',
  'Patrícia',
  'Aline',
  'Sandra',
  'Camila',
  'Luciana',
  'Vera',
  'Terezinha',
  'Sebastiana',
  'Raimunda',
  'Joana',
  'Helena',
  'Rosa',
  'Lúcia',
  'Aparecida',
  'Conceição',
  'Benedita',
  'Fátima',
];
const MALE = [
  'José',
  'João',
  'Antônio',
  'Francisco',
  'Carlos',
  'Paulo',
  'Pedro',
  'Lucas',
  'Luiz',
  'Marcos',
  'Luís',
  'Gabriel',
  'Rafael',
  'Daniel',
  'Marcelo',
  'Bruno',
  'Eduardo',
  'Raimundo',
  'Sebastião',
  'Manoel',
  'Geraldo',
  'Benedito',
  'Severino',
  'Jorge',
  'Roberto',
];
const SURNAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Almeida',
  'Lopes',
  'Soares',
  'Fernandes',
  'Vieira',
  'Barbosa',
  'Rocha',
  'Dias',
  'Nascimento',
  'Andrade',
  'Moreira',
  'Nunes',
  'Marques',
  'Machado',
  'Mendes',
  'Freitas',
  'Cardoso',
  'Ramos',
  'Gonçalves',
  'Santana',
  'Teixeira',
  'Araújo',
  'Pinto',
  'Moraes',
  'Correia',
  'Campos',
];

/** States weighted roughly by population, each with its main DDD. */
const STATES: readonly (readonly [state: string, ddd: string, weight: number])[] = [
  ['SP', '11', 22],
  ['MG', '31', 10],
  ['RJ', '21', 8],
  ['BA', '71', 7],
  ['PR', '41', 5],
  ['RS', '51', 5],
  ['PE', '81', 5],
  ['CE', '85', 4],
  ['PA', '91', 4],
  ['SC', '48', 4],
  ['GO', '62', 3],
  ['MA', '98', 3],
  ['AM', '92', 2],
  ['ES', '27', 2],
  ['PB', '83', 2],
  ['RN', '84', 2],
  ['MT', '65', 2],
  ['AL', '82', 2],
  ['PI', '86', 2],
  ['DF', '61', 2],
  ['MS', '67', 1],
  ['SE', '79', 1],
  ['RO', '69', 1],
  ['TO', '63', 1],
  ['AC', '68', 1],
  ['AP', '96', 1],
  ['RR', '95', 1],
];
const STATE_TOTAL = STATES.reduce((sum, [, , weight]) => sum + weight, 0);

/** INSS species of retirees and pensioners, the bulk of payroll-credit clients (table especie). */
const SPECIES = [41, 41, 42, 42, 21, 32, 46, 88, 87, 93];

/** mulberry32: a small deterministic generator; Math.random would change the base on every start. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const digits = (n: number) => Array.from({ length: n }, () => int(0, 9)).join('');
  return { next, int, pick, digits };
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** A day between two years, inclusive, at UTC midnight (a calendar day, no time zone involved). */
const dayBetween = (rng: ReturnType<typeof generator>, fromYear: number, toYear: number) => {
  const from = Date.UTC(fromYear, 0, 1);
  const to = Date.UTC(toYear, 11, 31);
  return from + rng.int(0, Math.round((to - from) / DAY_MS)) * DAY_MS;
};
const reais = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

let cached: readonly DemoProspect[] | undefined;

/** The demo prospect base, the same on every call. */
export function demoProspects(): readonly DemoProspect[] {
  if (cached) return cached;
  const rng = generator(20_261_122);
  const seen = new Set<string>();
  const prospects: DemoProspect[] = [];
  while (prospects.length < DEMO_PROSPECT_COUNT) {
    const base = rng.digits(9);
    if (seen.has(base) || /^(\d)\1{8}$/.test(base)) continue;
    seen.add(base);

    const sex = rng.next() < 0.55 ? 'F' : 'M';
    const surname = rng.pick(SURNAMES);
    const name = `${rng.pick(sex === 'F' ? FEMALE : MALE)} ${rng.pick(SURNAMES)} ${surname}`;
    const mother = `${rng.pick(FEMALE)} ${rng.pick(SURNAMES)} ${surname}`;
    let roll = rng.int(1, STATE_TOTAL);
    const [state, ddd] = STATES.find(([, , weight]) => (roll -= weight) <= 0)!;
    const phones = Array.from({ length: rng.int(1, 2) }, () => `${ddd}9${rng.digits(8)}`);

    const inss = rng.next() < 0.7;
    const birthMs = inss ? dayBetween(rng, 1938, 1966) : dayBetween(rng, 1970, 2004);
    // INSS: from the minimum wage (R$ 1.518,00 in 2025) to the ceiling (R$ 8.157,41); FGTS workers up to R$ 9.000.
    const income = inss ? (rng.next() < 0.6 ? 151_800 : rng.int(151_800, 815_741)) : rng.int(151_800, 900_000);
    // Retirement from about 60 years old; grant a few weeks after the start, never in the future.
    const dibMs = inss ? Math.min(birthMs + rng.int(55, 66) * 365.25 * DAY_MS, Date.UTC(2026, 5, 30)) : 0;
    const dib = inss ? isoDay(Math.floor(dibMs / DAY_MS) * DAY_MS) : null;
    prospects.push({
      cpf: makeCpf(base),
      name,
      birth: isoDay(birthMs),
      sex,
      mother,
      agency: inss ? 4 : 1,
      species: inss ? rng.pick(SPECIES) : null,
      benefitNumber: inss ? `${rng.int(1, 2)}${rng.digits(9)}` : null,
      dib,
      ddb: inss ? isoDay(Math.floor(dibMs / DAY_MS) * DAY_MS + rng.int(20, 90) * DAY_MS) : null,
      income: reais(income),
      phones,
      state,
    });
  }
  cached = prospects;
  return prospects;
}

/**
 * Inserts the demo prospect base in ONE statement: each column travels as one array parameter and
 * `unnest` turns them into rows (phones as comma-joined text, since unnest flattens 2-D arrays).
 * Thousands of single-row inserts would take seconds on PGlite.
 */
export async function seedProspects(db: Db): Promise<number> {
  const rows = demoProspects();
  const column = <T>(get: (p: DemoProspect) => T) => rows.map(get);
  await db.query(
    `insert into prospecto (co_cpf, de_pessoa, dt_nascimento, de_sexo, de_mae, id_orgao, id_especie, co_matricula,
       dt_dib, dt_ddb, vl_renda, de_telefones, sg_estado)
     select cpf, name, birth, sex, mother, agency, species, nb, dib, ddb, income, string_to_array(phones, ','), state
       from unnest($1::text[], $2::text[], $3::date[], $4::text[], $5::text[], $6::int[], $7::int[], $8::text[],
                   $9::date[], $10::date[], $11::numeric[], $12::text[], $13::text[])
         as p(cpf, name, birth, sex, mother, agency, species, nb, dib, ddb, income, phones, state)
     on conflict (co_cpf) do nothing`,
    [
      column((p) => p.cpf),
      column((p) => p.name),
      column((p) => p.birth),
      column((p) => p.sex),
      column((p) => p.mother),
      column((p) => p.agency),
      column((p) => p.species),
      column((p) => p.benefitNumber),
      column((p) => p.dib),
      column((p) => p.ddb),
      column((p) => p.income),
      column((p) => p.phones.join(',')),
      column((p) => p.state),
    ],
  );
  return rows.length;
}

const digitsOf = (text: string, count: number) => Array.from({ length: count }, (_, i) => `substr(${text}, ${i + 1}, 1)::int`);
/** A CPF check digit of `text`'s digits, weights count+1 down to 2 (the rule makeCpf follows). */
const checkDigitSql = (text: string, count: number) =>
  `((${digitsOf(text, count)
    .map((digit, i) => `${digit} * ${count + 1 - i}`)
    .join(' + ')}) * 10 % 11 % 10)`;

/** The states' list repeated by weight, so a uniform pick follows the population. */
const WEIGHTED_STATES = STATES.flatMap(([state, ddd, weight]) => Array.from({ length: weight }, () => [state, ddd] as const));

/** The k-th random number of row n (a column of GROW_SQL): deterministic, non-negative. */
const r = (k: number) => `(hashint4(n * 17 + ${k}) & 2147483647)::bigint`;

/**
 * The rows past DEMO_PROSPECT_COUNT, generated inside the database: generate_series and hashint4 of the row
 * number give the same rows on every start, with the same spreads as demoProspects() (sex, states by
 * population, 70% INSS, ages, incomes from the minimum wage, species, benefit dates). In SQL because the
 * 4,000 rows' way (JS generation, then arrays through unnest) took about 13 s for 96,000 rows on PGlite.
 */
const GROW_SQL = `
  with rnd as (
    select n, lpad(((n::bigint * 7654321 + 123456789) % 1000000000)::text, 9, '0') as base from generate_series($1::int, $12::int) as n
  ), cpf as (
    select n, base || ${checkDigitSql('base', 9)} as b10 from rnd where base !~ '^(\\d)\\1{8}$'
  ), p as (
    select n, b10 || ${checkDigitSql('b10', 10)} as cpf,
           ${r(1)} % 100 < 55 as female, ${r(2)} % 100 < 70 as inss, ${r(3)} % ${WEIGHTED_STATES.length} + 1 as state
      from cpf
  ), dated as (
    select p.*,
           case when inss then date '1938-01-01' + (${r(4)} % (date '1966-12-31' - date '1938-01-01' + 1))::int
                else date '1970-01-01' + (${r(4)} % (date '2004-12-31' - date '1970-01-01' + 1))::int end as birth
      from p
  ), full_row as (
    select d.*, case when inss then least(birth + ((55 + ${r(5)} % 12) * 365.25)::int, date '2026-06-30') end as dib from dated d
  )
  insert into prospecto (co_cpf, de_pessoa, dt_nascimento, de_sexo, de_mae, id_orgao, id_especie, co_matricula,
    dt_dib, dt_ddb, vl_renda, de_telefones, sg_estado)
  select cpf,
         (case when female then ($2::text[])[${r(6)} % $5 + 1] else ($3::text[])[${r(6)} % $6 + 1] end) || ' ' ||
           ($4::text[])[${r(7)} % $7 + 1] || ' ' || ($4::text[])[${r(8)} % $7 + 1],
         birth,
         case when female then 'F' else 'M' end,
         ($2::text[])[${r(9)} % $5 + 1] || ' ' || ($4::text[])[${r(10)} % $7 + 1] || ' ' || ($4::text[])[${r(8)} % $7 + 1],
         case when inss then 4 else 1 end,
         case when inss then ($8::int[])[${r(11)} % $9 + 1] end,
         case when inss then (1 + ${r(12)} % 2)::text || lpad((${r(12)} % 1000000000)::text, 9, '0') end,
         dib,
         dib + (20 + ${r(13)} % 71)::int,
         case when inss and ${r(14)} % 100 < 60 then 1518.00
              when inss then (151800 + ${r(14)} % 663942) / 100.0
              else (151800 + ${r(14)} % 748201) / 100.0 end,
         case when ${r(0)} % 2 = 0 then array[($11::text[])[state] || '9' || lpad((${r(15)} % 100000000)::text, 8, '0')]
              else array[($11::text[])[state] || '9' || lpad((${r(15)} % 100000000)::text, 8, '0'),
                         ($11::text[])[state] || '9' || lpad((${r(16)} % 100000000)::text, 8, '0')] end,
         ($10::text[])[state]
    from full_row
  on conflict (co_cpf) do nothing`;

/** Rows per step of the growth: a short transaction, so PGlite's single connection is never held for long. */
const GROW_CHUNK = 5000;

/**
 * One step of the growth: the next GROW_CHUNK generated rows, from where the base stands (a restart resumes;
 * an overlap only meets existing CPFs). Returns the rows added, 0 when there is nothing to do.
 */
export async function growProspectsStep(db: Db, target = FULL_PROSPECT_COUNT): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query('lock table prospecto in share row exclusive mode');
    const [{ rows }] = await tx.query<{ rows: number }>('select count(*)::int as rows from prospecto');
    // Below 4,000 the demo seed did not run (a database of real data): leave it alone.
    if (rows < DEMO_PROSPECT_COUNT || rows >= target) return 0;
    const from = rows - DEMO_PROSPECT_COUNT + 1;
    await tx.query(GROW_SQL, [
      from,
      FEMALE,
      MALE,
      SURNAMES,
      FEMALE.length,
      MALE.length,
      SURNAMES.length,
      SPECIES,
      SPECIES.length,
      WEIGHTED_STATES.map(([state]) => state),
      WEIGHTED_STATES.map(([, ddd]) => ddd),
      from + Math.min(GROW_CHUNK, target - rows) - 1,
    ]);
    const [{ after }] = await tx.query<{ after: number }>('select count(*)::int as after from prospecto');
    return after - rows;
  });
}

/**
 * Grows the demo base from 4,000 to FULL_PROSPECT_COUNT rows after a real start (server.ts), step by step in
 * the background: about 10–20 s of work that must not delay the start (the browser tests start the product
 * too). API tests keep the 4,000 rows: they never call this. `stop` waits for the running step.
 */
export function growProspectsInBackground(
  db: Db,
  log: { info(message: string): void; error(payload: object, message: string): void },
  target = FULL_PROSPECT_COUNT,
) {
  let stopped = false;
  const done = (async () => {
    let added = 0;
    for (let step = await growProspectsStep(db, target); step > 0 && !stopped; step = stopped ? 0 : await growProspectsStep(db, target)) {
      added += step;
      // Lets queued requests through between steps.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (added > 0) log.info(`base de prospecção ampliada: +${added} linhas`);
  })().catch((err: unknown) => {
    if (!stopped) log.error({ err }, 'falha ao ampliar a base de prospecção');
  });
  return {
    async stop(): Promise<void> {
      stopped = true;
      await done;
    },
  };
}
