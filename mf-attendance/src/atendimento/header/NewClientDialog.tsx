import { cpfParam, digitsOnly, routeLinks } from '@consig/shared';
import { Field, Form, SubmitButton } from '@consig/shared/forms';
import { useForm, type Resolver, type ResolverResult } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { getClientByCpf } from '../api/getClientByCpf';
import { useAttendanceStore } from '../state/AttendanceContext';
import { Dialog } from '../ui/Dialog';
import { screenToast } from '../ui/screenToast';

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

  const change = async ({ cpf }: NewClientValues) => {
    try {
      const client = await getClientByCpf(cpf);
      store.dispatch({ type: 'reset' });
      navigate(routeLinks.attendance(client.ClienteID));
      onClose();
    } catch (error) {
      screenToast.error(error);
    }
  };

  return (
    <Dialog title="Novo Cliente" onClose={onClose}>
      <Form form={form} onSubmit={change} className="att-dialog__form">
        <Field name="cpf" label="CPF" mask="cpf" required autoComplete="off" />
        <SubmitButton busyLabel="Buscando...">Mudar</SubmitButton>
      </Form>
    </Dialog>
  );
}
