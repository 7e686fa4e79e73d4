/**
 * SQL about the people who sign in, as sign-in and the bearer hook need them. The one repository NOT bound to a
 * company: finding the caller's current company is its job. (Pattern: src/attendant/attendant.repository.ts.)
 */
import type { Person } from '@consig/shared/contracts';
import type { Db } from '../db';

/** The person as `request.pessoa` carries them, from `pessoa p join funcao f`. */
export const PERSON_COLUMNS = `p.id_pessoa as "ID_Pessoa", p.id_funcao as "ID_Funcao", p.de_pessoa as "DE_Pessoa",
  f.de_funcao as "DE_Funcao", p.sn_telefonia as "SN_Telefonia", p.id_empresa as "ID_Empresa"`;

export function createPeopleRepository({ db }: { db: Db }) {
  return {
    /**
     * Who signs in with this e-mail (lower case), with their password hash and whether it is a temporary one to
     * replace (sn_trocar_senha, migration 026); undefined when nobody active has it.
     */
    async findActiveByEmail(email: string): Promise<(Person & { pw_senha: string; sn_trocar_senha: number }) | undefined> {
      const [row] = await db.query<Person & { pw_senha: string; sn_trocar_senha: number }>(
        `select ${PERSON_COLUMNS}, p.pw_senha, p.sn_trocar_senha from pessoa p join funcao f on f.id_funcao = p.id_funcao
          where lower(p.em_email) = $1 and p.sn_ativo = 1`,
        [email],
      );
      return row;
    },
  };
}
