import { useId, useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LiveBoard } from './live-board/LiveBoard';
import { PeriodReport } from './period-report/PeriodReport';
import './reports.css';

/** The reports, one tab each, each a panel of its own; 'Ao vivo' is the first and the default. */
const TABS = [
  { id: 'ao-vivo', label: 'Ao vivo', Panel: LiveBoard },
  { id: 'relatorios', label: 'Relatórios', Panel: PeriodReport },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** The address's parameter holding the tab shown (`?aba=relatorios`), so a reload or a copied link keeps it. */
export const TAB_PARAM = 'aba';

/** The tab an address names; anything else (none, unknown) is the first. */
const tabOf = (params: URLSearchParams): TabId => TABS.find((tab) => tab.id === params.get(TAB_PARAM))?.id ?? TABS[0].id;

/** Arrow keys, Home and End move between the tabs (the WAI-ARIA tabs pattern, automatic activation). */
const NEXT_TAB: Record<string, (index: number) => number> = {
  ArrowRight: (index) => (index + 1) % TABS.length,
  ArrowLeft: (index) => (index - 1 + TABS.length) % TABS.length,
  Home: () => 0,
  End: () => TABS.length - 1,
};

/** 'Relatórios': a tab list over the report shown; the tab is in the address, the first one left out of it. */
export function ReportsScreen() {
  const baseId = useId();
  const [params, setParams] = useSearchParams();
  const selected = tabOf(params);
  // A tab replaces the history entry, as the screens' filters do: Back leaves the screen.
  const setSelected = (id: TabId) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === TABS[0].id) next.delete(TAB_PARAM);
        else next.set(TAB_PARAM, id);
        return next;
      },
      { replace: true },
    );
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const tabId = (id: TabId) => `${baseId}-aba-${id}`;
  const panelId = (id: TabId) => `${baseId}-painel-${id}`;

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const move = NEXT_TAB[event.key];
    if (!move) return;
    event.preventDefault();
    const next = move(index);
    setSelected(TABS[next].id);
    tabs.current[next]?.focus();
  };

  return (
    <div className="rp-screen">
      <div role="tablist" aria-label="Relatórios" className="rp-tabs">
        {TABS.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={tabId(tab.id)}
            aria-selected={tab.id === selected}
            aria-controls={panelId(tab.id)}
            tabIndex={tab.id === selected ? 0 : -1}
            className="rp-tab"
            onClick={() => setSelected(tab.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {TABS.filter((tab) => tab.id === selected).map(({ id, Panel }) => (
        <div key={id} role="tabpanel" id={panelId(id)} aria-labelledby={tabId(id)} className="consig-panel rp-panel">
          <Panel />
        </div>
      ))}
    </div>
  );
}
