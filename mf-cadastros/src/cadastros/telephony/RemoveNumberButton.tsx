import { Dialog, errorText, formatPhoneNumber, type CompanyNumberRow } from '@consig/shared';
import { useState } from 'react';
import { useRemoveCompanyNumber } from './api/removeCompanyNumber';

/**
 * 'Remover' asks first: calls to the number stop reaching the company at once. A refusal (the main number, or a
 * number campaigns call from, named) stays in the dialog, so the manager reads what to change first.
 */
export function RemoveNumberButton({ number }: { number: CompanyNumberRow }) {
  const [asking, setAsking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const remove = useRemoveCompanyNumber();
  const written = formatPhoneNumber(number.NU_Numero);
  const close = () => {
    setAsking(false);
    setRefusal(null);
  };
  const confirm = async () => {
    setRefusal(null);
    try {
      await remove.mutateAsync(number.ID_Numero);
      close();
    } catch (error) {
      setRefusal(errorText(error));
    }
  };
  return (
    <>
      <button
        type="button"
        className="consig-button consig-button--ghost"
        onClick={() => setAsking(true)}
        aria-label={`Remover ${written}`}
      >
        Remover
      </button>
      {asking && (
        <Dialog title={`Remover ${written}`} onClose={close}>
          <p>As ligações para {written} deixam de chegar à empresa. Remover o número?</p>
          {refusal && (
            <p role="alert" className="cd-telephony__refusal">
              {refusal}
            </p>
          )}
          <div className="cd-dialog-actions">
            <button type="button" className="consig-button consig-button--ghost" onClick={close}>
              Cancelar
            </button>
            <button type="button" className="consig-button" onClick={confirm} disabled={remove.isPending}>
              {remove.isPending ? 'Removendo...' : 'Remover'}
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}
