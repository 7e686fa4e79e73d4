import { cpfParam, digitsOnly, phoneSchema, routeLinks, TOAST_MS, type Client } from '@consig/shared';
import { Field, Form, SubmitButton } from '@consig/shared/forms';
import { ApiFailure, phoneKeys, useApiMutation } from '@consig/shared/query';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { addPhone } from '../api/addPhone';
import { getClientByCpf } from '../api/getClientByCpf';
import { getPhonesQueryOptions } from '../api/getPhones';
import { confirmLeaving } from '../client-form/useUnsavedChangesPrompt';
import { useAttendanceStore } from '../state/AttendanceContext';
import { Dialog } from '@consig/shared';

/**
 * The CPF of the dialog: required without a message (product-spec §5 "New client"), then the contract's
 * own check ('CPF inválido.') on its digits, the very rule the API applies to GET /crm/cliente/basico/{cpf}.
 * The phone (shown for a caller's number) may be left empty; typed, it follows the add-phone dialog's rules.
 */
// A type alias, not an interface: react-hook-form's resolver result needs an indexable record.
type NewClientValues = { cpf: string; phone: string };

const checkValues: Resolver<NewClientValues> = (values) => {
  const errors: FieldErrors<NewClientValues> = {};
  const cpf = values.cpf ? cpfParam.safeParse(digitsOnly(values.cpf)) : null;
  if (!cpf) errors.cpf = { type: 'required', message: '' };
  else if (!cpf.success) errors.cpf = { type: 'validate', message: cpf.error.issues[0]?.message ?? 'CPF inválido.' };
  const phone = values.phone ? phoneSchema.safeParse(values.phone) : null;
  if (phone && !phone.success) errors.phone = { type: 'validate', message: phone.error.issues[0]?.message ?? '' };
  return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
};

interface Props {
  /** A caller's number (DDD + number) to give the client as a phone: 'Novo Cliente' opened by an answered call. */
  phone?: string;
  /** The attendant closed it without opening a client (Escape, 'Fechar', the backdrop). */
  onClose: () => void;
  /** It opened the client it found or created. */
  onOpened: () => void;
}

/**
 * 'Novo Cliente': finds the client of a CPF (the company's, or one made from the prospect base) and opens its service
 * screen (§2); a valid CPF that no base knows asks 'CPF não encontrado na base. Cadastrar novo cliente?', and
 * 'Cadastrar' creates it and opens it in edit mode. An invalid CPF says 'CPF inválido.' under
 * the field and asks nothing of the server. Opened by an answered
 * call from a number that is no client's, it also shows that number as 'Telefone' and adds it to the client's
 * phones (POST /cadastro/telefone, unless the client has it already) before opening the client.
 */
/** What the look-up found: a client to open, or a CPF that no base knows (the dialog then asks before creating it). */
type LookUp = { client: Client; created: boolean } | { notInBase: string };

export function NewClientDialog({ phone = '', onClose, onOpened }: Props) {
  const form = useForm<NewClientValues>({ mode: 'onTouched', defaultValues: { cpf: '', phone: digitsOnly(phone) }, resolver: checkValues });
  const navigate = useNavigate();
  const store = useAttendanceStore();
  const queryClient = useQueryClient();
  // The question of a CPF no base knows, and the values that asked it.
  const [question, setQuestion] = useState<{ text: string; values: NewClientValues } | null>(null);

  const lookUp = useApiMutation({
    // A read, but one the attendant asks for (and which may create the client), so it runs as the screen's
    // writes do: a refusal is an error toast of 5000 ms. A found client says enough by opening; no success toast,
    // except 'Telefone cadastrado.' when the caller's number was added.
    mutationFn: async ({ values, create }: { values: NewClientValues; create: boolean }): Promise<{ text: string; data: LookUp }> => {
      let client: Client;
      try {
        client = await getClientByCpf(values.cpf, { askFirst: !create });
      } catch (error) {
        // 404 of cadastrar=0: no base knows the CPF; nothing was created.
        if (error instanceof ApiFailure && error.status === 404) return { text: '', data: { notInBase: error.message } };
        throw error;
      }
      const found = { client, created: create };
      if (!values.phone) return { text: '', data: found };
      const phones = await queryClient.fetchQuery(getPhonesQueryOptions(client.ClienteID));
      if (phones.some((known) => known.DE_Telefone === values.phone)) return { text: '', data: found };
      const { text } = await addPhone({ DE_Telefone: values.phone, ClienteID: client.ClienteID });
      return { text, data: found };
    },
    invalidates: (_request, { data }) => ('client' in data ? [phoneKeys.list({ clientId: data.client.ClienteID })] : []),
    toastDuration: TOAST_MS.clientScreen,
    onSuccess: ({ data }, { values }) => {
      if ('notInBase' in data) {
        setQuestion({ text: data.notInBase, values });
        return;
      }
      store.dispatch({ type: 'reset' });
      // A client just registered opens in edit mode, the form shown, for the attendant to fill in.
      if (data.created) store.openForEditing(data.client.ClienteID);
      navigate(routeLinks.attendance(data.client.ClienteID));
      onOpened();
    },
  });
  // The form's submit button shows the spinner and ignores clicks until the look-up is answered. Another client
  // replaces this one: unsaved edits of the form ask first.
  const change = (values: NewClientValues) => {
    if (!confirmLeaving(store.getState().clientDirty)) return undefined;
    return lookUp.mutateAsync({ values, create: false }).catch(() => undefined);
  };
  const register = () => {
    if (question) void lookUp.mutateAsync({ values: question.values, create: true }).catch(() => undefined);
  };

  return (
    <Dialog title="Novo Cliente" onClose={onClose}>
      {question ? (
        <div className="att-dialog__form">
          <p role="alert">{question.text}</p>
          <div className="att-dialog__actions">
            <button type="button" className="consig-button" onClick={register} disabled={lookUp.isPending} aria-busy={lookUp.isPending}>
              {lookUp.isPending ? 'Cadastrando...' : 'Cadastrar'}
            </button>
            <button
              type="button"
              className="consig-button consig-button--ghost"
              onClick={() => setQuestion(null)}
              disabled={lookUp.isPending}
            >
              Cancelar
            </button>
          </div>
        </div>
      ) : (
        <Form form={form} onSubmit={change} className="att-dialog__form">
          <Field name="cpf" label="CPF" mask="cpf" required autoComplete="off" />
          {phone && <Field name="phone" label="Telefone" mask="phoneDigits" autoComplete="off" />}
          <SubmitButton busyLabel="Buscando...">Mudar</SubmitButton>
        </Form>
      )}
    </Dialog>
  );
}
