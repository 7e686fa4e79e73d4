/**
 * From an uploaded file's bytes (dataUrl.ts) to records (docs/rules.md "CSV imports and provider batches"): what
 * Brazilian spreadsheets produce — UTF-8 with or without BOM, or Windows-1252 (Excel's plain "CSV"), `;` or `,`
 * between fields, an optional `sep=;` first line, quoted fields with `""` escapes and line breaks inside quotes.
 * Read by imports and suppression lists.
 */

export type Encoding = 'utf-8' | 'windows-1252';

/** UTF-8 when the bytes are valid UTF-8 (a BOM or not); otherwise Windows-1252, which decodes any byte. */
export function detectEncoding(bytes: Uint8Array): Encoding {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/**
 * Windows-1252's 0x80–0x9F (€, ‚, ƒ, „, …, curly quotes, Š, Œ, Ž, ™…). Node's TextDecoder('windows-1252')
 * decodes these bytes as Latin-1 control characters on some builds, so they are mapped here; the rest of
 * Windows-1252 equals Latin-1 (undefined bytes stay as they are).
 */
const CP1252_HIGH = '€\x81‚ƒ„…†‡ˆ‰Š‹Œ\x8dŽ\x8f\x90‘’“”•–—˜™š›œ\x9džŸ';

function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes)
    .toString('latin1')
    .replace(/[\x80-\x9f]/g, (char) => CP1252_HIGH[char.charCodeAt(0) - 0x80]);
}

/** The file's text without BOM. */
export function decodeText(bytes: Uint8Array): { text: string; encoding: Encoding } {
  // One pass: the strict decoder's text is the UTF-8 result (it drops a BOM by itself, ignoreBOM false).
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
  }
}

export type Delimiter = ';' | ',';

/** A CSV record with the 1-based line of the file it starts on and its original text. */
export interface CsvRecord {
  line: number;
  cells: string[];
  raw: string;
}

const SEP_LINE = /^"?sep=(.)"?\s*$/i;

/**
 * The delimiter: the `sep=` line when present, else the one the header line uses more (outside quotes).
 * Excel pt-BR writes `;` because `,` is the decimal separator, so a tie goes to `;`.
 */
export function detectDelimiter(firstLine: string): Delimiter {
  const sep = SEP_LINE.exec(firstLine);
  if (sep) return sep[1] === ',' ? ',' : ';';
  const outsideQuotes = firstLine.replace(/"[^"]*"/g, '');
  const count = (char: string) => outsideQuotes.split(char).length - 1;
  return count(',') > count(';') ? ',' : ';';
}

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;

/** Lines that `text[from, to)` adds inside a quoted cell (\r\n, \n or \r, each one line). */
function lineBreaks(text: string, from: number, to: number): number {
  let breaks = 0;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code === LF || (code === CR && text.charCodeAt(i + 1) !== LF)) breaks++;
  }
  return breaks;
}

/**
 * Splits the text into records. The `sep=` line is consumed; blank lines are skipped (they keep their numbers
 * counted, so every record's `line` is the line a spreadsheet shows). A quote opens a quoted cell only at the
 * cell's start (spaces before it allowed); elsewhere it is an ordinary character.
 *
 * Cells are slices of the text between the special characters, not built a character at a time: a 50,000-line
 * file is ~500,000 cells.
 */
export function parseCsv(text: string): { delimiter: Delimiter; records: CsvRecord[] } {
  const firstBreak = text.search(/\r\n|\n|\r/);
  const firstLine = firstBreak < 0 ? text : text.slice(0, firstBreak);
  const delimiter = detectDelimiter(firstLine);
  const separator = delimiter.charCodeAt(0);
  const records: CsvRecord[] = [];
  const length = text.length;
  let line = 1;
  let position = 0;
  if (SEP_LINE.test(firstLine)) {
    position = firstBreak < 0 ? length : firstBreak + (text.startsWith('\r\n', firstBreak) ? 2 : 1);
    line = 2;
  }
  while (position < length) {
    const start = position;
    const startLine = line;
    const cells: string[] = [];
    let cell = '';
    let quoted = false;
    /** Where the record's text ends before its line break; -1 while no break was met. */
    let end = -1;
    while (position < length && end < 0) {
      if (quoted) {
        const close = text.indexOf('"', position);
        const stop = close < 0 ? length : close;
        line += lineBreaks(text, position, stop);
        cell += text.slice(position, stop);
        if (close < 0) position = length;
        else if (text.charCodeAt(close + 1) === QUOTE) {
          cell += '"';
          position = close + 2;
        } else {
          quoted = false;
          position = close + 1;
        }
        continue;
      }
      let stop = position;
      let code = -1;
      while (stop < length) {
        code = text.charCodeAt(stop);
        if (code === separator || code === QUOTE || code === CR || code === LF) break;
        stop++;
      }
      cell += text.slice(position, stop);
      position = stop;
      if (stop >= length) break;
      if (code === QUOTE) {
        if (cell.trim() === '') {
          quoted = true;
          cell = '';
        } else cell += '"';
        position++;
      } else if (code === separator) {
        cells.push(cell);
        cell = '';
        position++;
      } else {
        end = position;
        position += code === CR && text.charCodeAt(position + 1) === LF ? 2 : 1;
        line++;
      }
    }
    cells.push(cell);
    // Without a break the record runs to the end of the text (an unclosed quote may end it on a break).
    const raw = end >= 0 ? text.slice(start, end) : text.slice(start, position).replace(/(\r\n|\n|\r)$/, '');
    if (cells.some((value) => value.trim() !== '')) records.push({ line: startLine, cells: cells.map((value) => value.trim()), raw });
  }
  return { delimiter, records };
}

/** Bytes that do not make a line a data line: ; , space tab " and the UTF-8 BOM's bytes (a lookup table, per byte). */
const EMPTY_BYTE = new Uint8Array(256);
for (const byte of [0x3b, 0x2c, 0x20, 0x09, 0x22, 0xef, 0xbb, 0xbf]) EMPTY_BYTE[byte] = 1;

/**
 * Data lines of a file (lines after the header with something other than separators, quotes and spaces),
 * counted on the bytes before any job starts: line breaks and these characters are the same bytes in UTF-8 and
 * Windows-1252, so the 60 MB file is not decoded into a string just to be counted.
 */
export function countDataLines(bytes: Uint8Array): number {
  let lines = 0;
  let filled = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (byte === LF || byte === CR) {
      if (filled) lines++;
      filled = false;
    } else if (EMPTY_BYTE[byte] === 0) filled = true;
  }
  if (filled) lines++;
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const head = Buffer.from(bytes.subarray(start, start + 8)).toString('latin1');
  const sepLines = /^"?sep=/i.test(head) ? 1 : 0;
  return Math.max(0, lines - sepLines - 1);
}
