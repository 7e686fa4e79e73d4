import type { FastifyRequest } from 'fastify';
import type { Db } from '../db';

/**
 * What every feature repository is created with: a database handle (the app's, or a transaction's
 * `tx`) and the company every one of its statements is bound to.
 */
export interface CompanyScope {
  readonly db: Db;
  readonly companyId: number;
}

/** The scope of a signed-in request: the caller's CURRENT company (set by the bearer hook). */
export function companyScope(request: FastifyRequest): CompanyScope {
  return { db: request.server.db, companyId: request.pessoa.ID_Empresa };
}
