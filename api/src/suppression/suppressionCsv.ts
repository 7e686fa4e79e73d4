/**
 * Reads a suppression-list file: a CSV or plain text (data URL, or raw text), one number per line in the
 * first column, with or without a header, punctuation or the +55 prefix. The file is read like an own-batch
 * import (src/files/csvText.ts: encoding, `;`/`,`, `sep=` line, quotes); only the first column matters, and a line
 * holding a control character is invalid.
 */
import { suppressedPhone } from '@consig/shared/contracts';
import { decodeText, parseCsv } from '../files/csvText';
import { decodeDataUrl } from '../files/dataUrl';
import { hasControlCharacter } from '../http/controlCharacters';

export const MAX_SUPPRESSION_LINES = 200_000;

export interface ParsedSuppression {
  numbers: string[];
  /** 1-based line numbers that hold something that is not a phone number. */
  invalidLines: number[];
}

export function parseSuppressionFile(base: string): ParsedSuppression | { error: string } {
  const bytes = base.startsWith('data:') ? decodeDataUrl(base) : Buffer.from(base, 'utf8');
  if (!bytes) return { error: 'Arquivo inválido: envie o arquivo como data URL (data:text/csv;base64,...).' };
  const { records } = parseCsv(decodeText(bytes).text);
  if (records.length > MAX_SUPPRESSION_LINES) return { error: `O arquivo tem mais de ${MAX_SUPPRESSION_LINES} linhas.` };
  const numbers = new Set<string>();
  const invalidLines: number[] = [];
  records.forEach((record, index) => {
    const first = (record.cells[0] ?? '').trim();
    if (!first) return;
    // A header line ('telefone', 'numero') has no digit at all: skipped, not an error.
    if (index === 0 && !/\d/.test(first)) return;
    // A line holding a control character is invalid like an import's (docs/rules.md "Bad input"), even when its
    // digits would make a number: the file is not what its sender meant.
    if (hasControlCharacter(record.raw)) {
      invalidLines.push(record.line);
      return;
    }
    const parsed = suppressedPhone.safeParse(first);
    if (parsed.success) numbers.add(parsed.data);
    else invalidLines.push(record.line);
  });
  return { numbers: [...numbers], invalidLines };
}
