import { proposalFilterPath, type ProposalFilters } from '@consig/shared/contracts';
import { COMPANY, seedFollowUp, type FollowUpCompany } from './followupFixture';
import { useSignedInDemoApp } from './harness';

/**
 * The counts kept by triggers (proposta_contagem, migration 014) answer the list's NU_Total and
 * /crm/proposta/status exactly, whatever happened to the proposals: each check compares the API's answers
 * with a count(*) of the proposals written here independently (days compared as São Paulo calendar days).
 */
const demo = useSignedInDemoApp();
let co: FollowUpCompany;
let clientId: number;
let nextAde = 0;

beforeAll(async () => {
  co = await seedFollowUp(demo.app);
  [{ id: clientId }] = await demo.app.db.query<{ id: number }>(`select min(id_cliente) as id from cliente where id_empresa = ${COMPANY}`);
});

const db = () => demo.app.db;
const call = (method: string, path: string, token: string, body?: unknown) => demo.app.call(method, path, { token, body });
const none: ProposalFilters = { status: 0, bank: 0, attendant: 0, indicator: 0 };

/** count(*) of company 3's proposals matching `filters` (0: any), by São Paulo calendar day. */
async function directCount(filters: ProposalFilters, attendant: number | null = null): Promise<number> {
  const orNull = (id: number) => (id === 0 ? null : id);
  const [{ n }] = await db().query<{ n: number }>(
    `select count(*)::int as n from proposta
      where id_empresa = $1
        and ($2::int is null or id_status = $2) and ($3::int is null or id_banco = $3)
        and ($4::int is null or id_atendente = $4) and ($5::int is null or id_indicador = $5)
        and ($6::text is null or to_char(dt_digitacao at time zone 'America/Sao_Paulo', 'YYYYMMDD') >= $6)
        and ($7::text is null or to_char(dt_digitacao at time zone 'America/Sao_Paulo', 'YYYYMMDD') <= $7)
        and ($8::int is null or id_atendente = $8)`,
    [
      COMPANY,
      orNull(filters.status),
      orNull(filters.bank),
      orNull(filters.attendant),
      orNull(filters.indicator),
      filters.start ?? null,
      filters.end ?? null,
      attendant,
    ],
  );
  return n;
}

const STATUSES = [0, 10, 20, 50];
const BANKS = [0, 318, 623, 1];
const DAYS: Pick<ProposalFilters, 'start' | 'end'>[] = [
  {},
  { start: '20250302', end: '20250302' },
  { start: '20250303' },
  { end: '20250302' },
  { start: '20250301', end: '20250310' },
  { start: '20250304', end: '20250304' },
  { start: '20250220', end: '20250221' },
];

/** NU_Total and /crm/proposta/status for many filter combinations, next to the direct counts. */
async function answers() {
  const totals: { path: string; total: number }[] = [];
  const expectedTotals: { path: string; total: number }[] = [];
  const check = async (filters: ProposalFilters, token: string, attendant: number | null) => {
    const path = proposalFilterPath('/crm/proposta', filters);
    const { status, body } = await call('GET', path, token);
    totals.push({ path: `${path} ${status}`, total: body.NU_Total });
    expectedTotals.push({ path: `${path} 200`, total: await directCount(filters, attendant) });
  };
  for (const status of STATUSES) {
    for (const bank of BANKS) {
      for (const days of DAYS) await check({ ...none, status, bank, ...days }, co.tokens.supervisor, null);
    }
  }
  // The other paths (one attendant's or one referrer's proposals, an attendant's own view) beside them.
  await check({ ...none, attendant: co.ids.a, status: 20 }, co.tokens.manager, null);
  await check({ ...none, indicator: co.ids.I1, start: '20250302' }, co.tokens.manager, null);
  await check({ ...none, bank: 318 }, co.tokens.a, co.ids.a);

  const statusCounts: { query: string; counts: Record<number, number> }[] = [];
  const expectedStatusCounts: { query: string; counts: Record<number, number> }[] = [];
  for (const [role, token, attendant] of [
    ['supervisor', co.tokens.supervisor, null],
    ['a', co.tokens.a, co.ids.a],
  ] as const) {
    for (const days of DAYS) {
      const query = new URLSearchParams({
        ...(days.start ? { DT_Inicio: days.start } : {}),
        ...(days.end ? { DT_Fim: days.end } : {}),
      }).toString();
      const { body } = await call('GET', `/crm/proposta/status?${query}`, token);
      const counts: Record<number, number> = {};
      const expectedCounts: Record<number, number> = {};
      for (const item of body.data as { ID_Status: number; NU_Quantidade: number }[]) {
        counts[item.ID_Status] = item.NU_Quantidade;
        expectedCounts[item.ID_Status] = await directCount({ ...none, status: item.ID_Status, ...days }, attendant);
      }
      statusCounts.push({ query: `${role} ${query}`, counts });
      expectedStatusCounts.push({ query: `${role} ${query}`, counts: expectedCounts });
    }
  }
  return { totals, expectedTotals, statusCounts, expectedStatusCounts };
}

