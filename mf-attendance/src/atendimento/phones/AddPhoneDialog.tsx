import { telefoneRequest, type TelefoneRequest } from '@consig/shared';
import { Field, Form, SubmitButton, useZodForm } from '@consig/shared/forms';
import { phoneKeys } from '@consig/shared/query';
import { useQueryClient } from '@tanstack/react-query';
import { addPhone } from '../api/addPhone';
import { Dialog } from '../ui/Dialog';
import { screenToast } from '../ui/screenToast';

/**
 * 'Adicionar Telefone' (§2, §5 "Phone add dialog"): validated by the contract's own request schema, so the
 * dialog shows the very three messages the API answers. On success the phone list is read again.
 */
export function AddPhoneDialog({ clientId, onClose }: { clientId: number; onClose: () => void }) {
  const form = useZodForm(telefoneRequest, { defaultValues: { DE_Telefone: '', ClienteID: clientId } });
  const queryClient = useQueryClient();

  const save = async (request: TelefoneRequest) => {
    try {
      const { text } = await addPhone(request);
      screenToast.success(text);
      await queryClient.invalidateQueries({ queryKey: phoneKeys.list({ clientId }) });
      onClose();
    } catch (error) {
      screenToast.error(error);
    }
  };

  return (
    <Dialog title="Adicionar Telefone" onClose={onClose}>
      <Form form={form} onSubmit={save} className="att-dialog__form">
        <Field name="DE_Telefone" label="Telefone" inputMode="numeric" maxLength={11} autoComplete="off" />
        <SubmitButton busyLabel="Salvando...">Salvar</SubmitButton>
      </Form>
    </Dialog>
  );
}
