import { CSV_BOM, csvLine } from '../http/csv';
import { actionLabel, createAuditRepository, type AuditFilter } from './audit.repository';
import type { AuditPosition } from './auditCursor';

/** Rows read per statement of the export: a page at a time, so a large audit is never in memory whole. */
export const AUDIT_CSV_PAGE = 1000;

const HEADER = ['ID', 'Data e hora', 'ID da pessoa', 'Pessoa', 'Ação', 'Descrição', 'Endereço', 'Detalhe', 'Antes', 'Depois'];

/**
 * The audit of the filter as CSV text (docs/rules.md "CSV files": BOM, ';', CRLF, formula-safe cells), newest
 * first, yielded a page at a time as the reader asks for it: a download the client abandons reads no further page.
 */
export async function* auditCsv(repository: ReturnType<typeof createAuditRepository>, filter: AuditFilter): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(HEADER);
  let after: AuditPosition | null = null;
  for (;;) {
    const rows = await repository.csvPage(filter, after, AUDIT_CSV_PAGE);
    if (rows.length === 0) return;
    yield rows
      .map(({ row }) =>
        csvLine([
          row.id,
          row.at,
          row.personId,
          row.person,
          row.action,
          actionLabel(row.action),
          row.address,
          row.detail,
          row.before,
          row.after,
        ]),
      )
      .join('');
    if (rows.length < AUDIT_CSV_PAGE) return;
    after = rows[rows.length - 1].position;
  }
}
