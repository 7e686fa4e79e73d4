/**
 * The CSV export as Brazilian spreadsheets open it directly (docs/rules.md "Proposal follow-up"): UTF-8
 * with BOM (Excel reads UTF-8 only with it), ';' between cells (',' is the decimal separator), comma
 * decimals, dd/mm/yyyy days, formatted CPF, a Portuguese header row, CRLF line ends.
 */
import { maskCpf } from '@consig/shared/format';
import type { ProposalExportRow } from './followup.repository';

export const CSV_BOM = '\uFEFF';
export const CSV_HEADER = ['Nome', 'ADE', 'CPF', 'Status da Proposta', 'Atendente', 'Indicador', 'Valor', 'Operação', 'Banco', 'Data de digitação'];

/**
 * One cell. A text a spreadsheet would run as a formula (= + - @, and tab or CR that some read the same way)
 * gets a leading apostrophe (OWASP "CSV injection"); a cell with ';', '"' or a line break is quoted.
 */
export function csvCell(value: string | null): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: (string | null)[]) => `${cells.map(csvCell).join(';')}\r\n`;

/** '1234.56' → '1234,56' (no thousands separator: spreadsheets read it as a number). */
export const commaDecimal = (decimal: string) => decimal.replace('.', ',');

export function proposalCsvLine(row: ProposalExportRow): string {
  return csvLine([
    row.name,
    row.ade,
    maskCpf(row.cpf),
    row.status,
    row.attendant,
    row.indicator,
    commaDecimal(row.net),
    row.operation,
    row.bank,
    row.typedDay,
  ]);
}
