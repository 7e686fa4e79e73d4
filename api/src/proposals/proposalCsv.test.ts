import { decodeCursor, encodeCursor } from './listCursor';
import { commaDecimal, csvCell } from './proposalCsv';

describe('csvCell', () => {
  it('prefixes what a spreadsheet would run as a formula with an apostrophe', () => {
    expect(['=1+1', '+55 11', '-2', '@SUM(A1)', '\tx'].map(csvCell)).toEqual(["'=1+1", "'+55 11", "'-2", "'@SUM(A1)", "'\tx"]);
    expect(csvCell('Maria = Silva')).toBe('Maria = Silva');
  });

  it('quotes cells with ; quotes or line breaks, and writes null as empty', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('diz "oi"')).toBe('"diz ""oi"""');
    expect(csvCell('=A1;B1')).toBe(`"'=A1;B1"`);
    expect(csvCell(null)).toBe('');
  });

  it('writes decimals with a comma', () => {
    expect(commaDecimal('1234.56')).toBe('1234,56');
  });
});

describe('list cursor', () => {
  it('round-trips a position and refuses anything else', () => {
    const position = { typedAtMicros: '1740798000123456', id: 42 };
    expect(decodeCursor(encodeCursor(position))).toEqual(position);
    for (const bad of ['', 'abc', Buffer.from('1.0').toString('base64url'), Buffer.from('x.1').toString('base64url'), 'a'.repeat(65)]) {
      expect(decodeCursor(bad)).toBeNull();
    }
  });
});
