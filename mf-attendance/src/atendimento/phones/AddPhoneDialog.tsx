import { TOAST_MS, phoneRequest, type PhoneRequest } from '@consig/shared';
import { Field, Form, SubmitButton, useZodForm } from '@consig/shared/forms';
import { phoneKeys, useApiMutation } from '@consig/shared/query';
import { addPhone } from '../api/addPhone';
import { Dialog } from '@consig/shared';

/**
 * 'Adicionar Telefone' (§2, §5 "Phone add dialog"): validated by the contract's own request schema, so the
 * dialog shows the very three messages the API answers. On success the phone list is read again.
 */
export function AddPhoneDialog({ clientId, onClose }: { clientId: number; onClose: () => void }) {
  const form = useZodForm(phoneRequest, { defaultValues: { DE_Telefone: '', ClienteID: clientId } });
  const adding = useApiMutation({
    mutationFn: addPhone,
    invalidates: [phoneKeys.list({ clientId })],
    toastDuration: TOAST_MS.clientScreen,
    onSuccess: onClose,
  });
  // The toasts come from the mutation; the form only waits for it (its submit button shows the spinner).
  const save = (request: PhoneRequest) => adding.mutateAsync(request).catch(() => undefined);

  return (
    <Dialog title="Adicionar Telefone" onClose={onClose}>
      <Form form={form} onSubmit={save} className="att-dialog__form">
        <Field name="DE_Telefone" label="Telefone" mask="phoneDigits" autoComplete="off" />
        <SubmitButton busyLabel="Salvando...">Salvar</SubmitButton>
      </Form>
    </Dialog>
  );
}
