import { cpfParam, digitsOnly, routeLinks, TOAST_MS } from '@consig/shared';
import { Field, Form, SubmitButton } from '@consig/shared/forms';
import { useApiMutation } from '@consig/shared/query';
import { useForm, type Resolver, type ResolverResult } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { getClientByCpf } from '../api/getClientByCpf';
import { useAttendanceStore } from '../state/AttendanceContext';
import { Dialog } from '@consig/shared';

/**
 * The CPF of the dialog: required without a message (product-spec §5 "New client"), then the contract's
 * own check ('CPF inválido.') on its digits, the very rule the API applies to GET /crm/cliente/basico/{cpf}.
 */
// A type alias, not an interface: react-hook-form's resolver result needs an indexable record.
type NewClientValues = { cpf: string };

const refused = (type: string, message: string): ResolverResult<NewClientValues> => ({ values: {}, errors: { cpf: { type, message } } });

const checkCpf: Resolver<NewClientValues> = (values) => {
  if (!values.cpf) return refused('required', '');
  const parsed = cpfParam.safeParse(digitsOnly(values.cpf));
  return parsed.success ? { values, errors: {} } : refused('validate', parsed.error.issues[0]?.message ?? 'CPF inválido.');
};

/** 'Novo Cliente': finds (or creates) the client of a CPF and opens its service screen (§2). */
export function NewClientDialog({ onClose }: { onClose: () => void }) {
  const form = useForm<NewClientValues>({ mode: 'onTouched', defaultValues: { cpf: '' }, resolver: checkCpf });
  const navigate = useNavigate();
  const store = useAttendanceStore();

  const lookUp = useApiMutation({
    // A read, but one the attendant asks for (and which may create the client), so it runs as the screen's
    // writes do: a refusal is an error toast of 5000 ms. A found client says enough by opening; no success toast.
    mutationFn: async (cpf: string) => ({ text: '', data: await getClientByCpf(cpf) }),
    toastDuration: TOAST_MS.clientScreen,
    onSuccess: ({ data: client }) => {
      store.dispatch({ type: 'reset' });
      navigate(routeLinks.attendance(client.ClienteID));
      onClose();
    },
  });
  // The form's submit button shows the spinner and ignores clicks until the look-up is answered.
  const change = ({ cpf }: NewClientValues) => lookUp.mutateAsync(cpf).catch(() => undefined);

  return (
    <Dialog title="Novo Cliente" onClose={onClose}>
      <Form form={form} onSubmit={change} className="att-dialog__form">
        <Field name="cpf" label="CPF" mask="cpf" required autoComplete="off" />
        <SubmitButton busyLabel="Buscando...">Mudar</SubmitButton>
      </Form>
    </Dialog>
  );
}
