import { anonymisationRequest, Dialog, digitsOnly, errorText } from '@consig/shared';
import { Field, Form, SubmitButton, useZodForm } from '@consig/shared/forms';
import { useState } from 'react';
import { useAnonymiseDataSubject } from './api/anonymiseDataSubject';

/**
 * 'Anonimizar' asks first, and asks for the CPF again: the change cannot be undone. A refusal (the law does not allow
 * it yet, or the CPF typed is another) stays in the dialog with the server's text.
 */
export function AnonymiseDialog({ cpf, onClose }: { cpf: string; onClose: () => void }) {
  const form = useZodForm(anonymisationRequest, { defaultValues: { CO_CPFConfirmacao: '' } });
  const anonymise = useAnonymiseDataSubject();
  const [refusal, setRefusal] = useState<string | null>(null);
  const send = async ({ CO_CPFConfirmacao }: { CO_CPFConfirmacao: string }) => {
    setRefusal(null);
    try {
      await anonymise.mutateAsync({ cpf, confirmation: digitsOnly(CO_CPFConfirmacao) });
      onClose();
    } catch (error) {
      setRefusal(errorText(error));
    }
  };
  return (
    <Dialog title="Anonimizar titular" onClose={onClose}>
      <p>
        Os dados pessoais do cadastro serão substituídos e os telefones, documentos, gravações, fila, retornos e simulações, removidos. As
        propostas ficam com o que a lei exige guardar. Não há como desfazer.
      </p>
      <Form form={form} onSubmit={send} aria-label="Confirmar anonimização">
        <Field name="CO_CPFConfirmacao" label="Digite de novo o CPF do titular" mask="cpf" autoComplete="off" />
        {refusal && (
          <p role="alert" className="cd-ds-refusal">
            {refusal}
          </p>
        )}
        <div className="cd-dialog-actions">
          <button type="button" className="consig-button consig-button--ghost" onClick={onClose}>
            Cancelar
          </button>
          <SubmitButton busyLabel="Anonimizando...">Anonimizar</SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}
