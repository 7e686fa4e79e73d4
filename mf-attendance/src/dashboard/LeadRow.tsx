import { routeLinks, type Lead } from '@consig/shared';
import { Link } from 'react-router-dom';

/** One lead: the whole row opens the client's service screen. */
export function LeadRow({ lead }: { lead: Lead }) {
  return (
    <li>
      <Link className="att-lead" to={routeLinks.attendance(lead.ID_Cliente)}>
        <strong className="att-lead__person">{lead.DE_Pessoa}</strong>
        <span className="att-lead__type">{lead.DE_Tipo}</span>
        <span className="consig-badge att-lead__status">{lead.DE_Status}</span>
        <span className="att-lead__attendant">{lead.DE_Atendente}</span>
        {lead.DE_Indicacao && <span className="att-lead__referrer">Indicador: {lead.DE_Indicacao}</span>}
      </Link>
    </li>
  );
}
