import type { ReactNode } from 'react';

/**
 * A table wider than its column scrolls sideways in its own box; the box takes the keyboard's focus (Tab, then the
 * arrow keys scroll it), so no one needs a mouse to read its last columns. Named after the table it holds.
 */
export function TableScroll({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <div className="rp-table-scroll" tabIndex={0} role="group" aria-labelledby={labelledBy}>
      {children}
    </div>
  );
}
