/**
 * SQL of the tickets (chamados) of a proposal (migration 013; docs/rules.md "Proposals and tickets").
 * Pattern: attendant.repository.ts. A ticket is visible exactly when its proposal is: `attendantId` (from
 * `ownRowsOnly`) narrows an attendant to their own proposals; null means the whole company.
 */
import { TICKET_STATUS, type Ticket, type PendingTicket } from '@consig/shared/contracts';
import type { CompanyScope } from '../auth/scope';
import { saoPauloInstant } from '../db/saoPauloTime';
import type { Attachment, ImageType } from './attachment';

/** Which image of a ticket: 1 the ticket's own, 2 its answer's (GET /crm/chamado/{id}/1 and /2). */
export type AttachmentSlot = 1 | 2;

/** The columns of the `chamado` contract, from `chamado c`. */
const TICKET_COLUMNS = `c.id_chamado as "ChamadoID", c.id_proposta as "ID_Proposta", c.id_status as "ID_Status",
  c.tx_chamado as "TX_Chamado", ${saoPauloInstant('c.ts_chamado')} as "TS_Chamado",
  c.tx_resposta as "TX_Resposta", ${saoPauloInstant('c.ts_resposta')} as "TS_Resposta",
  c.bl_anexo is not null as "SN_Anexo", c.bl_anexo_resposta is not null as "SN_AnexoResposta"`;

/** The proposal a ticket hangs on, when the caller may see it: `p` of the company, the attendant's own if given. */
const VISIBLE_PROPOSAL = 'p.id_empresa = $1 and ($2::int is null or p.id_atendente = $2)';

/** A ticket about to be answered, locked until the answer commits. */
export interface TicketToAnswer {
  status: number;
  authorId: number;
  proposalId: number;
  ade: string;
}

export function createTicketsRepository({ db, companyId }: CompanyScope) {
  return {
    /**
     * Opens a pending ticket on the proposal when the caller may see it; undefined when they may not (or it
     * does not exist), and then nothing is written.
     */
    async create(input: {
      proposalId: number;
      attendantId: number | null;
      authorId: number;
      text: string;
      attachment: Attachment | null;
    }): Promise<number | undefined> {
      const [row] = await db.query<{ id: number }>(
        `insert into chamado (id_empresa, id_proposta, id_status, id_pessoa, tx_chamado, bl_anexo, tp_anexo)
         select p.id_empresa, p.id_proposta, $4, $5, $6, $7, $8
           from proposta p
          where ${VISIBLE_PROPOSAL} and p.id_proposta = $3
         returning id_chamado as id`,
        [
          companyId,
          input.attendantId,
          input.proposalId,
          TICKET_STATUS.PENDENTE,
          input.authorId,
          input.text,
          input.attachment?.bytes ?? null,
          input.attachment?.type ?? null,
        ],
      );
      return row?.id;
    },

    /** Whether the caller may see the proposal. */
    async proposalVisible(proposalId: number, attendantId: number | null): Promise<boolean> {
      const rows = await db.query(`select 1 from proposta p where ${VISIBLE_PROPOSAL} and p.id_proposta = $3`, [
        companyId,
        attendantId,
        proposalId,
      ]);
      return rows.length > 0;
    },

    /** The proposal's tickets, newest first (without their images: /1 and /2 serve those). */
    byProposal(proposalId: number): Promise<Ticket[]> {
      return db.query<Ticket>(
        `select ${TICKET_COLUMNS} from chamado c where c.id_empresa = $1 and c.id_proposta = $2 order by c.id_chamado desc`,
        [companyId, proposalId],
      );
    },

    /** One image of a ticket the caller may see; undefined when there is none or the ticket is not visible. */
    async attachment(
      ticketId: number,
      slot: AttachmentSlot,
      attendantId: number | null,
    ): Promise<{ bytes: Uint8Array; type: ImageType } | undefined> {
      const [bytes, type] = slot === 1 ? ['c.bl_anexo', 'c.tp_anexo'] : ['c.bl_anexo_resposta', 'c.tp_anexo_resposta'];
      const [row] = await db.query<{ bytes: Uint8Array; type: ImageType }>(
        `select ${bytes} as bytes, ${type} as type
           from chamado c join proposta p on p.id_empresa = c.id_empresa and p.id_proposta = c.id_proposta
          where ${VISIBLE_PROPOSAL} and c.id_chamado = $3 and ${bytes} is not null`,
        [companyId, attendantId, ticketId],
      );
      return row;
    },

    /**
     * The company's `limit` oldest pending tickets, oldest first, with the proposal's ADE, the client and the
     * attendant. Migration 013's partial index chamado_pendente (id_empresa, id_chamado) where id_status = 73
     * reads them in order and stops after `limit`. The status is in the SQL text, not a parameter: a generic
     * plan (one made without the parameters' values) could not prove a `$2` matches the index's predicate.
     */
    pending(limit: number): Promise<PendingTicket[]> {
      return db.query<PendingTicket>(
        `select ${TICKET_COLUMNS}, p.co_ade as "CO_ADE", cl.de_pessoa as "DE_Pessoa", a.de_pessoa as "DE_Atendente"
           from chamado c
           join proposta p on p.id_empresa = c.id_empresa and p.id_proposta = c.id_proposta
           join cliente cl on cl.id_empresa = p.id_empresa and cl.id_cliente = p.id_cliente
           join pessoa a on a.id_empresa = p.id_empresa and a.id_pessoa = p.id_atendente
          where c.id_empresa = $1 and c.id_status = ${TICKET_STATUS.PENDENTE}
          order by c.id_chamado
          limit $2`,
        [companyId, limit],
      );
    },

    /**
     * Every pending ticket of the company. No join: the foreign keys (all not null) give each ticket its
     * proposal, client and attendant, so this counts what pending() lists, from chamado_pendente alone (the
     * status in the SQL text as in pending()).
     */
    async pendingCount(): Promise<number> {
      const [row] = await db.query<{ n: number }>(
        `select count(*)::int as n from chamado c where c.id_empresa = $1 and c.id_status = ${TICKET_STATUS.PENDENTE}`,
        [companyId],
      );
      return row.n;
    },

    /** Locks the ticket for its answer (run on a transaction's `tx`): two answers at once see each other. */
    async lockForAnswer(ticketId: number): Promise<TicketToAnswer | undefined> {
      const [row] = await db.query<TicketToAnswer>(
        `select c.id_status as status, c.id_pessoa as "authorId", c.id_proposta as "proposalId", p.co_ade as ade
           from chamado c join proposta p on p.id_empresa = c.id_empresa and p.id_proposta = c.id_proposta
          where c.id_empresa = $1 and c.id_chamado = $2
            for update of c`,
        [companyId, ticketId],
      );
      return row;
    },

    /** Records the answer, now, which resolves the ticket (75). */
    async answer(ticketId: number, input: { answererId: number; text: string; attachment: Attachment | null }): Promise<void> {
      await db.query(
        `update chamado set id_status = $3, id_pessoa_resposta = $4, tx_resposta = $5, ts_resposta = now(),
                bl_anexo_resposta = $6, tp_anexo_resposta = $7
          where id_empresa = $1 and id_chamado = $2`,
        [
          companyId,
          ticketId,
          TICKET_STATUS.RESOLVIDO,
          input.answererId,
          input.text,
          input.attachment?.bytes ?? null,
          input.attachment?.type ?? null,
        ],
      );
    },
  };
}
