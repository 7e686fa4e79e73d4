/**
 * The whole file to lines and rejections: the job's part that needs no database; and the checks of the file's
 * shape the upload makes before accepting it. Both read in slices (files/timeSlices.ts): a 60 MB file never holds
 * up the API's other requests.
 */
import { IMPORT_MAX_COLUMNS, IMPORT_MAX_LINE_CHARS, IMPORT_TEXT } from '@consig/shared/contracts';
import { csvRecordsInSlices, decodeSteps, type CsvRecord } from '../files/csvText';
import { runInSlices, timeSlices, type Turn } from '../files/timeSlices';
import { mapHeader, type ColumnMap } from './header';
import { readLine, type ImportLine, type ReadOptions, type Rejection } from './lineRules';

export type ReadResult = { lines: ImportLine[]; rejected: Rejection[] } | { error: string };

/** Lines read between two calls of `onProgress` (which throttles what it publishes). */
export const READ_STEP_LINES = 1000;

/** The sheet as the import reads it: its header, then its data lines; or the refusal of the whole file. */
type SheetItem = { header: string[] } | { record: CsvRecord } | { refused: string };

/**
 * The file's non-blank records in slices, the first being the header. A header of more than IMPORT_MAX_COLUMNS
 * columns, or any line (blank ones too) longer than IMPORT_MAX_LINE_CHARS, refuses the whole file and ends the
 * reading: such lines are measured, never kept, so a hostile one costs neither memory nor a long step.
 */
async function* sheet(bytes: Uint8Array, turn: Turn): AsyncGenerator<SheetItem, void> {
  const { pieces } = await runInSlices(decodeSteps(bytes), turn);
  let headerRead = false;
  for await (const record of csvRecordsInSlices(pieces, IMPORT_MAX_LINE_CHARS, turn)) {
    const isHeader = !headerRead && !record.blank;
    if (isHeader && record.columns > IMPORT_MAX_COLUMNS) {
      yield { refused: IMPORT_TEXT.tooManyColumns(record.columns) };
      return;
    }
    if (record.length > IMPORT_MAX_LINE_CHARS) {
      yield { refused: IMPORT_TEXT.lineTooLong(record.line) };
      return;
    }
    if (record.blank) continue;
    headerRead = true;
    yield isHeader ? { header: record.cells } : { record };
  }
}

/** Why the upload refuses this file as a whole (too many columns, a line too long), or undefined when it does not. */
export async function checkImportFile(bytes: Uint8Array, turn: Turn): Promise<string | undefined> {
  for await (const item of sheet(bytes, turn)) if ('refused' in item) return item.refused;
  return undefined;
}

/**
 * Reads every data line. `onProgress(linesRead)` is awaited every READ_STEP_LINES lines and once at the end, so
 * the job can publish its progress while a 50,000-line file is read.
 */
export async function readImportFile(
  bytes: Uint8Array,
  options: ReadOptions,
  onProgress: (linesRead: number) => Promise<void> = async () => undefined,
): Promise<ReadResult> {
  const turn = timeSlices();
  let columns: ColumnMap | undefined;
  const lines: ImportLine[] = [];
  const rejected: Rejection[] = [];
  let read = 0;
  for await (const item of sheet(bytes, turn)) {
    if ('refused' in item) return { error: item.refused };
    if ('header' in item) {
      columns = mapHeader(item.header);
      if (columns.single.cpf === undefined) return { error: IMPORT_TEXT.noCpfColumn };
      continue;
    }
    // The header always comes first: `columns` is set.
    if (!columns) continue;
    const line = readLine(item.record, columns, options);
    if ('ok' in line) lines.push(line.ok);
    else rejected.push(line.rejected);
    read++;
    if (read % READ_STEP_LINES === 0) await onProgress(read);
    await turn();
  }
  if (!columns) return { error: IMPORT_TEXT.empty };
  await onProgress(read);
  return { lines, rejected };
}
