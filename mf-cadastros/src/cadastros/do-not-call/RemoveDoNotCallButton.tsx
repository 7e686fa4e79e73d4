import { Dialog, formatPhoneNumber } from '@consig/shared';
import { useState } from 'react';
import { useRemoveDoNotCall } from './api/removeDoNotCall';

/** 'Retirar' asks first: a number taken off the list may be called again at once. */
export function RemoveDoNotCallButton({ phone }: { phone: string }) {
  const [asking, setAsking] = useState(false);
  const remove = useRemoveDoNotCall();
  const written = formatPhoneNumber(phone);
  const confirm = async () => {
    try {
      await remove.mutateAsync(phone);
      setAsking(false);
    } catch {
      // the mutation showed the server's refusal
    }
  };
  return (
    <>
      <button
        type="button"
        className="consig-button consig-button--ghost"
        onClick={() => setAsking(true)}
        aria-label={`Retirar ${written}`}
      >
        Retirar
      </button>
      {asking && (
        <Dialog title="Retirar da lista Não Me Perturbe" onClose={() => setAsking(false)}>
          <p>O número {written} poderá voltar a ser chamado. Retirar da lista?</p>
          <div className="cd-dialog-actions">
            <button type="button" className="consig-button consig-button--ghost" onClick={() => setAsking(false)}>
              Cancelar
            </button>
            <button type="button" className="consig-button" onClick={confirm} disabled={remove.isPending}>
              {remove.isPending ? 'Retirando...' : 'Retirar'}
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}
