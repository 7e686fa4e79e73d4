import type { TestApp } from './harness';

/**
 * A company of its own (3) for the follow-up tests, so the demo data's counts stay as they are and every
 * expected row can be computed: PROPOSALS proposals spread over 2 attendants, 4 statuses, 3 banks, 2
 * referrers (and none), typed an hour apart in pairs (two proposals share each instant, so the keyset's
 * tie-break on id is exercised) from 2025-03-01 00:00 in São Paulo (UTC−3).
 */
export const PROPOSALS = 130;
export const COMPANY = 3;
const STATUSES = [10, 20, 30, 40];
const BANKS = [318, 623, 1];
const BANK_NAMES: Record<number, string> = { 318: 'Banco BMG', 623: 'Banco Pan', 1: 'Banco do Brasil' };

export interface Expected {
  ade: string;
  owner: 'a' | 'b';
  status: number;
  bank: number;
  bankName: string;
  indicator: 'I1' | 'I2' | null;
  /** ISO instant. */
  typedAt: string;
  /** The day in São Paulo, YYYYMMDD. */
  day: string;
  net: string;
  client: 'c1' | 'c2';
}

/** The i-th proposal (1-based), as the SQL in seedFollowUp makes it. */
export function expected(i: number): Expected {
  const hour = Math.floor(i / 2);
  const at = new Date(Date.parse('2025-03-01T00:00:00-03:00') + hour * 3_600_000);
  const local = new Date(at.getTime() - 3 * 3_600_000).toISOString(); // São Paulo has no DST since 2019
  const indicator = i % 5 === 0 ? null : i % 5 <= 2 ? 'I1' : 'I2';
  return {
    ade: `T3-${String(i).padStart(3, '0')}`,
    owner: i % 2 === 0 ? 'a' : 'b',
    status: STATUSES[i % 4],
    bank: BANKS[i % 3],
    bankName: BANK_NAMES[BANKS[i % 3]],
    indicator,
    typedAt: at.toISOString(),
    day: local.slice(0, 10).replaceAll('-', ''),
    net: `${i * 100}.50`,
    client: i % 7 === 0 ? 'c2' : 'c1',
  };
}

export const ALL = Array.from({ length: PROPOSALS }, (_, index) => expected(index + 1));
/** The list's order: newest typed first, then the higher id (inserted later) first. */
export const newestFirst = (rows: Expected[]) => [...rows].sort((x, y) => y.typedAt.localeCompare(x.typedAt) || y.ade.localeCompare(x.ade));

export interface FollowUpCompany {
  ids: { a: number; b: number; supervisor: number; manager: number; I1: number; I2: number };
  tokens: { a: string; b: string; supervisor: string; manager: string };
  /** ID_Proposta by CO_ADE. */
  proposalId: Record<string, number>;
  clientNames: { c1: string; c2: string };
}

/** Company 3 with its people (signed in), referrers, two clients and the proposals of `expected`. */
export async function seedFollowUp(app: TestApp, clientNames = { c1: 'Cliente Um', c2: 'Cliente Dois' }): Promise<FollowUpCompany> {
  const { db } = app;
  await db.query(`insert into empresa (id_empresa, de_empresa) values (${COMPANY}, 'Terceira Promotora')`);
  const addPerson = async (email: string, name: string, role: number) => {
    const [{ id }] = await db.query<{ id: number }>(
      `insert into pessoa (id_empresa, em_email, pw_senha, de_pessoa, id_funcao)
       select ${COMPANY}, $1, pw_senha, $2, $3 from pessoa where em_email = 'atendente@demo.com.br' returning id_pessoa as id`,
      [email, name, role],
    );
    const { body } = await app.call('POST', '/lnk/token', {
      body: { EM_Email: email, PW_Senha: 'Atendente@123' },
      headers: { 'x-forwarded-for': '10.9.0.1' },
    });
    return { id, token: body.token as string };
  };
  const a = await addPerson('a@terceira.com.br', 'Atendente A', 11);
  const b = await addPerson('b@terceira.com.br', 'Atendente B', 11);
  const supervisor = await addPerson('supervisor@terceira.com.br', 'Supervisora', 12);
  const manager = await addPerson('gerente@terceira.com.br', 'Gerente', 13);
  const referrer = async (name: string) =>
    (
      await db.query<{ id: number }>(
        `insert into indicador (id_empresa, de_indicador) values (${COMPANY}, $1) returning id_indicador as id`,
        [name],
      )
    )[0].id;
  const I1 = await referrer('Indicador Um');
  const I2 = await referrer('Indicador Dois');
  const client = async (cpf: string, name: string) =>
    (
      await db.query<{ id: number }>(
        `insert into cliente (id_empresa, co_cpf, de_pessoa) values (${COMPANY}, $1, $2) returning id_cliente as id`,
        [cpf, name],
      )
    )[0].id;
  const c1 = await client('11144477735', clientNames.c1);
  const c2 = await client('52998224725', clientNames.c2);
  await db.query(
    `insert into proposta (id_empresa, id_cliente, id_tipo_credito, id_banco, id_atendente, id_indicador, id_status, co_ade,
                           dt_digitacao, nu_parcelas, vl_parcela, vl_bruto, vl_liquido)
     select ${COMPANY}, case when i % 7 = 0 then $7::int else $6::int end, 1, ($8::int[])[i % 3 + 1],
            case when i % 2 = 0 then $1::int else $2::int end,
            case when i % 5 = 0 then null when i % 5 <= 2 then $3::int else $4::int end,
            ($9::int[])[i % 4 + 1], 'T3-' || lpad(i::text, 3, '0'),
            '2025-03-01T00:00:00-03:00'::timestamptz + (i / 2) * interval '1 hour', 84, 100, 5000, i * 100 + 0.5
       from generate_series(1, $5::int) i order by i`,
    [a.id, b.id, I1, I2, PROPOSALS, c1, c2, BANKS, STATUSES],
  );
  const rows = await db.query<{ ade: string; id: number }>(
    `select co_ade as ade, id_proposta as id from proposta where id_empresa = ${COMPANY}`,
  );
  return {
    ids: { a: a.id, b: b.id, supervisor: supervisor.id, manager: manager.id, I1, I2 },
    tokens: { a: a.token, b: b.token, supervisor: supervisor.token, manager: manager.token },
    proposalId: Object.fromEntries(rows.map((row) => [row.ade, row.id])),
    clientNames,
  };
}
