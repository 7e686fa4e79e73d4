import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
import './campaigns.css';

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** What Tab can reach inside `panel`: enabled and not hidden. */
const tabbable = (panel: HTMLElement) =>
  [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => !element.matches(':disabled') && !element.closest('[hidden]'));

/**
 * A minimal modal dialog for the campaign screens: named by its title, closes on Escape, on the backdrop
 * and on '×', keeps Tab inside itself, focuses its first control on opening and gives the focus back on
 * closing. Remotes may not import each other, so this is mf-campaigns' own (the attendance one is richer).
 */
export function Dialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  // The latest onClose without re-running the focus effect on every render.
  const close = useEffectEvent(onClose);

  useEffect(() => {
    const element = panel.current;
    if (!element) return undefined;
    const opener = document.activeElement as HTMLElement | null;
    const controls = tabbable(element);
    // The first control after the '×' button, so typing can start at once.
    (controls[1] ?? controls[0] ?? element).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        close();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = tabbable(element);
      const first = focusable[0] ?? element;
      const last = focusable.at(-1) ?? element;
      const active = document.activeElement;
      if (!element.contains(active) || active === (event.shiftKey ? first : last)) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      }
    };
    element.addEventListener('keydown', onKeyDown);
    return () => {
      element.removeEventListener('keydown', onKeyDown);
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <div className="cmp-dialog__backdrop" onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={panel} className="consig-panel cmp-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className="cmp-dialog__head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="cmp-icon-button" aria-label="Fechar" onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
