import { buffer } from 'node:stream/consumers';
import { inlineParameters } from '../src/db/db';
import { createTestDatabase, type TestDatabase } from './database';

/** Db.copyOut on either database: COPY's own CSV, with the parameters written in as literals. */
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

it("streams COPY's output, parameters inlined as literals (quotes doubled, never executed)", async () => {
  const stream = await t.db.copyOut(
    `select $1::int as "Número", $2::text as texto, $3::text as nada`,
    [7, "d'Ávila'); drop table x; --", null],
    `format csv, delimiter ';', header true`,
  );
  expect((await buffer(stream)).toString('utf8')).toBe(`Número;texto;nada\n7;"d'Ávila'); drop table x; --";\n`);
});

it('refuses values that have no safe literal form, and missing parameters', () => {
  expect(() => inlineParameters('select $1', [1.5])).toThrow('Valor sem forma literal segura: number');
  expect(() => inlineParameters('select $1', [{ a: 1 }])).toThrow('Valor sem forma literal segura: object');
  expect(() => inlineParameters('select $1', ['a\0b'])).toThrow('Valor sem forma literal segura: string');
  expect(() => inlineParameters('select $2', [1])).toThrow('Parâmetro $2 sem valor');
  expect(inlineParameters('select $1, $10', [1, 2, 3, 4, 5, 6, 7, 8, 9, 'dez'])).toBe("select 1, 'dez'");
});
