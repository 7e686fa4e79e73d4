import { useEffect } from 'react';

/** What the attendant is asked before leaving a client whose edits were not saved. */
export const UNSAVED_CHANGES_TEXT = 'O cadastro do cliente tem alterações não salvas. Sair sem salvar?';

/** Asks before leaving while there are unsaved edits; true when it may go on. */
export const confirmLeaving = (dirty: boolean) => !dirty || window.confirm(UNSAVED_CHANGES_TEXT);

/** A click that would leave the page's current screen through an in-app link (not a new tab, not a download). */
function leavingLink(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement) || anchor.target === '_blank' || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  return url.pathname + url.search === window.location.pathname + window.location.search ? null : anchor;
}

/**
 * While `dirty`: reloading or closing the tab asks the browser's own question (beforeunload), and an in-app link
 * (side navigation, a lead) asks UNSAVED_CHANGES_TEXT first and stays put on 'Cancelar'. The host uses a plain
 * BrowserRouter (no data router, so no useBlocker): links are caught in the capture phase, before the router's.
 */
export function useUnsavedChangesPrompt(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return undefined;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Chromium still wants returnValue set to show the prompt.
      event.returnValue = '';
    };
    const click = (event: MouseEvent) => {
      if (!leavingLink(event) || window.confirm(UNSAVED_CHANGES_TEXT)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [dirty]);
}
