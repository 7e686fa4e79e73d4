import {
  countDataLines,
  csvSteps,
  decodeSteps,
  decodeText,
  detectDelimiter,
  detectEncoding,
  parseCsv,
  type MeasuredRecord,
} from './csvText';
import { runAtOnce } from './timeSlices';

const win1252 = (text: string) => Buffer.from(text, 'latin1');

describe('encoding', () => {
  it('takes UTF-8 with or without BOM and drops the BOM', () => {
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Espécie;José', 'utf8')]);
    expect(decodeText(withBom)).toEqual({ text: 'Espécie;José', encoding: 'utf-8' });
    expect(decodeText(Buffer.from('Espécie', 'utf8'))).toEqual({ text: 'Espécie', encoding: 'utf-8' });
  });

  it('falls back to Windows-1252 (Excel "CSV") when the bytes are not UTF-8', () => {
    expect(detectEncoding(win1252('Matrícula;João'))).toBe('windows-1252');
    expect(decodeText(win1252('Matrícula;João')).text).toBe('Matrícula;João');
    // 0x80 is € in Windows-1252 (not U+0080 as in Latin-1).
    expect(decodeText(Buffer.from([0x80, 0x93, 0x61, 0x94])).text).toBe('€“a”');
  });
});

describe('delimiter', () => {
  it('follows a sep= line, else the header separator, a tie going to ;', () => {
    expect(detectDelimiter('sep=,')).toBe(',');
    expect(detectDelimiter('sep=;')).toBe(';');
    expect(detectDelimiter('CPF,Nome,Nascimento')).toBe(',');
    expect(detectDelimiter('CPF;Nome;"Valor, ofertado"')).toBe(';');
    expect(detectDelimiter('CPF')).toBe(';');
  });
});

describe('parseCsv', () => {
  it('keeps spreadsheet line numbers, skips sep= and blank lines, unquotes cells', () => {
    const { delimiter, records } = parseCsv('sep=;\r\nCPF;Nome\r\n\r\n"111.444.777-35";"Silva; Maria ""Lia"""\r\n;\r\n123;Ana\n');
    expect(delimiter).toBe(';');
    expect(records).toEqual([
      { line: 2, cells: ['CPF', 'Nome'], raw: 'CPF;Nome' },
      { line: 4, cells: ['111.444.777-35', 'Silva; Maria "Lia"'], raw: '"111.444.777-35";"Silva; Maria ""Lia"""' },
      { line: 6, cells: ['123', 'Ana'], raw: '123;Ana' },
    ]);
  });

  it('keeps a line break inside quotes in the cell', () => {
    const { records } = parseCsv('CPF,Obs\n1,"a\nb"\n2,c');
    expect(records.map((r) => [r.line, r.cells])).toEqual([
      [1, ['CPF', 'Obs']],
      [2, ['1', 'a\nb']],
      [4, ['2', 'c']],
    ]);
  });

  it('takes a quote inside a cell as text, joins what follows a closing quote, and reads an unclosed quote to the end', () => {
    const { records } = parseCsv('CPF;Obs\r1;ab"c\r2;"x"y;"a\rb"\r3;"aberta\n');
    expect(records).toEqual([
      { line: 1, cells: ['CPF', 'Obs'], raw: 'CPF;Obs' },
      { line: 2, cells: ['1', 'ab"c'], raw: '1;ab"c' },
      { line: 3, cells: ['2', 'xy', 'a\rb'], raw: '2;"x"y;"a\rb"' },
      { line: 5, cells: ['3', 'aberta'], raw: '3;"aberta' },
    ]);
  });
});

describe('countDataLines', () => {
  it('counts the lines after the header, without sep= and blank lines', () => {
    expect(countDataLines(Buffer.from('sep=;\r\nCPF\r\n1\r\n\r\n2\n;;\n'))).toBe(2);
    expect(countDataLines(Buffer.from('\uFEFFsep=;\nCPF\n1'))).toBe(1);
    expect(countDataLines(Buffer.from('CPF'))).toBe(0);
  });

  it('takes Windows-1252 letters as data and separators, quotes and tabs alone as blank', () => {
    expect(countDataLines(win1252('CPF;Nome\r\n;"";\t\r\n;José\r\n\xe9\n'))).toBe(2);
  });
});

describe('reading in pieces (csvSteps), as an import does', () => {
  const SAMPLES = [
    'sep=;\r\nCPF;Nome\r\n\r\n"111.444.777-35";"Silva; Maria ""Lia"""\r\n;\r\n123;Ana\n',
    'CPF,Obs\n1,"a\nb"\n2,c',
    'CPF;Obs\r1;ab"c\r2;"x"y;"a\rb"\r3;"aberta\n',
    '"sep=,"\r\n a , "b" ,"" ""\r\n\r\n',
  ];
  const records = (pieces: string[], maxLength?: number) => {
    const found: MeasuredRecord[] = [];
    const steps = csvSteps(pieces, maxLength);
    for (let step = steps.next(); !step.done; step = steps.next()) if (step.value) found.push(step.value);
    return found;
  };
  const asParsed = (found: MeasuredRecord[]) => found.filter((r) => !r.blank).map(({ line, cells, raw }) => ({ line, cells, raw }));

  it('reads the same records wherever the pieces are cut', () => {
    for (const text of SAMPLES) {
      const whole = parseCsv(text).records;
      for (let cut = 0; cut <= text.length; cut++) expect(asParsed(records([text.slice(0, cut), text.slice(cut)]))).toEqual(whole);
      expect(asParsed(records([...text]))).toEqual(whole);
    }
  });

  it('measures a line longer than maxLength without keeping it, and counts every column', () => {
    const text = `CPF;Nome\n${'a;'.repeat(100)}\n1;"Ana\nMaria"`;
    expect(records([text], 50)).toEqual([
      { line: 1, cells: ['CPF', 'Nome'], raw: 'CPF;Nome', columns: 2, length: 8, blank: false },
      { line: 2, cells: [], raw: '', columns: 101, length: 200, blank: false },
      { line: 3, cells: ['1', 'Ana\nMaria'], raw: '1;"Ana\nMaria"', columns: 2, length: 13, blank: false },
    ]);
  });

  it('decodes a character cut between two steps whole', () => {
    const bytes = Buffer.concat([Buffer.alloc(256 * 1024 - 1, 'a'), Buffer.from('€;x', 'utf8')]);
    const { pieces, encoding } = runAtOnce(decodeSteps(bytes));
    expect(encoding).toBe('utf-8');
    expect(pieces.length).toBe(2);
    expect(pieces.join('').slice(-3)).toBe('€;x');
  });
});
