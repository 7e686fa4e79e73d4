/**
 * SQL about passwords: the signed-in person's own (PUT /lnk/senha, bound to their company) and the recovery links
 * of 'Esqueceu sua senha?' (migration 027), which, like people.repository.ts, come before anyone is signed in and so
 * are found by e-mail or by the link's hash, in whichever company.
 */
import type { Db } from '../db';

/** What checking and changing a person's password needs. */
export interface Credentials {
  email: string;
  name: string;
  hash: string;
}

/** A recovery link, by its hash, with the person it is for. */
export interface RecoveryLink {
  id: number;
  personId: number;
  companyId: number;
  email: string;
  name: string;
  active: boolean;
  expiresAt: Date;
  usedAt: Date | null;
}

export function createPasswordsRepository({ db }: { db: Db }) {
  return {
    /** The e-mail, name and password hash of a person of the company; undefined when none. */
    async credentialsOf(personId: number, companyId: number): Promise<Credentials | undefined> {
      const [row] = await db.query<Credentials>(
        'select em_email as email, de_pessoa as name, pw_senha as hash from pessoa where id_pessoa = $1 and id_empresa = $2',
        [personId, companyId],
      );
      return row;
    },

    /** Stores a new password hash; the person no longer has to replace a temporary password. */
    async setPassword(personId: number, companyId: number, hash: string): Promise<void> {
      await db.query('update pessoa set pw_senha = $3, sn_trocar_senha = 0 where id_pessoa = $1 and id_empresa = $2', [
        personId,
        companyId,
        hash,
      ]);
    },

    /**
     * A new link for the person, valid until `expiresAt`; the older links still pending expire at `at`, so only the
     * latest e-mail works.
     */
    async createLink(personId: number, tokenHash: string, at: Date, expiresAt: Date): Promise<void> {
      await db.query(`update recuperacao_senha set ts_expira = $2 where id_pessoa = $1 and ts_usada is null and ts_expira > $2`, [
        personId,
        at.toISOString(),
      ]);
      await db.query('insert into recuperacao_senha (id_pessoa, tx_hash, ts_criada, ts_expira) values ($1, $2, $3, $4)', [
        personId,
        tokenHash,
        at.toISOString(),
        expiresAt.toISOString(),
      ]);
    },

    /** The link of this hash, locked until the transaction ends (two tabs cannot both use it); undefined when none. */
    async linkForUpdate(tokenHash: string): Promise<RecoveryLink | undefined> {
      const [row] = await db.query<RecoveryLink>(
        `select r.id_recuperacao as id, p.id_pessoa as "personId", p.id_empresa as "companyId", p.em_email as email,
                p.de_pessoa as name, p.sn_ativo = 1 as active, r.ts_expira as "expiresAt", r.ts_usada as "usedAt"
           from recuperacao_senha r join pessoa p on p.id_pessoa = r.id_pessoa
          where r.tx_hash = $1
            for update of r`,
        [tokenHash],
      );
      return row;
    },

    async markUsed(linkId: number, at: Date): Promise<void> {
      await db.query('update recuperacao_senha set ts_usada = $2 where id_recuperacao = $1', [linkId, at.toISOString()]);
    },
  };
}
