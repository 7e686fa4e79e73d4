/**
 * From an uploaded file's bytes (dataUrl.ts) to records (docs/rules.md "CSV imports and provider batches"): what
 * Brazilian spreadsheets produce — UTF-8 with or without BOM, or Windows-1252 (Excel's plain "CSV"), `;` or `,`
 * between fields, an optional `sep=;` first line, quoted fields with `""` escapes and line breaks inside quotes.
 * Read by imports and suppression lists; every pass over a file is written as steps (timeSlices.ts), which an
 * import runs in slices.
 */
import { runAtOnce, type Turn } from './timeSlices';

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

/** Bytes decoded per step (decodeSteps): about a millisecond. */
const DECODE_STEP = 256 * 1024;

/**
 * The file's text without BOM, decoded a quarter of a megabyte per step into as many pieces: UTF-8 when every byte is, else
 * Windows-1252 from the start. A streaming decoder, so a character split between two steps is read whole; it drops
 * a BOM at the start by itself (ignoreBOM false). Pieces, not one string: csvSteps reads them as they are.
 */
export function* decodeSteps(bytes: Uint8Array): Generator<void, { pieces: string[]; encoding: Encoding }> {
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  const pieces: string[] = [];
  try {
    for (let from = 0; from < bytes.length; from += DECODE_STEP) {
      pieces.push(utf8.decode(bytes.subarray(from, from + DECODE_STEP), { stream: from + DECODE_STEP < bytes.length }));
      yield;
    }
    return { pieces, encoding: 'utf-8' };
  } catch {
    pieces.length = 0;
  }
  for (let from = 0; from < bytes.length; from += DECODE_STEP) {
    pieces.push(decodeWindows1252(bytes.subarray(from, from + DECODE_STEP)));
    yield;
  }
  return { pieces, encoding: 'windows-1252' };
}

/** The file's text without BOM (decodeSteps at once). */
export function decodeText(bytes: Uint8Array): { text: string; encoding: Encoding } {
  const { pieces, encoding } = runAtOnce(decodeSteps(bytes));
  return { text: pieces.join(''), encoding };
}

export type Delimiter = ';' | ',';

/** A CSV record with the 1-based line of the file it starts on and its original text. */
export interface CsvRecord {
  line: number;
  cells: string[];
  raw: string;
}

/**
 * A record as the reader meets it, blank ones included (`blank`: every cell empty or spaces). `columns` and
 * `length` (its characters, line breaks inside quotes included, its own line break not) are there even when it is
 * longer than the reader's `maxLength`: such a record is measured, not kept (`cells` and `raw` empty), so a
 * hostile line costs no memory.
 */
export interface MeasuredRecord extends CsvRecord {
  columns: number;
  length: number;
  blank: boolean;
}

const SEP_LINE = /^"?sep=(.)"?\s*$/i;

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;
const COMMA = 0x2c;
const SEMICOLON = 0x3b;

/**
 * The `,` and `;` of the first line outside quotes, counted as the line is read, maybe in pieces. A quote opens
 * a quoted part up to the next quote; what an unclosed one holds counts (the line with every `"…"` removed).
 */
class SeparatorCount {
  private comma = 0;
  private semicolon = 0;
  private quoted = false;
  private quotedComma = 0;
  private quotedSemicolon = 0;

  add(text: string, from: number, to: number): void {
    for (let i = from; i < to; i++) {
      const code = text.charCodeAt(i);
      if (code === QUOTE) {
        this.quoted = !this.quoted;
        this.quotedComma = 0;
        this.quotedSemicolon = 0;
      } else if (code === COMMA) {
        if (this.quoted) this.quotedComma++;
        else this.comma++;
      } else if (code === SEMICOLON) {
        if (this.quoted) this.quotedSemicolon++;
        else this.semicolon++;
      }
    }
  }

  /** Excel pt-BR writes `;` because `,` is the decimal separator, so a tie goes to `;`. */
  delimiter(): Delimiter {
    const comma = this.comma + (this.quoted ? this.quotedComma : 0);
    const semicolon = this.semicolon + (this.quoted ? this.quotedSemicolon : 0);
    return comma > semicolon ? ',' : ';';
  }
}

