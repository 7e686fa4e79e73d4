import { AddressTabs } from '@consig/shared';
import { DoNotCallPanel } from './do-not-call/DoNotCallPanel';
import { PeoplePanel } from './people/PeoplePanel';
import './cadastros.css';

/** The registers, one tab each (issue 22: settings and audit come as tabs of their own). */
const TABS = [
  { id: 'pessoas', label: 'Pessoas', Panel: PeoplePanel },
  { id: 'nao-perturbe', label: 'Não Me Perturbe', Panel: DoNotCallPanel },
] as const;

/** 'Cadastros': a tab list over the register shown; the tab is in the address, the first one left out of it. */
export function CadastrosScreen() {
  return <AddressTabs label="Cadastros" tabs={TABS} />;
}
