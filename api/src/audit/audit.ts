import { isAuditAction } from '@consig/shared/contracts';
import type { Db } from '../db';

/** One row of the audit (docs/rules.md "Audit"): who (personId, of companyId) did what, from which address. */
export interface AuditEntry {
  companyId: number;
  personId: number;
  /** One of AUDIT_ACTIONS (@consig/shared/contracts). */
  action: string;
  /** The client's address (request.ip); null when no request caused it (a job, a threshold crossed). */
  address: string | null;
  detail?: Record<string, unknown>;
  /** The values before and after a change; left out when the action changes nothing (an export, a listen). */
  before?: unknown;
  after?: unknown;
}

/** Undefined and null are both "no value": SQL null, not the JSON literal null. */
const jsonOrNull = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value));

/**
 * Writes one audit row. Call it with the transaction of the change it records (`tx`), so that the change and its
 * record are committed, or rolled back, together.
 */
export async function recordAudit(db: Pick<Db, 'query'>, entry: AuditEntry): Promise<void> {
  // The database checks only an action's form (migration 025); which actions exist is the shared list's to say.
  if (!isAuditAction(entry.action)) throw new Error(`Ação de auditoria desconhecida: ${entry.action}`);
  await db.query(
    `insert into auditoria (id_empresa, id_pessoa, tp_acao, de_endereco, js_detalhe, js_antes, js_depois)
     values ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7::jsonb)`,
    [
      entry.companyId,
      entry.personId,
      entry.action,
      entry.address,
      JSON.stringify(entry.detail ?? {}),
      jsonOrNull(entry.before),
      jsonOrNull(entry.after),
    ],
  );
}
