import { AddressTabs, ROLE, useSession, type AddressTab } from '@consig/shared';
import { AuditPanel } from './audit/AuditPanel';
import { CallingHoursPanel } from './calling-hours/CallingHoursPanel';
import { DataSubjectPanel } from './data-subject/DataSubjectPanel';
import { DoNotCallPanel } from './do-not-call/DoNotCallPanel';
import { PeoplePanel } from './people/PeoplePanel';
import { RatesPanel } from './rates/RatesPanel';
import { TelephonyPanel } from './telephony/TelephonyPanel';
import './cadastros.css';

/**
 * The registers, one tab each, and who sees each: supervisors keep their attendants and the do-not-call list and read
 * the company's telephony; the other settings, the audit and the data-subject requests are the manager's (13).
 * Hiding a tab is courtesy: the API refuses those endpoints to anyone else by itself.
 */
const TABS: readonly (AddressTab & { managersOnly?: true })[] = [
  { id: 'pessoas', label: 'Pessoas', Panel: PeoplePanel },
  { id: 'nao-perturbe', label: 'Não Me Perturbe', Panel: DoNotCallPanel },
  { id: 'telefonia', label: 'Telefonia', Panel: TelephonyPanel },
  { id: 'horarios', label: 'Horários', Panel: CallingHoursPanel, managersOnly: true },
  { id: 'taxas', label: 'Taxas', Panel: RatesPanel, managersOnly: true },
  { id: 'titulares', label: 'Titulares (LGPD)', Panel: DataSubjectPanel, managersOnly: true },
  { id: 'auditoria', label: 'Auditoria', Panel: AuditPanel, managersOnly: true },
];

/** 'Cadastros': a tab list over the register shown; the tab is in the address, the first one left out of it. */
export function CadastrosScreen() {
  const manager = useSession().user?.ID_Funcao === ROLE.GERENTE;
  return <AddressTabs label="Cadastros" tabs={TABS.filter((tab) => manager || !tab.managersOnly)} />;
}
