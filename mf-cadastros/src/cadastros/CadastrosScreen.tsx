import { AddressTabs, ROLE, useSession, type AddressTab } from '@consig/shared';
import { AuditPanel } from './audit/AuditPanel';
import { DoNotCallPanel } from './do-not-call/DoNotCallPanel';
import { PeoplePanel } from './people/PeoplePanel';
import './cadastros.css';

/**
 * The registers, one tab each, and who sees each: supervisors keep their attendants and the do-not-call list; the
 * company's settings, its audit and the data-subject requests are the manager's (13). Hiding a tab is courtesy:
 * the API refuses those endpoints to anyone else by itself.
 */
const TABS: readonly (AddressTab & { managersOnly?: true })[] = [
  { id: 'pessoas', label: 'Pessoas', Panel: PeoplePanel },
  { id: 'nao-perturbe', label: 'Não Me Perturbe', Panel: DoNotCallPanel },
  { id: 'auditoria', label: 'Auditoria', Panel: AuditPanel, managersOnly: true },
];

/** 'Cadastros': a tab list over the register shown; the tab is in the address, the first one left out of it. */
export function CadastrosScreen() {
  const manager = useSession().user?.ID_Funcao === ROLE.GERENTE;
  return <AddressTabs label="Cadastros" tabs={TABS.filter((tab) => manager || !tab.managersOnly)} />;
}
