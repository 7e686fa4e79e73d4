import { companyNumberForm, Dialog, formatPhoneNumber, type CompanyNumberForm, type CompanyNumberRow } from '@consig/shared';
import { Field, Form, SelectField, SubmitButton, useZodForm } from '@consig/shared/forms';
import { useCreateCompanyNumber } from './api/createCompanyNumber';
import { useUpdateCompanyNumber } from './api/updateCompanyNumber';

const YES = { value: 1, label: 'Sim' };
/** The list's 0/1 as the form's flag. */
const flag = (value: number): 0 | 1 => (value === 1 ? 1 : 0);
const NO = { value: 0, label: 'Não' };

/**
 * 'Novo número' and 'Editar': the whole form, checked by the API's own rules and texts before it is sent. The number
 * may be typed as written ('(11) 3003-0303', '+55 11 …', '0303 …'). The main number stays main (its only option)
 * until another number is made main.
 */
export function NumberDialog({ number, onClose }: { number?: CompanyNumberRow; onClose: () => void }) {
  const form = useZodForm(companyNumberForm, {
    defaultValues: number
      ? {
          NU_Numero: number.NU_Numero,
          DE_Numero: number.DE_Numero,
          SN_Principal: flag(number.SN_Principal),
          SN_Entrada: flag(number.SN_Entrada),
        }
      : { NU_Numero: '', DE_Numero: '', SN_Principal: 0, SN_Entrada: 1 },
  });
  const create = useCreateCompanyNumber();
  const update = useUpdateCompanyNumber();
  const isMain = number?.SN_Principal === 1;

  const send = async (values: CompanyNumberForm) => {
    try {
      if (number) await update.mutateAsync({ ...values, numberId: number.ID_Numero });
      else await create.mutateAsync(values);
      onClose();
    } catch {
      // the mutation showed the server's refusal; the form stays as typed
    }
  };

  const title = number ? `Editar ${formatPhoneNumber(number.NU_Numero)}` : 'Novo número';
  return (
    <Dialog title={title} onClose={onClose}>
      <Form form={form} onSubmit={send} className="cd-telephony__form" aria-label={number ? 'Editar número' : 'Novo número'}>
        <Field name="NU_Numero" label="Número (DDD + número, ou 0300/0303/0800…)" inputMode="tel" maxLength={30} autoComplete="off" />
        <Field name="DE_Numero" label="Descrição" maxLength={60} autoComplete="off" />
        <SelectField name="SN_Principal" label="Principal" options={isMain ? [YES] : [NO, YES]} numeric emptyLabel={null} />
        <SelectField name="SN_Entrada" label="Entrada (DID): recebe ligações" options={[YES, NO]} numeric emptyLabel={null} />
        <div className="cd-dialog-actions">
          <button type="button" className="consig-button consig-button--ghost" onClick={onClose}>
            Cancelar
          </button>
          <SubmitButton busyLabel="Salvando...">{number ? 'Salvar' : 'Cadastrar'}</SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}
