import { QueryLoading } from '@consig/shared/query';
import { useId } from 'react';
import { useLeads } from './api/getLeads';
import { LEAD_COLUMNS, LeadRow } from './LeadRow';
import './dashboard.css';

/** /dashboard: the leads panel (product-spec §2 "Dashboard"), fed by GET /atendente/lead. */
export default function Dashboard() {
  const { data: leads, isPending, isSlow } = useLeads();
  const titleId = useId();

  return (
    <section className="consig-panel att-leads" aria-labelledby={titleId}>
      <h2 id={titleId}>Leads</h2>
      {
        isPending ? (
          <QueryLoading slow={isSlow} />
        ) : leads?.length ? (
          <>
            {/* Column headers for the eye; each row also names its cells for screen readers (LeadRow). */}
            <div className="att-lead att-leads__head" aria-hidden="true">
              {LEAD_COLUMNS.map((column) => (
                <span key={column}>{column}</span>
              ))}
            </div>
            <ul className="att-leads__list">
              {leads.map((lead) => (
                <LeadRow key={lead.ID_Cliente} lead={lead} />
              ))}
            </ul>
          </>
        ) : leads ? (
          <p className="consig-empty">Sem leads no momento.</p>
        ) : null /* a failed read: the query client has shown the server's text as an error toast */
      }
    </section>
  );
}