/** The `sep=` line's delimiter, else the one the header line uses more (outside quotes). */
function delimiterOf(firstLine: string, count: SeparatorCount): Delimiter {
  const sep = SEP_LINE.exec(firstLine);
  if (sep) return sep[1] === ',' ? ',' : ';';
  return count.delimiter();
}

/** The delimiter of a file whose first line is `firstLine`: the `sep=` line when present, else the header's. */
export function detectDelimiter(firstLine: string): Delimiter {
  const count = new SeparatorCount();
  count.add(firstLine, 0, firstLine.length);
  return delimiterOf(firstLine, count);
}

/** Lines that `text[from, to)` adds inside a quoted cell (\r\n, \n or \r, each one line). */
function lineBreaks(text: string, from: number, to: number): number {
  let breaks = 0;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code === LF || (code === CR && text.charCodeAt(i + 1) !== LF)) breaks++;
  }
  return breaks;
}

/** What String.prototype.trim removes: white space and line terminators. */
const SPACE = /^[\s\uFEFF]$/;

/**
 * `text[from, to)` holds only what trim removes, read in place: a line of millions of cells, measured and not kept,
 * then allocates nothing per cell.
 */
function isBlank(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isSpace(text.charCodeAt(i))) return false;
  return true;
}

function isSpace(code: number): boolean {
  if (code === 0x20 || (code >= 0x09 && code <= 0x0d)) return true;
  return code > 0x7f && SPACE.test(String.fromCharCode(code));
}

/** Where the text of `[start, end)` ends without one final line break (\r\n, \n or \r). */
function withoutFinalBreak(text: string, start: number, end: number): number {
  const last = end > start ? text.charCodeAt(end - 1) : -1;
  if (last === LF) return end - 1 > start && text.charCodeAt(end - 2) === CR ? end - 2 : end - 1;
  return last === CR ? end - 1 : end;
}

/**
 * Work between two points where the parser may pause (each yield of csvSteps), about a millisecond: a character
 * read counts 1, each turn of the parser's loop (a cell, a quote, a piece of a long cell) CELL_WORK more, so a line
 * of millions of one-letter cells pauses as often as one long cell.
 */
const STEP = 64 * 1024;
const CELL_WORK = 128;

/**
 * The parser, as steps: yields each record (blank ones too) once it is complete, and `undefined` at the points in
 * between where a caller may pause; returns the delimiter. The `sep=` line is consumed; blank lines keep their
 * numbers counted, so every record's `line` is the line a spreadsheet shows. A quote opens a quoted cell only at the
 * cell's start (spaces before it allowed); elsewhere it is an ordinary character. Records longer than `maxLength`
 * are measured, not kept (MeasuredRecord); so is a first line longer than it, which then is no `sep=` line.
 *
 * The text comes in pieces (decodeSteps') and is read through a window: the current record and the next
 * piece, never one string of the whole file, which V8 would copy whole (tens of milliseconds) at the first read.
 * Cells are slices of the window between the special characters, not built a character at a time: a 50,000-line
 * file is ~500,000 cells. Every scan stops after STEP characters to let the caller pause, the first line's included:
 * a hostile file may be one line, or one cell.
 */
