/**
 * SQL of a client's documents (migration 017; docs/rules.md "Client documents"). Pattern: attendant.repository.ts.
 * Every statement is bound to the caller's company: another company's client or document does not exist here.
 */
import type { ClientDocument, ClientDocumentMediaType } from '@consig/shared/contracts';
import type { CompanyScope } from '../auth/scope';
import { saoPauloInstant } from '../db/saoPauloTime';
import type { UploadedFile } from '../files/uploadedFile';

/** A document's file as it is served: its bytes, the type they were checked to be, and its name. */
export interface StoredDocument extends UploadedFile<ClientDocumentMediaType> {
  name: string;
}

export function createClientDocumentsRepository({ db, companyId }: CompanyScope) {
  const clientExists = async (clientId: number) =>
    (await db.query('select 1 from cliente where id_empresa = $1 and id_cliente = $2', [companyId, clientId])).length > 0;

  return {
    /** The client's documents, newest first (without their bytes); undefined when the client is not this company's. */
    async list(clientId: number): Promise<ClientDocument[] | undefined> {
      if (!(await clientExists(clientId))) return undefined;
      return db.query<ClientDocument>(
        `select d.id_documento as "DocumentoID", d.id_cliente as "ID_Cliente", d.id_tipo_documento as "ID_TipoDocumento",
                t.de_tipo_documento as "DE_TipoDocumento", d.no_arquivo as "NO_Arquivo", d.tp_arquivo as "TP_Arquivo",
                d.nu_bytes as "NU_Bytes", ${saoPauloInstant('d.ts_envio')} as "TS_Envio", p.de_pessoa as "DE_Pessoa"
           from cliente_documento d
           join tipo_documento t on t.id_tipo_documento = d.id_tipo_documento
           join pessoa p on p.id_empresa = d.id_empresa and p.id_pessoa = d.id_pessoa
          where d.id_empresa = $1 and d.id_cliente = $2
          order by d.id_documento desc`,
        [companyId, clientId],
      );
    },

    /** Keeps a document of the client; undefined (and nothing written) when the client is not this company's. */
    async add(
      clientId: number,
      input: { kind: number; name: string; file: UploadedFile<ClientDocumentMediaType>; uploaderId: number },
    ): Promise<number | undefined> {
      const [row] = await db.query<{ id: number }>(
        `insert into cliente_documento (id_empresa, id_cliente, id_tipo_documento, no_arquivo, tp_arquivo, bl_arquivo, nu_bytes, id_pessoa)
         select c.id_empresa, c.id_cliente, $3, $4, $5, $6, $7, $8
           from cliente c
          where c.id_empresa = $1 and c.id_cliente = $2
         returning id_documento as id`,
        [companyId, clientId, input.kind, input.name, input.file.type, input.file.bytes, input.file.bytes.length, input.uploaderId],
      );
      return row?.id;
    },

    /** One document's file; undefined when the client or the document is not this company's. */
    async file(clientId: number, documentId: number): Promise<StoredDocument | undefined> {
      const [row] = await db.query<StoredDocument>(
        `select bl_arquivo as bytes, tp_arquivo as type, no_arquivo as name
           from cliente_documento
          where id_empresa = $1 and id_cliente = $2 and id_documento = $3`,
        [companyId, clientId, documentId],
      );
      return row;
    },

    /** Deletes one document; false when there was none of this company's client. */
    async remove(clientId: number, documentId: number): Promise<boolean> {
      const rows = await db.query(
        'delete from cliente_documento where id_empresa = $1 and id_cliente = $2 and id_documento = $3 returning id_documento',
        [companyId, clientId, documentId],
      );
      return rows.length > 0;
    },
  };
}
