import { Dialog, formatSaoPauloDateTime, type Ticket } from '@consig/shared';
import { QueryLoading } from '@consig/shared/query';
import { useTickets } from './api/getTickets';
import { TicketAttachmentImage } from './TicketAttachmentImage';
import { ticketBadge } from './ticketStatus';
import './tickets.css';

/**
 * 'Situação do chamado' (product-spec §2 "Popups per row"): the proposal's tickets, newest first, in an area
 * 500px high, each with its number, badge, text and time, answer and time, and both images.
 */
export function TicketStatusDialog({ proposalId, onClose }: { proposalId: number; onClose: () => void }) {
  const tickets = useTickets(proposalId);

  return (
    <Dialog title="Situação do chamado" onClose={onClose}>
      <div className="fu-tickets">
        {tickets.isPending && <QueryLoading slow={tickets.isSlow} />}
        {tickets.data?.length === 0 && <p className="consig-empty">Nenhum chamado para esta proposta.</p>}
        {tickets.data && tickets.data.length > 0 && (
          <ol className="fu-tickets__list">
            {tickets.data.map((ticket) => (
              <TicketCard key={ticket.ChamadoID} ticket={ticket} />
            ))}
          </ol>
        )}
      </div>
    </Dialog>
  );
}

function TicketCard({ ticket }: { ticket: Ticket }) {
  const badge = ticketBadge(ticket.ID_Status);
  const number = ticket.ChamadoID;
  return (
    <li className="fu-ticket" aria-label={`Chamado ${number}`}>
      <div className="fu-ticket__head">
        <h3>Chamado nº {number}</h3>
        {badge && (
          <span className={`consig-badge fu-ticket__badge fu-ticket__badge--${badge === 'Pendente' ? 'pending' : 'resolved'}`}>
            {badge}
          </span>
        )}
      </div>
      <section className="fu-ticket__message" aria-label="Chamado">
        <p className="fu-ticket__text">{ticket.TX_Chamado}</p>
        <time dateTime={ticket.TS_Chamado}>{formatSaoPauloDateTime(ticket.TS_Chamado)}</time>
        <TicketAttachmentImage ticketId={number} part={1} present={ticket.SN_Anexo} alt={`Anexo do chamado ${number}`} />
      </section>
      <section className="fu-ticket__message fu-ticket__message--answer" aria-label="Resposta">
        <h4>Resposta</h4>
        {ticket.TX_Resposta === null ? (
          <p className="fu-ticket__waiting">Aguardando resposta.</p>
        ) : (
          <>
            <p className="fu-ticket__text">{ticket.TX_Resposta}</p>
            {ticket.TS_Resposta && <time dateTime={ticket.TS_Resposta}>{formatSaoPauloDateTime(ticket.TS_Resposta)}</time>}
          </>
        )}
        <TicketAttachmentImage
          ticketId={number}
          part={2}
          present={ticket.SN_AnexoResposta}
          alt={`Anexo da resposta do chamado ${number}`}
        />
      </section>
    </li>
  );
}
