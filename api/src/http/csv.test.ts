import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { CSV_BOM, crlfLineEnds, csvCell } from './csv';

/** Neutralised: the cell starts with the apostrophe (inside the quotes when it is quoted). */
const neutralised = (cell: string) => /^"?'/.test(cell);

describe('csvCell', () => {
  it('neutralises cells a spreadsheet would run as formulas', () => {
    expect(['=1+1', '+55 11', '-2', '-5', '@SUM(A1)', '\tx', '\rx'].map(csvCell)).toEqual([
      "'=1+1",
      "'+55 11",
      "'-2",
      "'-5",
      "'@SUM(A1)",
      "'\tx",
      `"'\rx"`,
    ]);
    expect(csvCell('Maria = Silva')).toBe('Maria = Silva');
  });

  it('neutralises a formula behind blanks, the original text kept after the apostrophe', () => {
    expect(csvCell(' =1+1')).toBe("' =1+1");
    expect(csvCell('\u00a0=HYPERLINK("http://x")')).toBe(`"'\u00a0=HYPERLINK(""http://x"")"`);
    expect(csvCell('\ufeff@SUM(A1)')).toBe("'\ufeff@SUM(A1)");
    expect(csvCell('\n+55')).toBe(`"'\n+55"`);
    expect(csvCell(' \u3000\u2028\t -2')).toBe("' \u3000\u2028\t -2");
  });

  it('counts every kind of blank: each Unicode White_Space character, and the BOM', () => {
    const whiteSpace: string[] = [];
    for (let code = 0; code <= 0x10ffff; code += 1) {
      const char = String.fromCodePoint(code);
      if (/^\p{White_Space}$/u.test(char)) whiteSpace.push(char);
    }
    expect(whiteSpace).toHaveLength(25);
    for (const blank of [...whiteSpace, '\ufeff']) {
      expect(neutralised(csvCell(`${blank}=1`))).toBe(true);
      expect(neutralised(csvCell(`x${blank}=1`))).toBe(false);
    }
  });

  it('neutralises look-alikes that Unicode NFKC turns into = + - @, keeping the look-alike', () => {
    // Fullwidth = + - @, small =, superscript =, '⩵' (NFKC: '=='), and an ideographic space before a fullwidth =.
    const cells = ['\uff1d1+1', '\uff0b55', '\uff0d5', '\uff20SUM(A1)', '\ufe661', '\u207c1', '\u2a75A1', '\u3000\uff1d1'];
    expect(cells.map(csvCell)).toEqual(cells.map((cell) => `'${cell}`));
  });

  it("still neutralises a '=' that NFKC composes into another character", () => {
    // '=' + U+0338 (combining long solidus overlay) becomes '≠' after NFKC; the spreadsheet still reads '=' first.
    expect(csvCell('=\u0338A1')).toBe("'=\u0338A1");
    expect(csvCell(' =\u0338A1')).toBe("' =\u0338A1");
  });

  it('leaves everything else as it is', () => {
    for (const text of ['Maria da Silva', 'Ávila', '  Maria', '5-3', 'a@b.com.br', 'x=1', '(11) 98765-4321', '']) {
      expect(csvCell(text)).toBe(text);
    }
  });

  it('quotes cells with the delimiter, quotes or line breaks, after neutralising', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('diz "oi"')).toBe('"diz ""oi"""');
    expect(csvCell('=A1;B1')).toBe(`"'=A1;B1"`);
    expect(csvCell(null)).toBe('');
    expect(csvCell(12)).toBe('12');
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
