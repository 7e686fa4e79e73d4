/**
 * The SQL of data-subject requests (docs/rules.md "Data-subject requests (LGPD)"), bound to one company like every
 * feature repository: the client found by CPF, what blocks an anonymisation now, the export's categories
 * (categories.ts) and the anonymisation's statements, each answering how many rows it touched. The use-cases
 * (manageDataSubject.ts) run the anonymisation's statements in one transaction.
 */
import { DATA_SUBJECT_TEXT, FINISHED_PROPOSAL_STATUSES } from '@consig/shared/contracts';
import type { CompanyScope } from '../auth/scope';
import { CATEGORIES, cpfInLine } from './categories';

export interface DataSubjectClient {
  id: number;
  cpf: string;
  name: string;
  /** ISO 8601 in UTC; null while never anonymised. */
  anonymisedAt: string | null;
}

/** A call's stored recording: the call, and its file's key in the recording storage. */
export interface StoredRecording {
  callId: number;
  key: string;
}

/** Ticket texts and import lines are kept as rows (their proposal, their import's counts); their words are not. */
export const REMOVED_TEXT = '[removido: titular anonimizado]';
/** The suppression list's origin of the numbers a data subject asked not to be called on. */
export const DO_NOT_CALL_ORIGIN = 'pedido do titular (LGPD)';

const FINISHED = FINISHED_PROPOSAL_STATUSES.join(', ');
const OF_CLIENT = 'id_empresa = $1 and id_cliente = $2';

