import { afterCallLimitForm, type AfterCallLimitRequest } from '@consig/shared';
import { Field, Form, SubmitButton, useZodForm } from '@consig/shared/forms';
import { useSetAfterCallLimit } from './api/setAfterCallLimit';

/**
 * The company's after-call limit (managers; the API refuses anyone else): after-call work longer than it is
 * flagged on the board. Saved, the board is read again with it.
 */
export function AfterCallLimitForm({ limitSeconds }: { limitSeconds: number }) {
  const form = useZodForm(afterCallLimitForm, { defaultValues: { NU_LimitePosAtendimento: String(limitSeconds) } });
  const save = useSetAfterCallLimit();
  const send = (values: AfterCallLimitRequest) =>
    save.mutateAsync(values).then(
      () => undefined,
      () => undefined, // the mutation already showed the server's refusal
    );
  return (
    <Form form={form} onSubmit={send} className="rp-limit" aria-label="Limite de pós-atendimento">
      <Field name="NU_LimitePosAtendimento" label="Limite de pós-atendimento (segundos)" inputMode="numeric" maxLength={4} />
      <SubmitButton busyLabel="Salvando...">Salvar</SubmitButton>
    </Form>
  );
}