async function expectExact() {
  const { totals, expectedTotals, statusCounts, expectedStatusCounts } = await answers();
  expect(totals).toEqual(expectedTotals);
  expect(statusCounts).toEqual(expectedStatusCounts);
  // Every company's counts per key, not only what the filters above reach.
  const drift = await db().query(
    `with contagem as (
       select id_empresa, dt_dia, id_status, id_banco, sum(nu_propostas)::int as n
         from proposta_contagem group by 1, 2, 3, 4 having sum(nu_propostas) <> 0),
     propostas as (
       select id_empresa, to_char(dt_digitacao at time zone 'America/Sao_Paulo', 'YYYY-MM-DD')::date as dt_dia, id_status, id_banco, count(*)::int as n
         from proposta group by 1, 2, 3, 4)
     select * from contagem c full join propostas p using (id_empresa, dt_dia, id_status, id_banco) where c.n is distinct from p.n`,
  );
  expect(drift).toEqual([]);
}

/** Inserts one proposal of company 3 per row, one statement each (as a registration does). */
async function insertOne(bank: number, status: number, typedAt: string, attendant = co.ids.b) {
  nextAde += 1;
  await db().query(
    `insert into proposta (id_empresa, id_cliente, id_tipo_credito, id_banco, id_atendente, id_status, co_ade, dt_digitacao,
                           nu_parcelas, vl_parcela, vl_bruto, vl_liquido)
     values ($1, $2, 1, $3, $4, $5, $6, $7, 84, 100, 5000, 1000)`,
    [COMPANY, clientId, bank, attendant, status, `K3-${nextAde}`, typedAt],
  );
}

const idOf = async (condition: string) =>
  (
    await db().query<{ id: number }>(
      `select id_proposta as id from proposta where id_empresa = ${COMPANY} and ${condition} order by id_proposta limit 1`,
    )
  )[0].id;

describe('proposal counts (proposta_contagem)', () => {
  it('match the proposals as seeded (a multi-row insert), and the demo companies backfilled by the migration', async () => {
    await expectExact();
  });

  it('stay exact after single inserts, around São Paulo midnight too', async () => {
    await insertOne(318, 10, '2025-03-04T23:59:59.999-03:00');
    await insertOne(318, 10, '2025-03-05T00:00:00-03:00'); // 03:00 UTC: the next São Paulo day
    await insertOne(623, 20, '2025-03-04T02:00:00-03:00');
    await insertOne(1, 50, '2025-03-02T12:00:00-03:00', co.ids.a);
    await expectExact();
  });

  it('stay exact after status changes (API and a multi-row update) and bank changes', async () => {
    const first = await idOf('id_status = 10');
    // Moves each role may make (docs/rules.md "Proposal status by role"): a manager approves, an attendant cancels their own.
    expect((await call('PUT', '/crm/proposta', co.tokens.manager, { PropostaID: first, ID_Status: 50 })).status).toBe(200);
    const own = await idOf(`id_status = 30 and id_atendente = ${co.ids.a}`);
    expect((await call('PUT', '/crm/proposta', co.tokens.a, { PropostaID: own, ID_Status: 90 })).status).toBe(200);
    await db().query(`update proposta set id_status = 20 where id_empresa = ${COMPANY} and id_status = 30 and id_banco = 623`);
    await db().query(`update proposta set id_banco = 1 where id_empresa = ${COMPANY} and id_banco = 318 and id_status in (10, 40)`);
    // Status and bank swapped within one statement: some keys lose as many as they gain.
    await db().query(
      `update proposta set id_status = case id_status when 20 then 40 else 20 end
        where id_empresa = ${COMPANY} and id_status in (20, 40) and dt_digitacao < '2025-03-02T12:00:00-03:00'`,
    );
    await expectExact();
  });

  it('stay exact after a change of typing day, and untouched by changes of other columns', async () => {
    const moved = await idOf("dt_digitacao >= '2025-03-03T00:00:00-03:00'");
    await db().query(`update proposta set dt_digitacao = '2025-03-10T09:00:00-03:00' where id_proposta = $1`, [moved]);
    const before = await db().query('select * from proposta_contagem order by 1, 2, 3, 4, 5');
    await db().query(`update proposta set vl_liquido = vl_liquido + 1, de_tabela = 'Outra' where id_empresa = ${COMPANY}`);
    expect(await db().query('select * from proposta_contagem order by 1, 2, 3, 4, 5')).toEqual(before);
    await expectExact();
  });

  it('stay exact after deletes (API and a multi-row delete)', async () => {
    const id = await idOf('id_status = 50');
    expect((await call('DELETE', `/crm/proposta/${id}`, co.tokens.manager)).status).toBe(200);
    await db().query(`delete from proposta where id_empresa = ${COMPANY} and id_banco = 623 and id_status = 20`);
    await expectExact();
  });

  it('stay exact after a bulk insert over many days, statuses and banks, and one rolled back', async () => {
    await db().query(
      `insert into proposta (id_empresa, id_cliente, id_tipo_credito, id_banco, id_atendente, id_indicador, id_status, co_ade,
                             dt_digitacao, nu_parcelas, vl_parcela, vl_bruto, vl_liquido)
       select $1, $2, 1, (array[318, 623, 1])[g % 3 + 1], case when g % 2 = 0 then $3::int else $4::int end,
              case when g % 4 = 0 then $5::int end, (array[10, 20, 50, 60, 90])[g % 5 + 1], 'B3-' || g,
              '2025-02-20T00:00:00-03:00'::timestamptz + g * interval '17 minutes', 84, 100, 5000, 1000
         from generate_series(1, 3000) g`,
      [COMPANY, clientId, co.ids.a, co.ids.b, co.ids.I2],
    );
    await expect(
      db().transaction(async (tx) => {
        await tx.query(`delete from proposta where id_empresa = ${COMPANY} and co_ade like 'B3-%'`);
        throw new Error('desfeito');
      }),
    ).rejects.toThrow('desfeito');
    await expectExact();
  });
});
