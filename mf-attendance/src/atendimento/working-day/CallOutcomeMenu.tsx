import { CALL_OUTCOMES } from '@consig/shared';
import { useState } from 'react';
import { CallbackDialog } from './CallbackDialog';
import { Menu } from './Menu';
import { useCallOutcome } from './useWorkingDay';

const ITEMS = CALL_OUTCOMES.map((outcome) => ({ id: outcome.ID_Status, label: outcome.DE_Status }));
const CALLBACK = 305;

/**
 * The Call tabulation menu (product-spec §2, §4): the outcome of the call with `clientId`. 'Retornar
 * ligação' first asks when (optional: without a time the client comes back on the next business day).
 */
export function CallOutcomeMenu({ clientId }: { clientId: number }) {
  const outcome = useCallOutcome();
  const [askingCallback, setAskingCallback] = useState(false);
  const send = (ID_Status: number, DT_Retorno?: string) => {
    if (!outcome.isPending) outcome.mutate({ ID_Status, ID_Cliente: clientId, DT_Retorno });
  };
  return (
    <>
      <Menu
        label="Tabular ligação"
        items={ITEMS}
        busy={outcome.isPending}
        onChoose={(item) => (item.id === CALLBACK ? setAskingCallback(true) : send(item.id))}
      />
      {askingCallback && (
        <CallbackDialog
          onClose={() => setAskingCallback(false)}
          onConfirm={(at) => {
            setAskingCallback(false);
            send(CALLBACK, at ?? undefined);
          }}
        />
      )}
    </>
  );
}
