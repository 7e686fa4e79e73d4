/**
 * SQL about sessions (migration 023_sessao.sql, docs/rules.md "Sign-in and sessions"): one row per sign-in, whose
 * id the token carries. Not bound to a company, like people.repository.ts: finding whose session a token is, and
 * in which company, is its job.
 */
import type { Person } from '@consig/shared/contracts';
import type { Db } from '../db';
import { PERSON_COLUMNS } from './people.repository';

/**
 * Why a session was revoked (sessao.co_motivo): 'Sair'; the password changed or reset (migration 026); the person
 * deactivated, or moved to another company (the trigger).
 */
export type RevokeReason = 'saiu' | 'senha';

/**
 * An open session's person as they are now, and whether they must first replace a temporary password
 * (pessoa.sn_trocar_senha, migration 026): such a session reaches only the change and 'Sair' (authenticate.ts).
 */
export type SessionPerson = Person & { mustChangePassword: boolean };

/** An open session of an active person: who they are now. */
const OPEN_SESSION = `sessao s join pessoa p on p.id_pessoa = s.id_pessoa join funcao f on f.id_funcao = p.id_funcao
  where s.ts_revogada is null and s.ts_expira > now() and p.sn_ativo = 1`;

export function createSessionsRepository({ db }: { db: Db }) {
  return {
    /**
     * Opens a session for the person until `expiresAt`, and forgets their sessions that ended more than a day ago:
     * the table keeps what a sign-in adds, never piling up.
     */
    async open(sessionId: string, personId: number, expiresAt: Date): Promise<void> {
      await db.query(
        `with gone as (delete from sessao where id_pessoa = $2 and coalesce(ts_revogada, ts_expira) < now() - interval '1 day')
         insert into sessao (id_sessao, id_pessoa, ts_expira) values ($1, $2, $3)`,
        [sessionId, personId, expiresAt],
      );
    },

    /** The person of an open session, as they are now; undefined when it was revoked, expired or they are inactive. */
    async personOf(sessionId: string): Promise<SessionPerson | undefined> {
      const [row] = await db.query<SessionPerson>(
        `select ${PERSON_COLUMNS}, coalesce(p.sn_trocar_senha = 1, false) as "mustChangePassword" from ${OPEN_SESSION} and s.id_sessao = $1`,
        [sessionId],
      );
      return row;
    },

    /**
     * Of these sessions, the open ones, each with its person as they are now (one statement for every socket). A
     * session whose person must first replace a temporary password is not among them: its sockets are closed.
     */
    async openOf(sessionIds: readonly string[]): Promise<Map<string, Person>> {
      const rows = await db.query<Person & { sessionId: string }>(
        `select s.id_sessao::text as "sessionId", ${PERSON_COLUMNS} from ${OPEN_SESSION}
            and p.sn_trocar_senha is distinct from 1 and s.id_sessao = any($1::uuid[])`,
        [sessionIds],
      );
      return new Map(rows.map(({ sessionId, ...person }) => [sessionId, person]));
    },

    /**
     * Revokes every open session of the person but `keep` (none kept when it is undefined), returning the ids it
     * revoked: a password changed or reset leaves no other copy of the old sign-in alive.
     */
    async revokeOfPerson(personId: number, reason: RevokeReason, keep?: string): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `update sessao set ts_revogada = now(), co_motivo = $2
          where id_pessoa = $1 and ts_revogada is null and id_sessao is distinct from $3::uuid
          returning id_sessao::text as id`,
        [personId, reason, keep ?? null],
      );
      return rows.map((row) => row.id);
    },

    /** Revokes the session (nothing when it already was). */
    async revoke(sessionId: string, reason: RevokeReason): Promise<void> {
      await db.query('update sessao set ts_revogada = now(), co_motivo = $2 where id_sessao = $1 and ts_revogada is null', [
        sessionId,
        reason,
      ]);
    },
  };
}
