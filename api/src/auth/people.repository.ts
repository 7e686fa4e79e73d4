/**
 * SQL about the people who sign in, as the bearer hook needs them. The one repository NOT bound to a
 * company: finding the caller's current company is its job. (Pattern: src/attendant/attendant.repository.ts.)
 */
import type { Pessoa } from '@consig/shared/contracts';
import type { Db } from '../db';

export function createPeopleRepository({ db }: { db: Db }) {
  return {
    /** The person as they are now (role, company, name, telephony); undefined when deleted or inactive. */
    async findActive(personId: number): Promise<Pessoa | undefined> {
      const [row] = await db.query<Pessoa>(
        `select p.id_pessoa as "ID_Pessoa", p.id_funcao as "ID_Funcao", p.de_pessoa as "DE_Pessoa",
                f.de_funcao as "DE_Funcao", p.sn_telefonia as "SN_Telefonia", p.id_empresa as "ID_Empresa"
           from pessoa p join funcao f on f.id_funcao = p.id_funcao
          where p.id_pessoa = $1 and p.sn_ativo = 1`,
        [personId],
      );
      return row;
    },
  };
}
