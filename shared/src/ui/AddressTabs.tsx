import { useId, useRef, type ComponentType, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router-dom';

/** One tab: its id in the address (`?aba=<id>`), its label, and the panel it shows. */
export interface AddressTab {
  id: string;
  label: string;
  Panel: ComponentType;
}

/** The address's parameter holding the tab shown (`?aba=relatorios`), so a reload or a copied link keeps it. */
export const TAB_PARAM = 'aba';

/** Arrow keys, Home and End move between the tabs (the WAI-ARIA tabs pattern, automatic activation). */
const NEXT_TAB: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * A screen of tabs, each a panel of its own ('Relatórios': 'Ao vivo', 'Relatórios'; 'Cadastros'): the first tab is
 * the default and is left out of the address; any other is `?aba=<id>`, so a reload or a copied link shows it. A
 * tab replaces the history entry, as the screens' filters do: Back leaves the screen.
 */
export function AddressTabs({ label, tabs }: { label: string; tabs: readonly AddressTab[] }) {
  const baseId = useId();
  const [params, setParams] = useSearchParams();
  const selected = tabs.find((tab) => tab.id === params.get(TAB_PARAM))?.id ?? tabs[0].id;
  const setSelected = (id: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === tabs[0].id) next.delete(TAB_PARAM);
        else next.set(TAB_PARAM, id);
        return next;
      },
      { replace: true },
    );
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const tabId = (id: string) => `${baseId}-aba-${id}`;
  const panelId = (id: string) => `${baseId}-painel-${id}`;

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const move = NEXT_TAB[event.key];
    if (!move) return;
    event.preventDefault();
    const next = move(index, tabs.length);
    setSelected(tabs[next].id);
    buttons.current[next]?.focus();
  };

  return (
    <div className="consig-tabbed">
      <div role="tablist" aria-label={label} className="consig-tabs">
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={tabId(tab.id)}
            aria-selected={tab.id === selected}
            aria-controls={panelId(tab.id)}
            tabIndex={tab.id === selected ? 0 : -1}
            className="consig-tab"
            onClick={() => setSelected(tab.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs
        .filter((tab) => tab.id === selected)
        .map(({ id, Panel }) => (
          <div key={id} role="tabpanel" id={panelId(id)} aria-labelledby={tabId(id)} className="consig-panel consig-tab-panel">
            <Panel />
          </div>
        ))}
    </div>
  );
}
