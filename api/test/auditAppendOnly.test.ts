import { startTestApp, type TestApp } from './harness';

/**
 * The audit is append-only (migration 024_auditoria_imutavel.sql, docs/rules.md "Audit"): the database itself
 * refuses to change or remove a row, whatever code or person tries, and the refusal changes nothing.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function auditRow(): Promise<number> {
  const [{ id }] = await t.db.query<{ id: number }>(
    `insert into auditoria (id_empresa, id_pessoa, tp_acao, js_detalhe)
     select id_empresa, id_pessoa, 'proposta.exportacao', '{"filtros": {}}'::jsonb from pessoa where em_email = 'gerente@demo.com.br'
     returning id_auditoria::int as id`,
  );
  return id;
}

const rowsNow = async () => (await t.db.query<{ n: number }>('select count(*)::int as n from auditoria'))[0].n;

it('takes new rows', async () => {
  const before = await rowsNow();
  await auditRow();
  expect(await rowsNow()).toBe(before + 1);
});

it.each([
  ['UPDATE', "update auditoria set js_detalhe = '{}'::jsonb where id_auditoria = $1"],
  ['DELETE', 'delete from auditoria where id_auditoria = $1'],
])('refuses %s of a row, leaving it as it was', async (operation, sql) => {
  const id = await auditRow();
  const [before] = await t.db.query('select * from auditoria where id_auditoria = $1', [id]);
  await expect(t.db.query(sql, [id])).rejects.toThrow(`A auditoria só recebe registros novos: ${operation} recusado.`);
  expect(await t.db.query('select * from auditoria where id_auditoria = $1', [id])).toEqual([before]);
});

it('refuses TRUNCATE, leaving every row', async () => {
  await auditRow();
  const before = await rowsNow();
  await expect(t.db.query('truncate auditoria')).rejects.toThrow('A auditoria só recebe registros novos: TRUNCATE recusado.');
  expect(await rowsNow()).toBe(before);
});
