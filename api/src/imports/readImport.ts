/** The whole file to lines and rejections: the job's part that needs no database. */
import { IMPORT_TEXT } from '@consig/shared/contracts';
import { decodeText, parseCsv } from '../files/csvText';
import { mapHeader } from './header';
import { readLine, type ImportLine, type ReadOptions, type Rejection } from './lineRules';

export type ReadResult = { lines: ImportLine[]; rejected: Rejection[] } | { error: string };

/** Lines read between two calls of `onProgress` (which throttles what it publishes). */
export const READ_STEP_LINES = 1000;

/**
 * Reads every data line. `onProgress(linesRead)` is awaited every READ_STEP_LINES lines and once at the end, so
 * the job can publish its progress (and give the event loop a turn) while a 50,000-line file is read.
 */
export async function readImportFile(
  bytes: Uint8Array,
  options: ReadOptions,
  onProgress: (linesRead: number) => Promise<void> = async () => undefined,
): Promise<ReadResult> {
  const { records } = parseCsv(decodeText(bytes).text);
  if (records.length === 0) return { error: IMPORT_TEXT.empty };
  const columns = mapHeader(records[0].cells);
  if (columns.single.cpf === undefined) return { error: IMPORT_TEXT.noCpfColumn };
  const lines: ImportLine[] = [];
  const rejected: Rejection[] = [];
  for (let i = 1; i < records.length; i++) {
    const read = readLine(records[i], columns, options);
    if ('ok' in read) lines.push(read.ok);
    else rejected.push(read.rejected);
    if (i % READ_STEP_LINES === 0) await onProgress(i);
  }
  await onProgress(records.length - 1);
  return { lines, rejected };
}
