import { IMPORT_MAX_COLUMNS, IMPORT_MAX_LINE_CHARS, IMPORT_TEXT } from '@consig/shared/contracts';
import { makeCpf } from '@consig/shared/format';
import { timeSlices } from '../files/timeSlices';
import { checkImportFile, readImportFile } from './readImport';

const OPTIONS = { sanitize: false, needsValues: false, knownSpecies: new Set([41]) };
const header = (columns: number) => ['CPF', ...Array.from({ length: columns - 1 }, (_, i) => `Coluna ${i + 2}`)].join(';');
const file = (...lines: string[]) => Buffer.from(lines.join('\r\n'), 'utf8');
/** What the upload answers and what the job ends with, for the same file. */
const both = async (bytes: Buffer) => {
  const read = await readImportFile(bytes, OPTIONS);
  return { upload: await checkImportFile(bytes, timeSlices()), job: 'error' in read ? read.error : `${read.lines.length} linha(s)` };
};

describe('the shape of an import file (upload and job alike)', () => {
  const cpf = makeCpf('123456789');

  it(`takes a header of ${IMPORT_MAX_COLUMNS} columns and refuses one more, counting every column`, async () => {
    expect(await both(file(header(IMPORT_MAX_COLUMNS), cpf))).toEqual({ upload: undefined, job: '1 linha(s)' });
    const refused = IMPORT_TEXT.tooManyColumns(IMPORT_MAX_COLUMNS + 1);
    expect(await both(file('', ';;', header(IMPORT_MAX_COLUMNS + 1), cpf))).toEqual({ upload: refused, job: refused });
    expect(refused).toBe('A planilha tem 201 colunas; o limite é 200.');
    // A data line may have more cells than the header: they are ignored.
    expect(await both(file('CPF', `${cpf}${';x'.repeat(300)}`))).toEqual({ upload: undefined, job: '1 linha(s)' });
  });

  it(`refuses a line of more than ${IMPORT_MAX_LINE_CHARS.toLocaleString('pt-BR')} characters, naming the line it starts on`, async () => {
    const atLimit = `${cpf};${'x'.repeat(IMPORT_MAX_LINE_CHARS - cpf.length - 1)}`;
    expect(await both(file('CPF;Nome', atLimit))).toEqual({ upload: undefined, job: '1 linha(s)' });
    const refused = IMPORT_TEXT.lineTooLong(3);
    expect(await both(file('CPF;Nome', cpf, `${atLimit}x`, cpf))).toEqual({ upload: refused, job: refused });
    expect(refused).toBe('A linha 3 da planilha passa de 50.000 caracteres, o limite de uma linha.');
    // A quote left open swallows the rest of the file into one line; blank lines count too.
    expect(await both(file('CPF;Nome', `${cpf};"aberta`, ...Array.from({ length: 2000 }, () => 'x'.repeat(30))))).toEqual({
      upload: IMPORT_TEXT.lineTooLong(2),
      job: IMPORT_TEXT.lineTooLong(2),
    });
    expect(await both(file('CPF', ' '.repeat(IMPORT_MAX_LINE_CHARS + 1)))).toEqual({
      upload: IMPORT_TEXT.lineTooLong(2),
      job: IMPORT_TEXT.lineTooLong(2),
    });
  });
});
