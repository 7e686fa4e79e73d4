/**
 * The line rules of product-spec §2 "Own batch import" and the sanitising of docs/rules.md "CSV imports and
 * provider batches", as pure functions: the job reads the database, calls these, and writes what they decide.
 */
import { isValidCpf, parseDate } from '@consig/shared/format';
import { IMPORT_TEXT } from '@consig/shared/contracts';
import type { CsvRecord } from '../files/csvText';
import { hasControlCharacter, showControlCharacters } from '../http/controlCharacters';
import type { ColumnMap, ImportField } from './header';

/** A line the file asks to import, its values already in the database's shape. */
export interface ImportLine {
  line: number;
  raw: string;
  cpf: string;
  nome: string | null;
  /** 'yyyy-mm-dd' (a calendar date, no time zone). */
  nascimento: string | null;
  /** DDD + number, 10 or 11 digits, each once. */
  phones: string[];
  matricula: string | null;
  especie: number | null;
  /** Integer cents. */
  valorOfertado: number | null;
  valorParcela: number | null;
}

export interface Rejection {
  line: number;
  raw: string;
  reason: string;
  /** Dropped by sanitising (counts to NU_Higienizados) rather than by the rules. */
  sanitized: boolean;
}

export interface ReadOptions {
  sanitize: boolean;
  /** The campaign adds clients only with offered and instalment values. */
  needsValues: boolean;
  /** Benefit types (especie) that exist. */
  knownSpecies: ReadonlySet<number>;
}

/**
 * The CPF's 11 digits, punctuation removed. Excel turns a CPF column into numbers and drops leading zeros
 * ('1234567890' for '01234567890'), so 9 or 10 digits are padded back. Null for anything else.
 */
export function cpfDigits(value: string): string | null {
  const cleaned = value.replace(/[.\-\s/]/g, '');
  if (!/^\d{9,11}$/.test(cleaned)) return null;
  return cleaned.padStart(11, '0');
}

/** 'dd/mm/yyyy' or 'dd-mm-yyyy' (also 'd/m/yyyy' as Excel shows it) → 'yyyy-mm-dd', null when not a real day. */
export function isoDate(value: string): string | null {
  const match = /^(\d{1,2})([/-])(\d{1,2})\2(\d{4})$/.exec(value);
  if (!match) return null;
  const parts = parseDate(`${match[1].padStart(2, '0')}/${match[3].padStart(2, '0')}/${match[4]}`);
  if (!parts) return null;
  return `${parts.year}-${String(parts.month).padStart(2, '0')}-${String(parts.day).padStart(2, '0')}`;
}

