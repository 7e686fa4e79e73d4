import { routeLinks, type Lead } from '@consig/shared';
import { Link } from 'react-router-dom';

/** The panel's column headers, in the order of a row's cells. */
export const LEAD_COLUMNS = ['Cliente', 'Tipo', 'Status', 'Atendente'] as const;

/** A cell's column name, read before its value by screen readers (the visible headers are decoration). */
const Hidden = ({ children }: { children: string }) => <span className="consig-visually-hidden">{children}: </span>;

/** One lead: the whole row opens the client's service screen. A long name wraps; its full text is the tooltip. */
export function LeadRow({ lead }: { lead: Lead }) {
  return (
    <li>
      <Link className="att-lead" to={routeLinks.attendance(lead.ID_Cliente)}>
        <strong className="att-lead__person" title={lead.DE_Pessoa}>
          {lead.DE_Pessoa}
        </strong>
        <span className="att-lead__type">
          <Hidden>{LEAD_COLUMNS[1]}</Hidden>
          {lead.DE_Tipo}
        </span>
        <span className="att-lead__status">
          <Hidden>{LEAD_COLUMNS[2]}</Hidden>
          <span className="consig-badge">{lead.DE_Status}</span>
        </span>
        <span className="att-lead__attendant">
          <Hidden>{LEAD_COLUMNS[3]}</Hidden>
          {lead.DE_Atendente}
        </span>
        {lead.DE_Indicacao && <span className="att-lead__referrer">Indicador: {lead.DE_Indicacao}</span>}
      </Link>
    </li>
  );
}
