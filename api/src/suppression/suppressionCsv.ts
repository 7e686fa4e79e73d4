/**
 * Reads a suppression-list file: a CSV or plain text (data URL or raw text), one number per line in the
 * first column, `;` or `,` separated, with or without a header, punctuation or the +55 prefix.
 */
import { suppressedPhone } from '@consig/shared/contracts';

export const MAX_SUPPRESSION_LINES = 200_000;

export interface ParsedSuppression {
  numbers: string[];
  /** 1-based line numbers that hold something that is not a phone number. */
  invalidLines: number[];
}

function decode(base: string): string {
  const match = /^data:[^,]*?(;base64)?,/.exec(base);
  if (!match) return base;
  const body = base.slice(match[0].length);
  return match[1] ? Buffer.from(body, 'base64').toString('latin1') : decodeURIComponent(body);
}

export function parseSuppressionFile(base: string): ParsedSuppression | { error: string } {
  const lines = decode(base).split(/\r\n|\n|\r/);
  if (lines.length > MAX_SUPPRESSION_LINES) return { error: `O arquivo tem mais de ${MAX_SUPPRESSION_LINES} linhas.` };
  const numbers = new Set<string>();
  const invalidLines: number[] = [];
  lines.forEach((line, index) => {
    const first = line.split(/[;,\t]/)[0].replace(/^\uFEFF/, '').replace(/"/g, '').trim();
    if (!first) return;
    // A header line ('telefone', 'numero') has no digit at all: skipped, not an error.
    if (index === 0 && !/\d/.test(first)) return;
    const parsed = suppressedPhone.safeParse(first);
    if (parsed.success) numbers.add(parsed.data);
    else invalidLines.push(index + 1);
  });
  return { numbers: [...numbers], invalidLines };
}
