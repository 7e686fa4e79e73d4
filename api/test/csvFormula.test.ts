import { buffer } from 'node:stream/consumers';
import { crlfLineEnds, csvLine, formulaSafe, formulaSafeSql } from '../src/http/csv';
import { createTestDatabase, type TestDatabase } from './database';

/**
 * The formula rule in SQL (formulaSafeSql, for the exports the database writes with COPY) against the same
 * rule in TypeScript (csvCell), on the database the tests run on (TEST_DB: PGlite or PostgreSQL): one rule,
 * two writings, which must not drift.
 */
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

/** Every Unicode White_Space character (none above U+3000), from JavaScript's own Unicode tables, and the BOM. */
const BLANKS = [...Array(0x3001).keys()].map((code) => String.fromCharCode(code)).filter((char) => /^\p{White_Space}$/u.test(char));
BLANKS.push('\ufeff');

const CASES = [
  // Formulas as they come, kept as today: a leading '-' number included.
  ...['=1+1', '+55 11', '-5', '@SUM(A1)', '\tx', '\rx', '=A1;B1', '=HYPERLINK("http://x";"y")'],
  // Behind blanks, each kind of blank.
  ...BLANKS.map((blank) => `${blank}=1`),
  ...[' \u3000\u2028\t -2', '\n+55'],
  // Look-alikes NFKC turns into = + - @, alone or behind a blank; '=' that NFKC composes into '≠'.
  ...['\uff1d1+1', '\uff0b55', '\uff0d5', '\uff20SUM(A1)', '\ufe661', '\u207c1', '\u2a75A1', '\u3000\uff1d1', '=\u0338A1', ' =\u0338A1'],
  // Not formulas: plain text, a blank or a look-alike inside the text, first characters of the short way.
  ...[
    'Maria da Silva',
    'Ávila',
    '  Maria',
    '5-3',
    'a@b.com.br',
    'x=1',
    'x\u00a0=1',
    'x\uff1d1',
    '≠1',
    '(11) 98765-4321',
    '!',
    '~x',
    'a\u030a',
  ],
];

it('neutralises in SQL exactly the cells csvCell neutralises, and the same way', async () => {
  expect(CASES.length).toBeGreaterThan(50);
  const rows = await t.db.query<{ cell: string }>(
    `select ${formulaSafeSql('v.value')} as cell from unnest($1::text[]) with ordinality v(value, n) order by n`,
    [CASES],
  );
  expect(rows.map((row) => row.cell)).toEqual(CASES.map(formulaSafe));
  // Some of each: the comparison is not between two rules that both do nothing.
  expect(CASES.map(formulaSafe).filter((cell) => cell.startsWith("'")).length).toBeGreaterThan(40);
  expect(CASES.filter((cell) => formulaSafe(cell) === cell).length).toBeGreaterThan(10);
});

it('keeps an empty and a missing cell as they are', async () => {
  const [row] = await t.db.query<{ empty: string; missing: string | null }>(
    `select ${formulaSafeSql("''::text")} as empty, ${formulaSafeSql('null::text')} as missing`,
  );
  expect(row).toEqual({ empty: '', missing: null });
});

it("writes through COPY … CSV (the proposals' export) the very line csvLine writes", async () => {
  // One column per case; COPY quotes as csvCell does (';', '"', CR, LF), and crlfLineEnds ends the line with CRLF.
  const columns = CASES.map((_, index) => `${formulaSafeSql(`$${index + 1}::text`)} as c${index}`).join(', ');
  const stream = await t.db.copyOut(`select ${columns}`, CASES, `format csv, delimiter ';'`);
  const line = (await buffer(stream.pipe(crlfLineEnds('')))).toString('utf8');
  expect(line).toBe(csvLine(CASES));
});
