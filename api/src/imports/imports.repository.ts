/**
 * SQL of the own batch import (docs/rules.md "CSV imports and provider batches"), every statement bound to
 * the scope's company. The merge is set-based: each step is one statement over arrays (unnest), so 50,000
 * lines cost a handful of round trips inside the job's single transaction.
 */
import { IMPORT_STATUS, type CampaignImport } from '@consig/shared/contracts';
import type { CompanyScope } from '../auth/scope';
import { encodeBase64InSlices } from '../files/dataUrlInSlices';
import { timeSlices } from '../files/timeSlices';
import type { ImportLine, Rejection } from './lineRules';

export interface ImportRow {
  id: number;
  campaignId: number;
  personId: number;
  status: number;
  sanitize: boolean;
  /** The stored file's size; null once the import ended (the file is cleared). The file is read with readFile. */
  fileBytes: number | null;
}

/** An ImportRow as the table stores it (sn_higienizar is 0 or 1), and the columns that read it. */
type StoredImport = Omit<ImportRow, 'sanitize'> & { sanitize: number };
const IMPORT_COLUMNS = `id_importacao as id, id_campanha as "campaignId", id_pessoa as "personId", id_status as status,
                sn_higienizar as sanitize, octet_length(bl_arquivo) as "fileBytes"`;

/**
 * The file goes in and out of bl_arquivo as base64 text, and comes out a piece per statement: in one statement, a
 * 60 MB file holds up the API's only thread (PGlite turns bytea into hex and back in JavaScript, about 30 s each
 * way; pg parses a whole answer at once, half a second) while every other request waits.
 */
const FILE_PIECE = 1024 * 1024;

/** An import to create: the campaign, who asked, whether to sanitise, the file and its data lines. */
export interface NewImport {
  campaignId: number;
  personId: number;
  sanitize: boolean;
  file: Uint8Array;
  lines: number;
}

export interface CampaignForImport {
  agency: number;
  needsValues: boolean;
}

