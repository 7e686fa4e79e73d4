import { Dialog, type RateRow } from '@consig/shared';
import { useState } from 'react';
import { useRemoveRate } from './api/removeRate';
import { dayLabel, percentLabel } from './rateFormat';

/** 'Remover' on a rate not yet in force, after a confirmation (the API refuses the others: they priced offers). */
export function RemoveRateButton({ rate }: { rate: RateRow }) {
  const [asking, setAsking] = useState(false);
  const remove = useRemoveRate();
  const what = `${rate.DE_TipoCredito}, ${rate.DE_Banco}, ${percentLabel(rate.VL_TaxaMensal)} a partir de ${dayLabel(rate.DT_Vigencia)}`;

  const confirm = async () => {
    try {
      await remove.mutateAsync(rate.ID_Taxa);
      setAsking(false);
    } catch {
      // the mutation showed the server's refusal
    }
  };

  return (
    <>
      <button type="button" className="consig-button consig-button--ghost" onClick={() => setAsking(true)} aria-label={`Remover ${what}`}>
        Remover
      </button>
      {asking && (
        <Dialog title="Remover taxa futura" onClose={() => setAsking(false)}>
          <p>Remover a taxa {what}? Ela ainda não vigorou; até a sua data vale a taxa atual.</p>
          <div className="cd-dialog-actions">
            <button type="button" className="consig-button consig-button--ghost" onClick={() => setAsking(false)}>
              Cancelar
            </button>
            <button type="button" className="consig-button" onClick={confirm} disabled={remove.isPending}>
              Remover
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}
