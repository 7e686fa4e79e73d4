import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export interface MenuItem {
  id: number;
  label: string;
}

interface Props {
  label: string;
  /** What the button shows next to its label (the attendant's state). */
  status?: ReactNode;
  items: readonly MenuItem[];
  busy: boolean;
  onChoose: (item: MenuItem) => void;
}

/**
 * A button that opens a list of choices (the Pause and Call tabulation menus of product-spec §2). Keyboard:
 * Enter/Space open it with the first choice focused, arrows move, Escape closes it and returns focus.
 * While `busy` the choices are disabled, so an action is never sent twice.
 */
export function Menu({ label, status, items, busy, onChoose }: Props) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (open) list.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    buttons[(at + (event.key === 'ArrowDown' ? 1 : buttons.length - 1)) % buttons.length]?.focus();
  };

  return (
    <div className="att-menu" onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className="consig-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        {label}
        {status && <span className="att-menu__status"> {status}</span>}
      </button>
      {open && (
        <ul ref={list} id={menuId} role="menu" aria-label={label} className="consig-panel att-menu__list">
          {items.map((item) => (
            <li key={item.id} role="none">
              <button
                type="button"
                role="menuitem"
                disabled={busy}
                onClick={() => {
                  close();
                  onChoose(item);
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
