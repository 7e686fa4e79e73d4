import { Readable } from 'node:stream';
import * as z from 'zod/mini';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, proposalFilterPathParams } from '@consig/shared/contracts';
import { companyScope, type CompanyScope } from '../auth/scope';
import type { Db } from '../db/db';
import { createFollowUpRepository, type ProposalExportRow } from './followup.repository';
import { filterPathShapes } from './followupRoutes';
import type { ListPosition } from './listCursor';
import { describeFilter, proposalFilterOf, type ProposalFilter } from './proposalFilter';
import { CSV_BOM, CSV_HEADER, csvLine, proposalCsvLine } from './proposalCsv';

/**
 * Rows per database round trip (~1 MB of CSV; 10,000 spends ~20% less database time per row than 2,000).
 * Memory stays about one batch.
 */
export const EXPORT_BATCH = 10_000;

type FollowUp = ReturnType<typeof createFollowUpRepository>;

/**
 * The rows, batch by batch. On a PostgreSQL server, ONE query through a cursor (one plan, as `\copy` uses) in a
 * read-only transaction on a pooled connection held for the download. On PGlite the single connection would
 * stall every other request meanwhile, so there the export walks the list's keyset (index range scans, the
 * same order as the screen), one short query per batch.
 */
async function* exportRows(scope: CompanyScope, filter: ProposalFilter): AsyncGenerator<ProposalExportRow[]> {
  if (!scope.db.singleConnection) {
    yield* inTransaction(scope.db, (tx) => createFollowUpRepository({ ...scope, db: tx }).exportCursor(filter, EXPORT_BATCH));
    return;
  }
  const proposals: FollowUp = createFollowUpRepository(scope);
  let after: ListPosition | null = null;
  for (;;) {
    const rows = await proposals.exportBatch(filter, after, EXPORT_BATCH);
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_BATCH) return;
    after = rows[rows.length - 1].position;
  }
}

/** A promise and the function that settles it. */
function signal<T>() {
  let settle!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (settle = resolve));
  return { promise, settle };
}

/**
 * `produce`'s items, pulled one at a time, produced inside `db.transaction` (whose callback must resolve for the
 * transaction to end). When the consumer stops early (`return`: the client went away), the producer is told to
 * stop and the transaction commits before this generator finishes; an error inside rolls it back and is thrown
 * here.
 */
async function* inTransaction<T>(db: Db, produce: (tx: Db) => AsyncIterable<T>): AsyncGenerator<T> {
  let wanted = signal<boolean>(); // true: produce the next item; false: stop
  let item = signal<IteratorResult<T>>();
  let stopped = false; // also seen by a producer that has just replaced `wanted`
  const finished = db.transaction(async (tx) => {
    if (stopped || !(await wanted.promise)) return;
    for await (const value of produce(tx)) {
      wanted = signal();
      item.settle({ value, done: false });
      if (stopped || !(await wanted.promise)) return;
    }
    item.settle({ value: undefined, done: true });
  });
  // An error reaches the consumer as its next item's.
  const failed = finished.then(
    () => null,
    (err: unknown) => ({ err }),
  );
  try {
    for (;;) {
      item = signal();
      wanted.settle(true);
      const next = await Promise.race([item.promise, failed]);
      if (next === null) return;
      if ('err' in next) throw next.err;
      if (next.done) return;
      yield next.value;
    }
  } finally {
    stopped = true;
    wanted.settle(false);
    await failed;
  }
}

/** The CSV text, batch by batch. */
async function* exportCsv(scope: CompanyScope, filter: ProposalFilter): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(CSV_HEADER);
  for await (const rows of exportRows(scope, filter)) yield rows.map(proposalCsvLine).join('');
}

/**
 * The response body, pulled by the socket as the client reads (backpressure). One formatted batch waits ready
 * (the next batch's query runs meanwhile, and the database and JavaScript's formatting use both cores); not
 * the default 16 chunks, which could hold 16 batches when the client reads slowly.
 */
const exportStream = (chunks: AsyncGenerator<string>) => Readable.from(chunks, { highWaterMark: 1 });

/** GET /crm/proposta/csv/...: the list's filters and scoping, every matching row, as propostas.csv. */
export const proposalExportRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const url of filterPathShapes('/crm/proposta/csv')) {
    app.get(
      url,
      {
        schema: {
          tags: ['Propostas'],
          summary:
            'Exporta as propostas do filtro (mesmos caminhos, filtros e escopo da lista) como propostas.csv: UTF-8 com BOM, ' +
            '";", vírgula decimal, datas dd/mm/aaaa. Cada exportação fica na auditoria (LGPD).',
          params: proposalFilterPathParams,
          response: { 200: z.string(), 400: errorResponse },
        },
      },
      async (request, reply) => {
        const filter = proposalFilterOf(request.params, request.pessoa);
        const scope = companyScope(request);
        await createFollowUpRepository(scope).auditExport(request.pessoa.ID_Pessoa, describeFilter(filter));
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="propostas.csv"')
          .header('cache-control', 'no-store')
          // A stream is sent as it is (never serialized); the 200 schema documents the CSV text it carries.
          .send(exportStream(exportCsv(scope, filter)) as unknown as string);
      },
    );
  }
};
