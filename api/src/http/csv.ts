/**
 * CSV files as Brazilian spreadsheets open them directly (docs/rules.md "Proposal follow-up"): UTF-8 with a
 * BOM (Excel reads UTF-8 only with it), ';' between cells (',' is the decimal separator), CRLF line ends,
 * and no cell a spreadsheet would run as a formula.
 */
import { Transform } from 'node:stream';

export const CSV_BOM = '\uFEFF';

/**
 * First characters that make a spreadsheet read a cell as a formula: = + - @, and tab or CR, which some read
 * the same way (OWASP "CSV injection"). Such a cell gets a leading apostrophe, which spreadsheets hide.
 */
const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r'];
const FORMULA_START = new RegExp(`^[${FORMULA_STARTS.map((char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`).join('')}]`);

/** One cell: neutralised when it starts like a formula, quoted when it holds ';', '"' or a line break. */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: (string | number | null)[]) => `${cells.map(csvCell).join(';')}\r\n`;

/** The same neutralisation written in SQL, for text the database formats itself (COPY … CSV). */
export function formulaSafeSql(expression: string): string {
  const starts = FORMULA_STARTS.map((char) => (char >= ' ' ? `'${char}'` : `chr(${char.charCodeAt(0)})`)).join(', ');
  return `case when left(${expression}, 1) in (${starts}) then '''' || ${expression} else ${expression} end`;
}

const QUOTE = 0x22;
const LF = 0x0a;
const CRLF = Buffer.from('\r\n');

/**
 * PostgreSQL's COPY … CSV ends lines with LF alone; this turns every line end into CRLF and puts `prefix`
 * (the BOM) first. A line break inside a quoted cell is data and stays as it is, so the scan follows the
 * quotes (a doubled "" inside a quoted cell closes and reopens it, which comes to the same), across chunks.
 */
export function crlfLineEnds(prefix: string): Transform {
  let quoted = false;
  let pending: string | null = prefix;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const parts: Buffer[] = [];
      if (pending !== null) {
        parts.push(Buffer.from(pending));
        pending = null;
      }
      let copiedUpTo = 0;
      let at = 0;
      let nextQuote = chunk.indexOf(QUOTE);
      while (at < chunk.length) {
        if (!quoted) {
          const lineEnd = chunk.indexOf(LF, at);
          if (nextQuote === -1 || (lineEnd !== -1 && lineEnd < nextQuote)) {
            if (lineEnd === -1) break;
            parts.push(chunk.subarray(copiedUpTo, lineEnd), CRLF);
            copiedUpTo = at = lineEnd + 1;
            continue;
          }
        } else if (nextQuote === -1) {
          break;
        }
        quoted = !quoted;
        at = nextQuote + 1;
        nextQuote = chunk.indexOf(QUOTE, at);
      }
      parts.push(chunk.subarray(copiedUpTo));
      done(null, Buffer.concat(parts));
    },
    flush(done) {
      done(null, pending === null ? null : Buffer.from(pending));
    },
  });
}
