import { Dialog, personForm, ROLE, useSession, type PersonForm, type PersonRow } from '@consig/shared';
import { Field, Form, SelectField, SubmitButton, useZodForm } from '@consig/shared/forms';
import { useCreatePerson } from './api/createPerson';
import { usePeople } from './api/getPeople';
import { useUpdatePerson } from './api/updatePerson';
import { rolesGivenBy } from './whoMayManage';

const TELEPHONY_OPTIONS = [
  { value: 1, label: 'Com telefonia' },
  { value: 0, label: 'Sem telefonia' },
];

/**
 * 'Nova pessoa' and 'Editar': the whole form, checked by the API's own rules and texts before it is sent. A blank
 * extension with telephony on gets the next free one. A new person comes back with their temporary password
 * (`onCreated`), which the screen shows once, unless the API e-mailed them an invitation instead.
 */
export function PersonDialog({
  person,
  onClose,
  onCreated,
}: {
  /** The person to edit; absent: a new one. */
  person?: PersonRow;
  onClose: () => void;
  onCreated: (created: { name: string; password: string }) => void;
}) {
  const callerRole = useSession().user?.ID_Funcao;
  const form = useZodForm(personForm, {
    defaultValues: person
      ? {
          DE_Pessoa: person.DE_Pessoa,
          EM_Email: person.EM_Email,
          ID_Funcao: person.ID_Funcao as PersonForm['ID_Funcao'],
          SN_Telefonia: person.SN_Telefonia,
          NU_Ramal: person.NU_Ramal ?? '',
          ID_Supervisor: person.ID_Supervisor,
        }
      : { DE_Pessoa: '', EM_Email: '', ID_Funcao: ROLE.ATENDENTE, SN_Telefonia: 1, NU_Ramal: '', ID_Supervisor: null },
  });
  // Who may supervise: the company's active supervisors and managers (the API checks it again).
  const leaders = usePeople({ SN_Ativo: 1 }).data?.filter((p) => p.ID_Funcao !== ROLE.ATENDENTE && p.ID_Pessoa !== person?.ID_Pessoa) ?? [];
  const create = useCreatePerson();
  const update = useUpdatePerson();

  const send = async (values: PersonForm) => {
    try {
      if (person) {
        await update.mutateAsync({ ...values, personId: person.ID_Pessoa });
      } else {
        const { data } = await create.mutateAsync(values);
        // No password when an invitation e-mail went out instead: the success toast says so.
        if (data.PW_Temporaria !== null) onCreated({ name: data.DE_Pessoa, password: data.PW_Temporaria });
      }
      onClose();
    } catch {
      // the mutation showed the server's refusal; the form stays as typed
    }
  };

  return (
    <Dialog title={person ? `Editar ${person.DE_Pessoa}` : 'Nova pessoa'} onClose={onClose}>
      <Form form={form} onSubmit={send} className="cd-person-form" aria-label={person ? 'Editar pessoa' : 'Nova pessoa'}>
        <Field name="DE_Pessoa" label="Nome" maxLength={100} autoComplete="off" />
        <Field name="EM_Email" label="E-mail" type="email" autoComplete="off" />
        <SelectField name="ID_Funcao" label="Função" options={rolesGivenBy(callerRole)} numeric emptyLabel={null} />
        <SelectField name="SN_Telefonia" label="Telefonia" options={TELEPHONY_OPTIONS} numeric emptyLabel={null} />
        <Field name="NU_Ramal" label="Ramal (em branco: o próximo livre)" inputMode="numeric" maxLength={6} />
        <SelectField
          name="ID_Supervisor"
          label="Supervisor"
          options={leaders.map((leader) => ({ value: leader.ID_Pessoa, label: leader.DE_Pessoa }))}
          numeric
          emptyLabel="Nenhum"
        />
        <div className="cd-dialog-actions">
          <button type="button" className="consig-button consig-button--ghost" onClick={onClose}>
            Cancelar
          </button>
          <SubmitButton busyLabel="Salvando...">{person ? 'Salvar' : 'Cadastrar'}</SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}