/** '1.234,56', '3,01', 'R$ 10', '10.50' → integer cents; null when not a non-negative amount. */
export function cents(value: string): number | null {
  let text = value.replace(/^R\$\s*/i, '').replace(/\s/g, '');
  if (text.includes(',')) text = text.replace(/\./g, '').replace(',', '.');
  else if (/^\d{1,3}(\.\d{3})+$/.test(text)) text = text.replace(/\./g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * The phones of a cell ('(11) 98765-4321 / 11 3333-4444'). Plain: the digits of each, kept when they are
 * 10 or 11 long. Sanitising also takes off the country code (+55) and the trunk zero (011…) and keeps only
 * numbers with a real DDD (11–99) whose 11-digit form is a mobile (9 after the DDD).
 */
export function phonesOf(cell: string, sanitize: boolean): string[] {
  const found: string[] = [];
  for (const part of cell.split(/[/|]/)) {
    let digits = part.replace(/\D/g, '');
    if (sanitize) {
      if ((digits.length === 12 || digits.length === 13) && digits.startsWith('55')) digits = digits.slice(2);
      if ((digits.length === 11 || digits.length === 12) && digits.startsWith('0')) digits = digits.slice(1);
      const realDdd = /^[1-9][1-9]/.test(digits);
      const mobileOk = digits.length === 10 || digits[2] === '9';
      if (!realDdd || !mobileOk) continue;
    }
    if ((digits.length === 10 || digits.length === 11) && !found.includes(digits)) found.push(digits);
  }
  return found;
}

/** The columns as the reason of a rejected line names them (the template's names, template.ts). */
const COLUMN_LABEL: Record<ImportField, string> = {
  cpf: 'CPF',
  nome: 'Nome',
  nascimento: 'Nascimento',
  telefone: 'Telefone',
  matricula: 'Matrícula/NB',
  especie: 'Espécie',
  valorOfertado: 'Valor ofertado',
  valorParcela: 'Valor parcela',
};

/**
 * The reason of a line holding a control character (docs/rules.md "Bad input"), naming the first column that
 * holds one: by its field when the import reads it, by its position otherwise; the line alone when only a
 * cell's edge, which the reading trims, held it.
 */
function controlCharactersReason(record: CsvRecord, columns: ColumnMap): string {
  const index = record.cells.findIndex(hasControlCharacter);
  if (index < 0) return 'Linha com caracteres de controle.';
  const single = Object.entries(columns.single).find(([, column]) => column === index)?.[0] as ImportField | undefined;
  const field = single ?? (columns.phones.includes(index) ? 'telefone' : undefined);
  return field
    ? `Linha com caracteres de controle na coluna ${COLUMN_LABEL[field]}.`
    : `Linha com caracteres de controle na ${index + 1}ª coluna.`;
}

type Read = { ok: ImportLine } | { rejected: Rejection };

/**
 * One record against the rules that need no database: control characters, CPF, date, species and values. A line
 * holding a control character is rejected whatever its other cells; its text is kept with control pictures ('␀') in
 * their place, so the rejected lines' file shows where they were and the database never gets U+0000, which it refuses.
 */
export function readLine(record: CsvRecord, columns: ColumnMap, options: ReadOptions): Read {
  if (hasControlCharacter(record.raw)) {
    const reason = controlCharactersReason(record, columns);
    return { rejected: { line: record.line, raw: showControlCharacters(record.raw), reason, sanitized: false } };
  }
  const cell = (index: number | undefined) => (index === undefined ? '' : (record.cells[index] ?? '').trim());
  const reject = (reason: string, sanitized = false): Read => ({ rejected: { line: record.line, raw: record.raw, reason, sanitized } });

  const cpfCell = cell(columns.single.cpf);
  if (!cpfCell) return reject(IMPORT_TEXT.cpfMissing);
  const cpf = cpfDigits(cpfCell);
  if (!cpf) return reject(IMPORT_TEXT.cpfMalformed);
  if (options.sanitize && !isValidCpf(cpf)) return reject(IMPORT_TEXT.cpfInvalid, true);

  const birthCell = cell(columns.single.nascimento);
  const nascimento = birthCell ? isoDate(birthCell) : null;
  if (birthCell && !nascimento) return reject(IMPORT_TEXT.birthInvalid);

  const speciesCell = cell(columns.single.especie);
  let species: number | null = null;
  if (speciesCell) {
    if (!/^\d{1,4}$/.test(speciesCell)) return reject(IMPORT_TEXT.speciesInvalid);
    species = Number(speciesCell);
    if (!options.knownSpecies.has(species)) return reject(IMPORT_TEXT.speciesUnknown(species));
  }

  const offeredCell = cell(columns.single.valorOfertado);
  const offeredValue = offeredCell ? cents(offeredCell) : null;
  if (offeredCell && offeredValue === null) return reject(IMPORT_TEXT.valueInvalid(COLUMN_LABEL.valorOfertado));
  const installmentCell = cell(columns.single.valorParcela);
  const installmentValue = installmentCell ? cents(installmentCell) : null;
  if (installmentCell && installmentValue === null) return reject(IMPORT_TEXT.valueInvalid(COLUMN_LABEL.valorParcela));
  if (options.needsValues && (!offeredValue || !installmentValue)) return reject(IMPORT_TEXT.valuesRequired);

  const phones = [...new Set(columns.phones.flatMap((index) => phonesOf(cell(index), options.sanitize)))];
  return {
    ok: {
      line: record.line,
      raw: record.raw,
      cpf,
      nome: cell(columns.single.nome) || null,
      nascimento,
      phones,
      matricula: cell(columns.single.matricula).replace(/\D/g, '') || null,
      especie: species,
      valorOfertado: offeredValue,
      valorParcela: installmentValue,
    },
  };
}

export interface MergeContext {
  sanitize: boolean;
  /** The campaign's agency is INSS: new clients need their benefit number and type. */
  inss: boolean;
  /** CPFs that already are clients of the company. */
  existingCpfs: ReadonlySet<string>;
  /** CPFs already queued in the campaign. */
  campaignCpfs: ReadonlySet<string>;
}

/**
 * The rules that depend on the database and on the other lines: a NEW client needs CPF, name and birth date
 * (and, in an INSS campaign, benefit number and type); an existing client only its CPF. Sanitising drops
 * repeated CPFs (the first line stays) and CPFs already in the campaign; without it a repeated CPF is one
 * client with the phones of all its lines.
 */
export function applyRules(lines: ImportLine[], context: MergeContext): { accepted: ImportLine[]; rejected: Rejection[] } {
  const accepted = new Map<string, ImportLine>();
  const rejected: Rejection[] = [];
  const reject = (line: ImportLine, reason: string, sanitized = false) =>
    rejected.push({ line: line.line, raw: line.raw, reason, sanitized });
  for (const line of lines) {
    const isNew = !context.existingCpfs.has(line.cpf);
    if (isNew && (!line.nome || !line.nascimento)) {
      reject(line, IMPORT_TEXT.newClientFields);
      continue;
    }
    if (isNew && context.inss && (!line.matricula || line.especie === null)) {
      reject(line, IMPORT_TEXT.inssFields);
      continue;
    }
    const first = accepted.get(line.cpf);
    if (context.sanitize && first) {
      reject(line, IMPORT_TEXT.repeatedInFile(first.line), true);
      continue;
    }
    if (context.sanitize && context.campaignCpfs.has(line.cpf)) {
      reject(line, IMPORT_TEXT.alreadyInCampaign, true);
      continue;
    }
    if (first) first.phones = [...new Set([...first.phones, ...line.phones])];
    else accepted.set(line.cpf, { ...line });
  }
  return { accepted: [...accepted.values()], rejected };
}