export function createDataSubjectRepository({ db, companyId }: CompanyScope) {
  /** A statement on the client's rows; answers how many it touched. */
  const touched = async (sql: string, params: unknown[]): Promise<number> => (await db.query(`${sql} returning 1`, params)).length;

  return {
    /** The company's client with this CPF; `lock` holds its row until the transaction ends (one anonymisation at a time). */
    async client(cpf: string, lock = false): Promise<DataSubjectClient | undefined> {
      const [row] = await db.query<DataSubjectClient>(
        `select id_cliente as id, co_cpf as cpf, de_pessoa as name,
                to_char(ts_anonimizacao at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "anonymisedAt"
           from cliente where id_empresa = $1 and co_cpf = $2${lock ? ' for update' : ''}`,
        [companyId, cpf],
      );
      return row;
    },

    async companyName(): Promise<string> {
      const [row] = await db.query<{ name: string }>('select de_empresa as name from empresa where id_empresa = $1', [companyId]);
      return row.name;
    },

    /** Every category's rows (categories.ts), by key, in the categories' order. */
    async categories(client: DataSubjectClient): Promise<Map<string, unknown[]>> {
      const found = new Map<string, unknown[]>();
      for (const category of CATEGORIES) {
        // Every category takes the same three parameters, though not every one reads all three (a statement must).
        const [row] = await db.query<{ rows: unknown[] }>(
          `select q.rows from (${category.sql}) q, (select $1::int, $2::int, $3::text) as every_parameter`,
          [companyId, client.id, client.cpf],
        );
        found.set(category.key, row.rows);
      }
      return found;
    },

    /** Why the client may not be anonymised now (Portuguese sentences); empty when nothing stands in the way. */
    async blockers(clientId: number): Promise<string[]> {
      const proposals = await db.query<{ ade: string; status: string }>(
        `select p.co_ade as ade, s.de_status as status
           from proposta p join status_proposta s on s.id_status = p.id_status
          where p.id_empresa = $1 and p.id_cliente = $2 and p.id_status not in (${FINISHED})
          order by p.id_proposta`,
        [companyId, clientId],
      );
      const [live] = await db.query<{ calling: boolean; held: boolean }>(
        `select exists (select 1 from ligacao where ${OF_CLIENT} and (co_situacao <> 'encerrada' or co_gravacao = 'pendente')) as calling,
                exists (select 1 from fila where ${OF_CLIENT} and co_estado = 'em_atendimento') as held`,
        [companyId, clientId],
      );
      return [
        ...proposals.map(({ ade, status }) => DATA_SUBJECT_TEXT.proposalInProgress(ade, status)),
        ...(live.calling ? [DATA_SUBJECT_TEXT.callInProgress] : []),
        ...(live.held ? [DATA_SUBJECT_TEXT.heldInQueue] : []),
      ];
    },

    /** The DDD + number of each of the client's phones (the suppression list's form). */
    async phoneNumbers(clientId: number): Promise<string[]> {
      const rows = await db.query<{ number: string }>(
        `select co_ddd || co_telefone as number from telefone where ${OF_CLIENT} order by id_telefone`,
        [companyId, clientId],
      );
      return rows.map((row) => row.number);
    },

    // ---- The anonymisation's statements, in the order manageDataSubject.ts runs them. ----

    /**
     * The client's calls lose their recordings (the same state the retention purge leaves: the file is gone) and the
     * client's number (the far side of the call); the calls themselves stay, as the company's record of its work and
     * the reports' figures. Answers the files to remove once the transaction commits.
     */
    async detachRecordings(clientId: number): Promise<{ recordings: StoredRecording[]; calls: number }> {
      // RETURNING sees the new row: the keys are read (and locked) first.
      const recordings = await db.query<StoredRecording>(
        `with stored as (select id_ligacao, de_gravacao from ligacao where ${OF_CLIENT} and de_gravacao is not null for update)
         update ligacao l set co_gravacao = 'expirada', de_gravacao = null
           from stored s where l.id_ligacao = s.id_ligacao
         returning l.id_ligacao as "callId", s.de_gravacao as key`,
        [companyId, clientId],
      );
      const calls = await touched(
        `update ligacao set nu_origem = case when co_direcao = 'entrada' then '' else nu_origem end,
                            nu_destino = case when co_direcao = 'saida' then '' else nu_destino end
          where ${OF_CLIENT}`,
        [companyId, clientId],
      );
      return { recordings, calls };
    },

    deletePhones: (clientId: number) => touched(`delete from telefone where ${OF_CLIENT}`, [companyId, clientId]),
    deleteDocuments: (clientId: number) => touched(`delete from cliente_documento where ${OF_CLIENT}`, [companyId, clientId]),
    /** Out of every campaign's queue, callbacks included. */
    deleteQueueRows: (clientId: number) => touched(`delete from fila where ${OF_CLIENT}`, [companyId, clientId]),
    /** Offers e-mailed and never contracted (their figures go with them); a contracted offer's figures are its proposal's. */
    deleteSimulations: (clientId: number) => touched(`delete from simulacao where ${OF_CLIENT}`, [companyId, clientId]),
    deleteCpfLookups: (clientId: number) => touched(`delete from acesso_cliente_cpf where ${OF_CLIENT}`, [companyId, clientId]),

    /**
     * Operations no proposal came from are deleted; the ones behind a proposal stay (the offer the contract was priced
     * from) without the account typed on them (the proposal keeps its own copy). Answers how many were deleted.
     */
    async settleOperations(clientId: number): Promise<number> {
      const deleted = await touched(
        `delete from operacao o where o.id_empresa = $1 and o.id_cliente = $2
            and not exists (select 1 from proposta p where p.id_empresa = o.id_empresa and p.id_operacao = o.id_operacao)`,
        [companyId, clientId],
      );
      await db.query(
        `update operacao set co_agencia = null, co_agencia_dv = null, co_conta_corrente = null, co_conta_corrente_dv = null, id_tipo_conta = null
          where ${OF_CLIENT}`,
        [companyId, clientId],
      );
      return deleted;
    },

    /** The tickets of the client's proposals keep who, when and their status; their texts and attachments go. */
    clearTickets: (clientId: number) =>
      touched(
        `update chamado k set tx_chamado = $3, tx_resposta = case when k.tx_resposta is null then null else $3 end,
                bl_anexo = null, tp_anexo = null, bl_anexo_resposta = null, tp_anexo_resposta = null
           from proposta p
          where p.id_empresa = k.id_empresa and p.id_proposta = k.id_proposta and p.id_empresa = $1 and p.id_cliente = $2`,
        [companyId, clientId, REMOVED_TEXT],
      ),

    /** Import lines refused with the client's CPF in them keep their number and reason, not their text. */
    clearImportLines: (cpf: string) =>
      touched(
        `update importacao_rejeitada r set tx_linha = $3
           from importacao i
          where i.id_importacao = r.id_importacao and i.id_empresa = $1 and ${cpfInLine('$2')}`,
        [companyId, cpf, REMOVED_TEXT],
      ),

    /**
     * Every personal field of the client replaced: the name by 'Titular anonimizado', every other one emptied. The
     * CPF stays (the proposals kept point at it, docs/rules.md), the agency and the referrer too (the company's own
     * categories, not the person's), and the client is never called again (ts_nao_ligar: an import that meets the
     * CPF later does not queue it).
     */
    async anonymiseClient(clientId: number, now: Date): Promise<void> {
      await db.query(
        `update cliente set
           de_pessoa = $3, dt_nascimento = null, de_sexo = null, de_mae = null, em_email = null,
           co_identidade = null, dt_expedicao = null, co_orgao_emissor = null, sg_uf_emissao = null, de_naturalidade = null,
           dt_admissao = null, co_cnpj = null, vl_salario_bruto = null, vl_salario_liquido = null,
           co_cep = null, de_endereco = null, de_numero = null, de_complemento = null, de_bairro = null, de_cidade = null, sg_estado = null,
           de_nome_referencia = null, de_telefone_referencia = null,
           co_meio_pagamento = null, id_tipo_beneficio = null, co_matricula_beneficio = null, co_matricula = null, sn_bloqueio = 0,
           dt_dib = null, dt_ddb = null, id_especie = null, sn_representante_legal = 0,
           vl_desconto_outro_banco = null, vl_desconto_obrigatorio = null, vl_desconto_voluntario = null,
           co_banco = null, co_agencia = null, co_agencia_dv = null, co_conta_corrente = null, co_conta_corrente_dv = null, id_tipo_conta = null,
           ts_nao_ligar = coalesce(ts_nao_ligar, $4::timestamptz), ts_anonimizacao = $4::timestamptz
         where ${OF_CLIENT}`,
        [companyId, clientId, DATA_SUBJECT_TEXT.anonymisedName, now.toISOString()],
      );
    },

    async keptProposals(clientId: number): Promise<number> {
      const [row] = await db.query<{ n: number }>(`select count(*)::int as n from proposta where ${OF_CLIENT}`, [companyId, clientId]);
      return row.n;
    },
  };
}
