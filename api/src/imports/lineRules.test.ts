import { IMPORT_TEXT } from '@consig/shared/contracts';
import { mapHeader } from './header';
import { applyRules, cents, cpfDigits, isoDate, phonesOf, readLine, type ImportLine, type ReadOptions } from './lineRules';

const columns = mapHeader(['CPF', 'Nome', 'Nascimento', 'Telefone', 'Matrícula', 'Espécie', 'Valor ofertado', 'Valor parcela']);
const options: ReadOptions = { sanitize: false, needsValues: false, knownSpecies: new Set([41, 32]) };
const read = (cells: string[], overrides: Partial<ReadOptions> = {}) =>
  readLine({ line: 7, cells, raw: cells.join(';') }, columns, { ...options, ...overrides });
const reason = (result: ReturnType<typeof read>) => ('rejected' in result ? result.rejected.reason : 'ok');

describe('CPF sanitising', () => {
  it('takes the CPF with or without punctuation and pads the zeros Excel dropped', () => {
    expect(cpfDigits('111.444.777-35')).toBe('11144477735');
    expect(cpfDigits('11144477735')).toBe('11144477735');
    expect(cpfDigits('1234567890')).toBe('01234567890');
    expect(cpfDigits('12345678')).toBeNull();
    expect(cpfDigits('111.444.777-3X')).toBeNull();
  });

  it('drops a CPF with wrong check digits only when sanitising, as a sanitised line', () => {
    expect(reason(read(['111.444.777-00', 'Ana', '01/01/1960']))).toBe('ok');
    expect(read(['111.444.777-00', 'Ana', '01/01/1960'], { sanitize: true })).toEqual({
      rejected: { line: 7, raw: '111.444.777-00;Ana;01/01/1960', reason: IMPORT_TEXT.cpfInvalid, sanitized: true },
    });
  });
});

describe('values', () => {
  it('reads dates dd/mm/yyyy and dd-mm-yyyy', () => {
    expect(isoDate('15/03/1955')).toBe('1955-03-15');
    expect(isoDate('15-03-1955')).toBe('1955-03-15');
    expect(isoDate('5/3/1955')).toBe('1955-03-05');
    expect(isoDate('31/04/1955')).toBeNull();
    expect(isoDate('1955-03-15')).toBeNull();
  });

  it('reads comma decimals and thousands separators into cents', () => {
    expect(cents('3,01')).toBe(301);
    expect(cents('1.234,56')).toBe(123456);
    expect(cents('R$ 5.000')).toBe(500000);
    expect(cents('10.5')).toBe(1050);
    expect(cents('-1')).toBeNull();
    expect(cents('abc')).toBeNull();
  });

  it('normalises phones when sanitising', () => {
    expect(phonesOf('(11) 98765-4321 / 11 3333-4444', false)).toEqual(['11987654321', '1133334444']);
    expect(phonesOf('+55 11 98765-4321 | 011 3333-4444 | 00 1234-5678', true)).toEqual(['11987654321', '1133334444']);
    expect(phonesOf('11 88765-4321', true)).toEqual([]);
    expect(phonesOf('123', false)).toEqual([]);
  });
});

