import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
import { CloseIcon } from './icons';

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';
const FIELDS = 'input, select, textarea';

/** What Tab can reach inside `panel`, in document order: enabled (a disabled fieldset counts) and not hidden. */
const tabbable = (panel: HTMLElement, selector = FOCUSABLE) =>
  [...panel.querySelectorAll<HTMLElement>(selector)].filter(
    (element) => !element.matches(':disabled') && !element.closest('[hidden], [inert]'),
  );

/** The dialog opened last is the one the keyboard talks to. */
const isTopmost = (panel: HTMLElement) => [...document.querySelectorAll('[role="dialog"][aria-modal="true"]')].at(-1) === panel;

/**
 * A modal dialog, the one every screen uses (remotes may not import each other, so it lives here): named by its title, closes on Escape and on the backdrop, keeps Tab inside itself, takes
 * the focus when it opens (its first field) and gives it back to whatever had it when it closes.
 *
 * The keys are heard on the document, not on the panel: a focused button that becomes disabled (a submit
 * while its request runs) drops the focus to <body>, and Tab and Escape must still work from there (Tab
 * comes back in at the first element, Shift+Tab at the last).
 */
export function Dialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const close = useEffectEvent(onClose);

  useEffect(() => {
    const element = panel.current;
    if (!element) return undefined;
    const opener = document.activeElement as HTMLElement | null;
    (tabbable(element, FIELDS)[0] ?? tabbable(element)[0] ?? element).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTopmost(element)) return;
      if (event.key === 'Escape') {
        close();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = tabbable(element);
      const first = focusable[0] ?? element;
      const last = focusable.at(-1) ?? element;
      const active = document.activeElement;
      const inside = active !== null && element.contains(active);
      if (!inside || active === (event.shiftKey ? first : last)) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <div className="consig-dialog__backdrop" onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={panel} className="consig-panel consig-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className="consig-dialog__head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="consig-dialog__close" aria-label="Fechar" onClick={onClose}>
            <CloseIcon size={16} />
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
