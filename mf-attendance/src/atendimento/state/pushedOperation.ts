import { operation, type Operation } from '@consig/shared';

export type PushedOperation = Partial<Operation> & { OperacaoID: number };

/**
 * The operation fields of an `attendance.operation-update@1` push (alert 1087), each checked against the
 * operation contract: a field of the wrong type is left out rather than written into a card. Without an
 * integer OperacaoID there is nothing to merge into, so the push is ignored (null).
 */
export function pushedOperation(record: Record<string, unknown>): PushedOperation | null {
  const picked: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(operation.shape)) {
    if (!(key in record)) continue;
    const parsed = schema.safeParse(record[key]);
    if (parsed.success) picked[key] = parsed.data;
  }
  return typeof picked.OperacaoID === 'number' ? (picked as PushedOperation) : null;
}