describe('readLine', () => {
  it('gives each bad line its reason', () => {
    expect(reason(read(['', 'Ana']))).toBe(IMPORT_TEXT.cpfMissing);
    expect(reason(read(['12', 'Ana']))).toBe(IMPORT_TEXT.cpfMalformed);
    expect(reason(read(['11144477735', 'Ana', '31/02/1960']))).toBe(IMPORT_TEXT.birthInvalid);
    expect(reason(read(['11144477735', 'Ana', '', '', '', 'B41']))).toBe(IMPORT_TEXT.speciesInvalid);
    expect(reason(read(['11144477735', 'Ana', '', '', '', '999']))).toBe(IMPORT_TEXT.speciesUnknown(999));
    expect(reason(read(['11144477735', 'Ana', '', '', '', '', '1,2,3']))).toBe(IMPORT_TEXT.valueInvalid('Valor ofertado'));
    expect(reason(read(['11144477735', 'Ana', '', '', '', '', '100,00'], { needsValues: true }))).toBe(IMPORT_TEXT.valuesRequired);
    expect(reason(read(['11144477735', 'Ana', '', '', '', '', '100,00', '10,50'], { needsValues: true }))).toBe('ok');
  });

  it('rejects a line holding a control character, naming its column, and keeps it with control pictures', () => {
    const rejected = (cells: string[], overrides: Partial<ReadOptions> = {}) => {
      const result = read(cells, overrides);
      return 'rejected' in result ? [result.rejected.reason, result.rejected.raw, result.rejected.sanitized] : 'ok';
    };
    expect(rejected(['11144477735', 'Ana\u0000Souza', '01/01/1960'])).toEqual([
      'Linha com caracteres de controle na coluna Nome.',
      '11144477735;Ana\u2400Souza;01/01/1960',
      false,
    ]);
    // Before every other rule, sanitising or not: this line has no CPF either.
    expect(rejected(['', 'Ana', '', '11 9\u001b8765-4321'], { sanitize: true })).toEqual([
      'Linha com caracteres de controle na coluna Telefone.',
      ';Ana;;11 9\u241b8765-4321',
      false,
    ]);
    expect(rejected(['11144477735', 'Ana', '', '', '', '', '', '', 'nota\u007f'])[0]).toBe(
      'Linha com caracteres de controle na 9ª coluna.',
    );
    // Only at a cell's edge, which reading trims: the line is named, not a column.
    expect(readLine({ line: 7, cells: ['11144477735', 'Ana'], raw: '11144477735;Ana\u000b' }, columns, options)).toEqual({
      rejected: { line: 7, raw: '11144477735;Ana\u240b', reason: 'Linha com caracteres de controle.', sanitized: false },
    });
    expect(reason(read(['11144477735', 'Ana\tSouza', '01/01/1960']))).toBe('ok');
  });

  it('reads a full line', () => {
    expect(read(['111.444.777-35', 'Ana Souza', '15-03-1955', '(11) 98765-4321', '123.456.789-0', '41', '5.000,00', '150,25'])).toEqual({
      ok: {
        line: 7,
        raw: '111.444.777-35;Ana Souza;15-03-1955;(11) 98765-4321;123.456.789-0;41;5.000,00;150,25',
        cpf: '11144477735',
        nome: 'Ana Souza',
        nascimento: '1955-03-15',
        phones: ['11987654321'],
        matricula: '1234567890',
        especie: 41,
        valorOfertado: 500000,
        valorParcela: 15025,
      },
    });
  });
});

describe('applyRules', () => {
  const line = (n: number, cpf: string, extra: Partial<ImportLine> = {}): ImportLine => ({
    line: n,
    raw: `linha ${n}`,
    cpf,
    nome: 'Ana',
    nascimento: '1960-01-01',
    phones: [],
    matricula: null,
    especie: null,
    valorOfertado: null,
    valorParcela: null,
    ...extra,
  });
  const context = { sanitize: false, inss: false, existingCpfs: new Set<string>(), campaignCpfs: new Set<string>() };

  it('adds a new client only with name and birth date; an existing one needs only the CPF', () => {
    const result = applyRules([line(2, 'a', { nome: null }), line(3, 'b', { nascimento: null, nome: null })], {
      ...context,
      existingCpfs: new Set(['b']),
    });
    expect(result.accepted.map((l) => l.cpf)).toEqual(['b']);
    expect(result.rejected).toEqual([{ line: 2, raw: 'linha 2', reason: IMPORT_TEXT.newClientFields, sanitized: false }]);
  });

  it('needs benefit number and type for a new client of an INSS campaign', () => {
    const result = applyRules([line(2, 'a'), line(3, 'b', { matricula: '1', especie: 41 })], { ...context, inss: true });
    expect(result.accepted.map((l) => l.cpf)).toEqual(['b']);
    expect(result.rejected.map((r) => r.reason)).toEqual([IMPORT_TEXT.inssFields]);
  });

  it('merges repeated CPFs without sanitising, and drops them (and campaign CPFs) when sanitising', () => {
    const lines = [line(2, 'a', { phones: ['11987654321'] }), line(3, 'a', { phones: ['1133334444'] }), line(4, 'c')];
    const plain = applyRules(lines, { ...context, campaignCpfs: new Set(['c']) });
    expect(plain.accepted.map((l) => [l.cpf, l.phones])).toEqual([
      ['a', ['11987654321', '1133334444']],
      ['c', []],
    ]);
    expect(plain.rejected).toEqual([]);
    const sanitized = applyRules(lines, { ...context, sanitize: true, campaignCpfs: new Set(['c']) });
    expect(sanitized.accepted.map((l) => [l.cpf, l.phones])).toEqual([['a', ['11987654321']]]);
    expect(sanitized.rejected).toEqual([
      { line: 3, raw: 'linha 3', reason: IMPORT_TEXT.repeatedInFile(2), sanitized: true },
      { line: 4, raw: 'linha 4', reason: IMPORT_TEXT.alreadyInCampaign, sanitized: true },
    ]);
  });
});
