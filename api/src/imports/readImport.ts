/** The whole file to lines and rejections: the job's part that needs no database. */
import { IMPORT_TEXT } from '@consig/shared/contracts';
import { decodeText, parseCsv } from './csvText';
import { mapHeader } from './header';
import { readLine, type ImportLine, type ReadOptions, type Rejection } from './lineRules';

export type ReadResult = { lines: ImportLine[]; rejected: Rejection[] } | { error: string };

export function readImportFile(bytes: Uint8Array, options: ReadOptions): ReadResult {
  const { records } = parseCsv(decodeText(bytes).text);
  if (records.length === 0) return { error: IMPORT_TEXT.empty };
  const columns = mapHeader(records[0].cells);
  if (columns.single.cpf === undefined) return { error: IMPORT_TEXT.noCpfColumn };
  const lines: ImportLine[] = [];
  const rejected: Rejection[] = [];
  for (const record of records.slice(1)) {
    const read = readLine(record, columns, options);
    if ('ok' in read) lines.push(read.ok);
    else rejected.push(read.rejected);
  }
  return { lines, rejected };
}