export function* csvSteps(pieces: readonly string[], maxLength = Infinity): Generator<MeasuredRecord | undefined, Delimiter> {
  // The first line decides the delimiter (detectDelimiter), counted as it is read, kept while it could be `sep=`.
  const count = new SeparatorCount();
  let firstLine = '';
  let firstLength = 0;
  let firstBreak = false;
  for (const piece of pieces) {
    for (let from = 0; from < piece.length && !firstBreak; from += STEP) {
      const to = Math.min(piece.length, from + STEP);
      let i = from;
      while (i < to && piece.charCodeAt(i) !== CR && piece.charCodeAt(i) !== LF) i++;
      count.add(piece, from, i);
      firstLength += i - from;
      firstLine = firstLength <= maxLength ? firstLine + piece.slice(from, i) : '';
      firstBreak = i < to;
      yield undefined;
    }
    if (firstBreak) break;
  }
  const delimiter = delimiterOf(firstLine, count);
  const separator = delimiter.charCodeAt(0);

  /** The window: the text from the current record's start (from `position` once it is not kept). */
  let text = '';
  let length = 0;
  let next = 0;
  /** The first quote at or after `position` in the window while inside quotes: -1 when none, -2 before looking. */
  let nextQuote = -2;
  /** Appends the next piece, dropping the window before `keepFrom`, by which every position moves back. */
  const refill = (keepFrom: number) => {
    text = text.slice(keepFrom) + pieces[next++];
    length = text.length;
    nextQuote = -2;
  };
  const more = () => next < pieces.length;

  let line = 1;
  let position = 0;
  if (SEP_LINE.test(firstLine)) {
    if (!firstBreak) return delimiter;
    while (length < firstLength + 2 && more()) refill(0);
    position = firstLength + (text.startsWith('\r\n', firstLength) ? 2 : 1);
    line = 2;
  }
  /** Characters read since the last pause point. */
  let work = 0;
  for (;;) {
    if (position >= length) {
      if (!more()) break;
      refill(position);
      position = 0;
      continue;
    }
    let start = position;
    const startLine = line;
    const cells: string[] = [];
    let columns = 0;
    let blank = true;
    /** False once the record is longer than maxLength (with room for its line break): measured from then on. */
    let kept = true;
    let cell = '';
    /** The cell holds nothing but spaces so far (a quote there opens a quoted cell). */
    let cellBlank = true;
    let quoted = false;
    /** Where the record's text ends before its line break; -1 while no break was met. */
    let end = -1;
    while (end < 0) {
      // One character past `position` stays in the window (for \r\n and ""), unless the text ends.
      if (position + 1 >= length && more()) {
        const keepFrom = kept ? start : position;
        refill(keepFrom);
        position -= keepFrom;
        start -= keepFrom;
        continue;
      }
      if (position >= length) break;
      if (work >= STEP) {
        work = 0;
        yield undefined;
      }
      if (kept && position - start > maxLength + 2) {
        kept = false;
        cells.length = 0;
        cell = '';
      }
      /** Where a scan must stop: the window's last character is read only once it is the text's. */
      const avail = more() ? length - 1 : length;
      if (!kept && !quoted) {
        // Measured only: the cells up to the next quote or line break are counted in one tight loop.
        const limit = Math.min(avail, position + STEP);
        let i = position;
        for (; i < limit; i++) {
          const code = text.charCodeAt(i);
          if (code === separator) {
            columns++;
            blank &&= cellBlank;
            cellBlank = true;
          } else if (code === QUOTE || code === CR || code === LF) break;
          else if (cellBlank && !isSpace(code)) cellBlank = false;
        }
        work += i - position;
        position = i;
        if (i >= limit) continue;
      }
      if (quoted) {
        if (nextQuote !== -1 && nextQuote < position) nextQuote = text.indexOf('"', position);
        const close = nextQuote >= 0 && nextQuote < avail ? nextQuote : -1;
        const stop = Math.min(close < 0 ? avail : close, position + STEP);
        line += lineBreaks(text, position, stop);
        if (kept) cell += text.slice(position, stop);
        cellBlank &&= isBlank(text, position, stop);
        work += stop - position + CELL_WORK;
        if (stop !== close) position = stop;
        else if (text.charCodeAt(close + 1) === QUOTE) {
          if (kept) cell += '"';
          cellBlank = false;
          position = close + 2;
        } else {
          quoted = false;
          position = close + 1;
        }
        continue;
      }
      const limit = Math.min(avail, position + STEP);
      let stop = position;
      let code = -1;
      while (stop < limit) {
        code = text.charCodeAt(stop);
        if (code === separator || code === QUOTE || code === CR || code === LF) break;
        stop++;
      }
      if (kept) cell += text.slice(position, stop);
      cellBlank &&= isBlank(text, position, stop);
      work += stop - position + CELL_WORK;
      position = stop;
      // The step ended inside the cell (or the window, or the text, did): the cell goes on.
      if (stop >= limit) continue;
      if (code === QUOTE) {
        if (cellBlank) {
          quoted = true;
          cell = '';
        } else {
          if (kept) cell += '"';
          cellBlank = false;
        }
        position++;
      } else if (code === separator) {
        if (kept) cells.push(cell);
        columns++;
        blank &&= cellBlank;
        cell = '';
        cellBlank = true;
        position++;
      } else {
        end = position;
        position += code === CR && text.charCodeAt(position + 1) === LF ? 2 : 1;
        line++;
      }
    }
    columns++;
    blank &&= cellBlank;
    // Without a break the record runs to the end of the text (an unclosed quote may end it on a break).
    const rawEnd = end >= 0 ? end : withoutFinalBreak(text, Math.max(start, 0), position);
    const recordLength = rawEnd - start;
    kept &&= recordLength <= maxLength;
    if (kept) cells.push(cell);
    work += CELL_WORK;
    yield {
      line: startLine,
      cells: kept ? cells.map((value) => value.trim()) : [],
      raw: kept ? text.slice(start, rawEnd) : '',
      columns,
      length: recordLength,
      blank,
    };
  }
  return delimiter;
}

