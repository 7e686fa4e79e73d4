import { useId, useState, type ReactNode } from 'react';

/** The left, collapsible filter panel, closed by the Total: every proposal the filters match (NU_Total). */
export function FilterPanel({ total, children }: { total: number | undefined; children: ReactNode }) {
  const [open, setOpen] = useState(true);
  const bodyId = useId();

  return (
    <aside className={`consig-panel fu-filters${open ? '' : ' fu-filters--collapsed'}`} aria-label="Filtros">
      <button
        type="button"
        className="fu-filters__toggle"
        aria-expanded={open}
        aria-controls={bodyId}
        aria-label={open ? 'Recolher filtros' : 'Expandir filtros'}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? '«' : '»'}
      </button>
      <div id={bodyId} className="fu-filters__body" hidden={!open}>
        {children}
        <p className="fu-total" aria-live="polite">
          Total: {total ?? '…'}
        </p>
      </div>
    </aside>
  );
}
