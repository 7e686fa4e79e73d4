import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Dialog } from './Dialog';

/** An opener and its dialog: a field, a submit button that can be disabled (as while a request runs), and a hidden button. */
function Screen({ busy = false }: { busy?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <button type="button">Fora</button>
      {open && (
        <Dialog title="Exemplo" onClose={() => setOpen(false)}>
          <label>
            Nome
            <input />
          </label>
          <button type="button" hidden>
            Oculto
          </button>
          <button type="button" disabled={busy}>
            Salvar
          </button>
        </Dialog>
      )}
    </>
  );
}

function openDialog(busy = false) {
  render(<Screen busy={busy} />);
  const opener = screen.getByRole('button', { name: 'Abrir' });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

const tab = (shiftKey = false) => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab', shiftKey });
const focusedName = () => (document.activeElement as HTMLElement).getAttribute('aria-label') ?? document.activeElement?.textContent;

it('takes the focus to its first field and gives it back to the opener on Escape', () => {
  const opener = openDialog();
  expect(document.activeElement).toBe(screen.getByLabelText('Nome'));
  fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Escape' });
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(document.activeElement).toBe(opener);
});

it('wraps Tab and Shift+Tab at its ends, skipping hidden and disabled buttons', () => {
  openDialog(true);
  // 'Salvar' is disabled and 'Oculto' hidden: the field is the last element Tab can reach.
  expect(document.activeElement).toBe(screen.getByLabelText('Nome'));
  tab();
  expect(focusedName()).toBe('Fechar');
  tab(true);
  expect(document.activeElement).toBe(screen.getByLabelText('Nome'));
});

it('brings Tab back inside, and still closes on Escape, when the focus fell to the page (a focused button got disabled)', () => {
  const opener = openDialog();
  (document.activeElement as HTMLElement).blur();
  expect(document.activeElement).toBe(document.body);
  tab();
  expect(focusedName()).toBe('Fechar');
  (document.activeElement as HTMLElement).blur();
  tab(true);
  expect(focusedName()).toBe('Salvar');

  (document.activeElement as HTMLElement).blur();
  fireEvent.keyDown(document.body, { key: 'Escape' });
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(document.activeElement).toBe(opener);
});

it('a click on the backdrop closes it', () => {
  openDialog();
  fireEvent.click(screen.getByRole('dialog').parentElement as HTMLElement);
  expect(screen.queryByRole('dialog')).toBeNull();
});
