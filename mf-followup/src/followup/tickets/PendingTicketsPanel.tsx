import { formatSaoPauloDateTime, pendingTicketsShownText, TableHead, type PendingTicket } from '@consig/shared';
import { QueryLoading } from '@consig/shared/query';
import { useId, useState } from 'react';
import { usePendingTickets } from './api/getPendingTickets';
import { AnswerTicketDialog } from './AnswerTicketDialog';
import './tickets.css';

const COLUMNS = ['ADE', 'Cliente', 'Atendente', 'Chamado', 'Aberto em', 'Ação'] as const;

/**
 * 'Chamados pendentes' (the answering side, docs/rules.md "Proposals and tickets"): the company's oldest
 * pending tickets (at most PENDING_TICKETS_LIMIT), oldest first, each answered from its own dialog; when more
 * are pending, a line says how many. The screen renders it for supervisors and managers (12/13) only; the
 * API refuses anyone else.
 */
export function PendingTicketsPanel() {
  const titleId = useId();
  const pending = usePendingTickets();
  const [answering, setAnswering] = useState<PendingTicket | null>(null);
  const tickets = pending.data?.data;
  const total = pending.data?.NU_Total ?? 0;

  return (
    <section className="consig-panel fu-pending" aria-labelledby={titleId}>
      <h2 id={titleId}>Chamados pendentes</h2>
      {pending.isPending && <QueryLoading slow={pending.isSlow} />}
      {tickets?.length === 0 && <p className="consig-empty">Nenhum chamado pendente.</p>}
      {tickets && tickets.length > 0 && total > tickets.length && (
        <p className="fu-pending__shown">{pendingTicketsShownText(tickets.length, total)}</p>
      )}
      {tickets && tickets.length > 0 && (
        <div className="fu-pending__scroll">
          <table className="consig-table" aria-labelledby={titleId}>
            <TableHead columns={COLUMNS} />
            <tbody>
              {tickets.map((ticket) => (
                <tr key={ticket.ChamadoID}>
                  <td>{ticket.CO_ADE}</td>
                  <td>{ticket.DE_Pessoa}</td>
                  <td>{ticket.DE_Atendente}</td>
                  <td className="fu-pending__text">{ticket.TX_Chamado}</td>
                  <td>
                    <time dateTime={ticket.TS_Chamado}>{formatSaoPauloDateTime(ticket.TS_Chamado)}</time>
                  </td>
                  <td>
                    <button
                      type="button"
                      className="consig-button consig-button--ghost fu-ticket-button"
                      aria-label={`Responder chamado ${ticket.ChamadoID}`}
                      onClick={() => setAnswering(ticket)}
                    >
                      Responder
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {answering && <AnswerTicketDialog ticket={answering} onClose={() => setAnswering(null)} />}
    </section>
  );
}
