import { AddressTabs } from '@consig/shared';
import { LiveBoard } from './live-board/LiveBoard';
import { PeriodReport } from './period-report/PeriodReport';
import './reports.css';

/** The reports, one tab each; 'Ao vivo' is the first and the default. */
const TABS = [
  { id: 'ao-vivo', label: 'Ao vivo', Panel: LiveBoard },
  { id: 'relatorios', label: 'Relatórios', Panel: PeriodReport },
] as const;

/** 'Relatórios': a tab list over the report shown; the tab is in the address, the first one left out of it. */
export function ReportsScreen() {
  return <AddressTabs label="Relatórios" tabs={TABS} />;
}
