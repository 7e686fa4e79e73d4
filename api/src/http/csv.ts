/**
 * CSV files as Brazilian spreadsheets open them directly (docs/rules.md "CSV files"): UTF-8 with a
 * BOM (Excel reads UTF-8 only with it), ';' between cells (',' is the decimal separator), CRLF line ends,
 * and no cell a spreadsheet would run as a formula.
 */
import { Transform } from 'node:stream';

export const CSV_BOM = '\uFEFF';

/**
 * Formula injection (OWASP "CSV injection"), one rule for every CSV the API writes (docs/rules.md "CSV files"):
 * a cell is a formula when its first non-blank character, in the text as it is or after Unicode NFKC
 * normalisation, is one of these. Spreadsheets skip leading blanks and fold look-alikes ('＝' U+FF1D is '='),
 * so the first character alone misses ' =1' or '＝1'. The text as it is counts too: NFKC can compose a
 * formula's first character away ('=' followed by U+0338 becomes '≠').
 */
const FORMULA_CHARS = ['=', '+', '-', '@'];

/** Blank before a formula: every Unicode White_Space character, and the BOM (U+FEFF), which spreadsheets drop. */
const BLANKS = [
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009,
  0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff,
].map((code) => String.fromCharCode(code));

/** A cell starting with one of these is neutralised whatever follows: some spreadsheets read tab and CR as formulas. */
const ALWAYS_NEUTRALISED = ['\t', '\r'];

/** `\uXXXX` for each character: the form both a JavaScript pattern and a PostgreSQL E'' string read. */
const unicodeEscapes = (chars: string[]) => chars.map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

const LEADING_BLANKS = new RegExp(`^[${unicodeEscapes(BLANKS)}]+`);
const startsWithFormula = (text: string) => FORMULA_CHARS.includes(text.replace(LEADING_BLANKS, '').charAt(0));

/** The cell's text as it goes out: behind a leading apostrophe, which spreadsheets hide, when it is a formula. */
export function formulaSafe(text: string): string {
  const formula = ALWAYS_NEUTRALISED.includes(text.charAt(0)) || startsWithFormula(text) || startsWithFormula(text.normalize('NFKC'));
  return formula ? `'${text}` : text;
}

/**
 * The text as one cell, quoted when it holds ';', '"' or a line break, and nothing else: for a CSV the API reads
 * back itself (a provider batch becomes an import), where a neutralised formula would change the data.
 */
export const csvQuoted = (text: string) => (/[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** One cell of a file people open: neutralised when it is a formula, quoted when it holds ';', '"' or a line break. */
export function csvCell(value: string | number | null): string {
  return csvQuoted(formulaSafe(value === null ? '' : String(value)));
}

export const csvLine = (cells: (string | number | null)[]) => `${cells.map(csvCell).join(';')}\r\n`;

/** The characters as a SQL `in (…)` list; all but printable ASCII as escapes, so nothing invisible is written raw. */
const sqlCharList = (chars: string[]) =>
  chars.map((char) => (/^[!-~]$/.test(char) && char !== "'" && char !== '\\' ? `'${char}'` : `E'${unicodeEscapes([char])}'`)).join(', ');

/**
 * formulaSafe written in SQL, for text the database formats itself (COPY … CSV); `expression` is a column or
 * another expression without side effects (it is repeated). A text whose first character is printable ASCII
 * other than the space takes a short way to the same answer: that character has no decomposition and composes
 * only into letters and signs like '≠', so it is the first non-blank one after NFKC as well, or turns into no
 * formula character; and normalize() costs about 3 µs a cell, seconds on a large export.
 */
export function formulaSafeSql(expression: string): string {
  const formulaChars = sqlCharList(FORMULA_CHARS);
  const blanks = `E'${unicodeEscapes(BLANKS)}'`;
  const isFormula = `case when ascii(${expression}) between 33 and 126 then left(${expression}, 1) in (${formulaChars})
    else left(${expression}, 1) in (${sqlCharList(ALWAYS_NEUTRALISED)})
      or left(ltrim(${expression}, ${blanks}), 1) in (${formulaChars})
      or left(ltrim(normalize(${expression}, NFKC), ${blanks}), 1) in (${formulaChars}) end`;
  return `case when ${isFormula} then '''' || ${expression} else ${expression} end`;
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
