import { callbackSlotForm, Dialog, errorText, type Callback, type CallbackSlotForm } from '@consig/shared';
import { Field, Form, SubmitButton, useZodForm } from '@consig/shared/forms';
import { useId, useState } from 'react';
import { useMoveCallback } from './api/moveCallback';
import { dateTimeOf, localFields, localInstant } from './calendarDays';

/**
 * 'Reagendar': a new day and time on the attendant's clock, sent as DT_Retorno with the browser's offset. The
 * server applies the rules of outcome 305 (in the future, within 60 days): its answer is a toast either way, and
 * a refusal also stays in the dialog, beside the fields, until the next try.
 */
export function RescheduleDialog({ callback, onClose }: { callback: Callback; onClose: () => void }) {
  const form = useZodForm(callbackSlotForm, { defaultValues: localFields(callback.TS_Retorno) });
  const moving = useMoveCallback(onClose);
  const [refusal, setRefusal] = useState<string | null>(null);
  const refusalId = useId();

  const send = async ({ date, time }: CallbackSlotForm) => {
    setRefusal(null);
    try {
      await moving.mutateAsync({ queueId: callback.FilaID, DT_Retorno: localInstant(date, time) });
    } catch (error) {
      setRefusal(errorText(error)); // the mutation has shown it as a toast too
    }
  };

  return (
    <Dialog title="Reagendar retorno" onClose={onClose}>
      <p className="att-cal-move__who">
        {callback.DE_Cliente} ({callback.DE_Campanha}), agora em {dateTimeOf(callback.TS_Retorno)}
      </p>
      <Form form={form} onSubmit={send} className="att-cal-move" aria-describedby={refusal ? refusalId : undefined}>
        <div className="att-cal-move__fields">
          <Field name="date" label="Data" type="date" />
          <Field name="time" label="Hora" type="time" />
        </div>
        {refusal && (
          <p id={refusalId} role="alert" className="att-cal-move__refusal">
            {refusal}
          </p>
        )}
        <div className="att-cal-move__actions">
          <button type="button" className="consig-button consig-button--ghost" onClick={onClose}>
            Cancelar
          </button>
          <SubmitButton busyLabel="Reagendando...">Reagendar</SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}