/** Splits the whole text into its non-blank records at once (csvSteps without pauses). */
export function parseCsv(text: string): { delimiter: Delimiter; records: CsvRecord[] } {
  const records: CsvRecord[] = [];
  const steps = csvSteps([text]);
  for (;;) {
    const step = steps.next();
    if (step.done) return { delimiter: step.value, records };
    const record = step.value;
    if (record && !record.blank) records.push({ line: record.line, cells: record.cells, raw: record.raw });
  }
}

/** Every record of the text's pieces (blank ones included, see MeasuredRecord), the parse pausing on `turn` as it goes. */
export async function* csvRecordsInSlices(pieces: readonly string[], maxLength: number, turn: Turn): AsyncGenerator<MeasuredRecord, void> {
  const steps = csvSteps(pieces, maxLength);
  for (let step = steps.next(); !step.done; step = steps.next()) {
    if (step.value) yield step.value;
    else await turn();
  }
}

/** Bytes that do not make a line a data line: ; , space tab " and the UTF-8 BOM's bytes (a lookup table, per byte). */
const EMPTY_BYTE = new Uint8Array(256);
for (const byte of [0x3b, 0x2c, 0x20, 0x09, 0x22, 0xef, 0xbb, 0xbf]) EMPTY_BYTE[byte] = 1;

/** Bytes counted per step (dataLineSteps): about a millisecond. */
const COUNT_STEP = 256 * 1024;

/**
 * Data lines of a file (lines after the header with something other than separators, quotes and spaces),
 * counted on the bytes before any job starts, a step at a time: line breaks and these characters are the same
 * bytes in UTF-8 and Windows-1252, so the 60 MB file is not decoded into a string just to be counted.
 */
export function* dataLineSteps(bytes: Uint8Array): Generator<void, number> {
  let lines = 0;
  let filled = false;
  for (let from = 0; from < bytes.length; from += COUNT_STEP) {
    const to = Math.min(bytes.length, from + COUNT_STEP);
    for (let i = from; i < to; i++) {
      const byte = bytes[i];
      if (byte === LF || byte === CR) {
        if (filled) lines++;
        filled = false;
      } else if (EMPTY_BYTE[byte] === 0) filled = true;
    }
    yield;
  }
  if (filled) lines++;
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const head = Buffer.from(bytes.subarray(start, start + 8)).toString('latin1');
  const sepLines = /^"?sep=/i.test(head) ? 1 : 0;
  return Math.max(0, lines - sepLines - 1);
}

/** dataLineSteps at once. */
export function countDataLines(bytes: Uint8Array): number {
  return runAtOnce(dataLineSteps(bytes));
}
