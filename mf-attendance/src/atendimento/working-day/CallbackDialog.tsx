import { useState } from 'react';
import { Dialog } from '@consig/shared';

/**
 * A `datetime-local` value read as Brasília time, written with its offset as the API wants an instant
 * ('2026-11-23T14:30' → '2026-11-23T14:30:00-03:00'). Brasília has kept UTC−3 all year since 2019
 * (Decreto 9.772/2019), so the offset is fixed; the attendant's computer clock zone does not matter.
 */
export const brasiliaInstant = (local: string) => (local ? `${local}:00-03:00` : null);

/** 'Retornar ligação': when to call back; empty means the next business day (the server decides the hour). */
export function CallbackDialog({ onClose, onConfirm }: { onClose: () => void; onConfirm: (at: string | null) => void }) {
  const [local, setLocal] = useState('');
  return (
    <Dialog title="Retornar ligação" onClose={onClose}>
      <form
        className="att-form"
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm(brasiliaInstant(local));
        }}
      >
        <label>
          Data e hora do retorno (horário de Brasília, opcional)
          <input type="datetime-local" value={local} onChange={(event) => setLocal(event.target.value)} />
        </label>
        <p className="att-hint">Sem data, o cliente volta no próximo dia útil, na abertura do horário de ligações.</p>
        <button type="submit" className="consig-button">
          Agendar retorno
        </button>
      </form>
    </Dialog>
  );
}