export function createImportsRepository({ db, companyId }: CompanyScope) {
  /**
   * Inserts the clients that do not exist yet and returns every line's client: id, and whether it may be
   * queued (an existing client may be do-not-call; a new one never is). A client another transaction creates
   * meanwhile is not returned by the insert (on conflict) but found by the lookup that follows it.
   */
  async function clientIds(lines: ImportLine[], agency: number): Promise<Map<string, { id: number; callable: boolean }>> {
    const inserted = await db.query<{ id: number; cpf: string }>(
      `insert into cliente (id_empresa, co_cpf, de_pessoa, dt_nascimento, co_matricula, id_especie, id_orgao)
       select $1, l.cpf, l.nome, l.nascimento::date, l.matricula, l.especie, $7
         from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::int[]) as l(cpf, nome, nascimento, matricula, especie)
       on conflict (id_empresa, co_cpf) do nothing
       returning id_cliente as id, co_cpf as cpf`,
      [
        companyId,
        lines.map((l) => l.cpf),
        lines.map((l) => l.nome ?? ''),
        lines.map((l) => l.nascimento),
        lines.map((l) => l.matricula),
        lines.map((l) => l.especie),
        agency,
      ],
    );
    const ids = new Map(inserted.map((row) => [row.cpf, { id: row.id, callable: true }]));
    const others = lines.filter((line) => !ids.has(line.cpf)).map((line) => line.cpf);
    if (others.length > 0) {
      const found = await db.query<{ id: number; cpf: string; callable: boolean }>(
        `select id_cliente as id, co_cpf as cpf, ts_nao_ligar is null as callable
           from cliente where id_empresa = $1 and co_cpf = any($2::text[])`,
        [companyId, others],
      );
      for (const row of found) ids.set(row.cpf, { id: row.id, callable: row.callable });
    }
    return ids;
  }

  return {
    /** The campaign an upload targets, or undefined when it is not this company's. */
    async campaign(campaignId: number): Promise<CampaignForImport | undefined> {
      const [row] = await db.query<{ agency: number; needsValues: number }>(
        'select id_orgao as agency, sn_exige_valores as "needsValues" from campanha where id_empresa = $1 and id_campanha = $2',
        [companyId, campaignId],
      );
      return row && { agency: row.agency, needsValues: row.needsValues === 1 };
    },

    /** Stores the upload and marks the campaign's import as running; returns the import's id. */
    async create(input: NewImport): Promise<number> {
      const file = await encodeBase64InSlices(input.file, timeSlices());
      const [row] = await db.query<{ id: number }>(
        `insert into importacao (id_empresa, id_campanha, id_pessoa, sn_higienizar, bl_arquivo, nu_linhas)
         values ($1, $2, $3, $4, decode($5, 'base64'), $6) returning id_importacao as id`,
        [companyId, input.campaignId, input.personId, input.sanitize ? 1 : 0, file, input.lines],
      );
      await db.query('update campanha set id_status_importacao = $3 where id_empresa = $1 and id_campanha = $2', [
        companyId,
        input.campaignId,
        IMPORT_STATUS.PROCESSANDO,
      ]);
      return row.id;
    },

    /** The import locked for the job (waits for a concurrent run of the same job, which then finds it ended). */
    async lockForJob(importId: number): Promise<ImportRow | undefined> {
      const [row] = await db.query<StoredImport>(
        `select ${IMPORT_COLUMNS} from importacao where id_empresa = $1 and id_importacao = $2 for update`,
        [companyId, importId],
      );
      return row && { ...row, sanitize: row.sanitize === 1 };
    },

    /** The import as the job reads its file, before its transaction (no lock: the file does not change). */
    async forReading(importId: number): Promise<(ImportRow & { lines: number }) | undefined> {
      const [row] = await db.query<StoredImport & { lines: number }>(
        `select ${IMPORT_COLUMNS}, nu_linhas as lines from importacao where id_empresa = $1 and id_importacao = $2`,
        [companyId, importId],
      );
      return row && { ...row, sanitize: row.sanitize === 1 };
    },

    /** The stored file (`bytes` long, ImportRow.fileBytes), a piece per statement. */
    async readFile(importId: number, bytes: number, signal?: AbortSignal): Promise<Buffer> {
      const file = Buffer.alloc(bytes);
      for (let offset = 0; offset < bytes; offset += FILE_PIECE) {
        signal?.throwIfAborted();
        const [row] = await db.query<{ piece: string | null }>(
          `select encode(substring(bl_arquivo from $3 for $4), 'base64') as piece
             from importacao where id_empresa = $1 and id_importacao = $2`,
          [companyId, importId, offset + 1, FILE_PIECE],
        );
        // PostgreSQL breaks base64 into lines, which Buffer.from skips.
        file.write(row?.piece ?? '', offset, 'base64');
      }
      return file;
    },

    /**
     * Lines read so far, written OUTSIDE the job's transaction (call it on the database handle, never on the
     * transaction's) so pollers see it move; only while the import runs, so a late write cannot touch an ended one.
     */
    async saveProgress(importId: number, linesRead: number): Promise<void> {
      await db.query(
        'update importacao set nu_lidas = least($3, nu_linhas) where id_empresa = $1 and id_importacao = $2 and id_status = $4',
        [companyId, importId, linesRead, IMPORT_STATUS.PROCESSANDO],
      );
    },

    async knownSpecies(): Promise<Set<number>> {
      const rows = await db.query<{ id: number }>('select id_especie as id from especie');
      return new Set(rows.map((row) => row.id));
    },

    /** Which of these CPFs are clients of the company, and which of those are already in the campaign. */
    async existing(campaignId: number, cpfs: string[]): Promise<{ clients: Set<string>; inCampaign: Set<string> }> {
      const rows = await db.query<{ cpf: string; queued: boolean }>(
        `select c.co_cpf as cpf, exists (select 1 from fila f where f.id_campanha = $2 and f.id_cliente = c.id_cliente) as queued
           from cliente c where c.id_empresa = $1 and c.co_cpf = any($3::text[])`,
        [companyId, campaignId, cpfs],
      );
      return { clients: new Set(rows.map((row) => row.cpf)), inCampaign: new Set(rows.filter((row) => row.queued).map((row) => row.cpf)) };
    },

    /**
     * Creates the new clients (an existing client keeps its data), adds the phones and queues every client not
     * marked do-not-call. Returns how many clients were newly queued. `lines` holds each CPF once (applyRules).
     *
     * Phones and queue rows are written from id arrays: the ids of the new clients come back from their insert,
     * those of the clients that already existed from one index lookup of just their CPFs, so no statement joins
     * the company's `cliente` table and the cost follows the file, not the company's size.
     */
    async merge(campaignId: number, agency: number, lines: ImportLine[]): Promise<number> {
      if (lines.length === 0) return 0;
      // unnest's rows (80,000 phones for 50,000 lines) stay in memory: with the default 4 MB they went to a
      // temporary file (EXPLAIN: temp written). `with ordinality` already yields file order, so nothing sorts.
      await db.query("set local work_mem = '32MB'");
      const ids = await clientIds(lines, agency);
      const phoneClients: number[] = [];
      const phones: string[] = [];
      const queueClients: number[] = [];
      for (const line of lines) {
        const client = ids.get(line.cpf);
        // Absent only when the client was deleted between the two statements: nothing to attach to.
        if (!client) continue;
        for (const phone of line.phones) {
          phoneClients.push(client.id);
          phones.push(phone);
        }
        if (client.callable) queueClients.push(client.id);
      }
      if (phones.length > 0) {
        // In file order, so the client screen lists the phones as the sheet had them.
        await db.query(
          `insert into telefone (id_empresa, id_cliente, co_ddd, co_telefone)
           select $1, p.id, substr(p.phone, 1, 2), substr(p.phone, 3)
             from unnest($2::int[], $3::text[]) with ordinality as p(id, phone, n)
            order by p.n
           on conflict (id_cliente, co_ddd, co_telefone) do nothing`,
          [companyId, phoneClients, phones],
        );
      }
      if (queueClients.length === 0) return 0;
      // Oldest first in the queue = file order (ts_disponivel from the position), so the attendants work the
      // sheet top down; the rows need no sort for that.
      const queued = await db.query<{ id: number }>(
        `insert into fila (id_empresa, id_campanha, id_cliente, ts_disponivel)
         select $1, $2, l.id, now() + (l.n - 1) * interval '1 microsecond'
           from unnest($3::int[]) with ordinality as l(id, n)
         on conflict (id_campanha, id_cliente) do nothing
         returning id_fila as id`,
        [companyId, campaignId, queueClients],
      );
      return queued.length;
    },

    async saveRejected(importId: number, rejected: Rejection[]): Promise<void> {
      if (rejected.length === 0) return;
      await db.query(
        `insert into importacao_rejeitada (id_importacao, nu_linha, de_motivo, sn_higienizacao, tx_linha)
         select $1, r.line, r.reason, r.sanitized, r.raw from unnest($2::int[], $3::text[], $4::int[], $5::text[]) as r(line, reason, sanitized, raw)
         on conflict do nothing`,
        [
          importId,
          rejected.map((r) => r.line),
          rejected.map((r) => r.reason),
          rejected.map((r) => (r.sanitized ? 1 : 0)),
          rejected.map((r) => r.raw),
        ],
      );
    },

    /** Ends the import (63 with its counts, or 99 with the reason) and mirrors it on the campaign. */
    async finish(
      importId: number,
      campaignId: number,
      result: { status: number; imported: number; sanitized: number; rejected: number; reason: string | null },
    ): Promise<void> {
      await db.query(
        `update importacao set id_status = $3, nu_importados = $4, nu_higienizados = $5, nu_rejeitados = $6, de_motivo = $7,
                ts_conclusao = now(), bl_arquivo = null,
                nu_lidas = case when $3 = ${IMPORT_STATUS.CONCLUIDO} then nu_linhas else nu_lidas end
          where id_empresa = $1 and id_importacao = $2`,
        [companyId, importId, result.status, result.imported, result.sanitized, result.rejected, result.reason],
      );
      if (result.status === IMPORT_STATUS.CONCLUIDO) {
        await db.query(
          `update campanha set id_status_importacao = $3, nu_importados = $4, nu_higienizados = $5, ts_baixa = now()
            where id_empresa = $1 and id_campanha = $2`,
          [companyId, campaignId, result.status, result.imported, result.sanitized],
        );
      } else {
        await db.query('update campanha set id_status_importacao = $3 where id_empresa = $1 and id_campanha = $2', [
          companyId,
          campaignId,
          result.status,
        ]);
      }
    },

    async byId(importId: number): Promise<CampaignImport | undefined> {
      type Row = Omit<CampaignImport, 'SN_Higienizar' | 'TS_Criacao' | 'TS_Conclusao'> & {
        SN_Higienizar: number;
        TS_Criacao: Date;
        TS_Conclusao: Date | null;
      };
      const [row] = await db.query<Row>(
        `select id_importacao as "ID_Importacao", id_campanha as "ID_Campanha", id_status as "ID_Status",
                sn_higienizar as "SN_Higienizar", nu_linhas as "NU_Linhas", nu_lidas as "NU_Lidas", nu_importados as "NU_Importados",
                nu_higienizados as "NU_Higienizados", nu_rejeitados as "NU_Rejeitados", de_motivo as "DE_Motivo",
                ts_criacao as "TS_Criacao", ts_conclusao as "TS_Conclusao"
           from importacao where id_empresa = $1 and id_importacao = $2`,
        [companyId, importId],
      );
      // Instants as ISO 8601 in UTC (explicit zone).
      return (
        row && {
          ...row,
          SN_Higienizar: row.SN_Higienizar === 1,
          TS_Criacao: new Date(row.TS_Criacao).toISOString(),
          TS_Conclusao: row.TS_Conclusao && new Date(row.TS_Conclusao).toISOString(),
        }
      );
    },

    async rejected(importId: number): Promise<{ line: number; reason: string; raw: string }[]> {
      return db.query(
        `select r.nu_linha as line, r.de_motivo as reason, r.tx_linha as raw
           from importacao_rejeitada r join importacao i using (id_importacao)
          where i.id_empresa = $1 and r.id_importacao = $2 order by r.nu_linha`,
        [companyId, importId],
      );
    },
  };
}
