import { ATTENDANT_STATUS, attendantStatusRequest, Dialog, PAUSE_REASONS, type FloorAttendant } from '@consig/shared';
import { Form, SelectField, SubmitButton, useZodForm } from '@consig/shared/forms';
import { useSetFloorAttendantStatus } from './api/setFloorAttendantStatus';

/** The pause reasons (202–206): 'Livre' (81) resumes, it is no pause. */
const REASONS = PAUSE_REASONS.filter((reason) => reason.ID_Status !== ATTENDANT_STATUS.AVAILABLE).map((reason) => ({
  value: reason.ID_Status,
  label: reason.DE_Status,
}));

/**
 * 'Pausar' an attendant: the reason (required, checked by the request's own schema and text), then the PUT;
 * accepted, the dialog closes; refused, it stays open with the server's text as a toast.
 */
export function PauseDialog({ attendant, onClose }: { attendant: FloorAttendant; onClose: () => void }) {
  const form = useZodForm(attendantStatusRequest);
  const pause = useSetFloorAttendantStatus(onClose);
  const send = ({ ID_Status }: { ID_Status: number }) =>
    pause.mutateAsync({ attendantId: attendant.AtendenteID, ID_Status }).then(
      () => undefined,
      () => undefined, // the mutation already showed the server's refusal
    );

  return (
    <Dialog title={`Pausar ${attendant.DE_Pessoa}`} onClose={onClose}>
      <Form form={form} onSubmit={send} className="rp-pause">
        <SelectField name="ID_Status" label="Motivo da pausa" options={REASONS} numeric />
        <div className="rp-pause__actions">
          <button type="button" className="consig-button consig-button--ghost" onClick={onClose}>
            Cancelar
          </button>
          <SubmitButton busyLabel="Pausando...">Pausar</SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}
