import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { CSV_BOM, crlfLineEnds, csvCell, formulaSafeSql } from './csv';

describe('csvCell', () => {
  it('neutralises cells a spreadsheet would run as formulas', () => {
    expect(['=1+1', '+55 11', '-2', '@SUM(A1)', '\tx', '\rx'].map(csvCell)).toEqual([
      "'=1+1",
      "'+55 11",
      "'-2",
      "'@SUM(A1)",
      "'\tx",
      `"'\rx"`,
    ]);
    expect(csvCell('Maria = Silva')).toBe('Maria = Silva');
  });

  it('quotes cells with the delimiter, quotes or line breaks, after neutralising', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('diz "oi"')).toBe('"diz ""oi"""');
    expect(csvCell('=A1;B1')).toBe(`"'=A1;B1"`);
    expect(csvCell(null)).toBe('');
    expect(csvCell(12)).toBe('12');
  });

  it('has the same rule in SQL, for cells the database formats', () => {
    expect(formulaSafeSql('x')).toBe("case when left(x, 1) in ('=', '+', '-', '@', chr(9), chr(13)) then '''' || x else x end");
  });
});

describe('crlfLineEnds', () => {
  /** `chunks` through the transform, as text (the BOM kept: TextDecoder-based readers drop it). */
  const through = async (chunks: string[]) =>
    (await buffer(Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(crlfLineEnds(CSV_BOM)))).toString('utf8');

  it('ends every line with CRLF and starts with the BOM', async () => {
    expect(await through(['Nome;ADE\nAna;1\n', 'Bia;2\n'])).toBe('\uFEFFNome;ADE\r\nAna;1\r\nBia;2\r\n');
  });

  it('keeps line breaks inside quoted cells, whatever the chunk boundaries', async () => {
    const csv = 'a;"linha\num";b\n"x ""y""\n";z\n"sem fim\n';
    const expected = '\uFEFFa;"linha\num";b\r\n"x ""y""\n";z\r\n"sem fim\n';
    expect(await through([csv])).toBe(expected);
    for (let split = 1; split < csv.length; split += 1) {
      expect(await through([csv.slice(0, split), csv.slice(split)])).toBe(expected);
    }
  });

  it('sends the BOM alone for an empty output', async () => {
    expect(await through([])).toBe('\uFEFF');
  });
});
