import { CREDIT_TYPES, Dialog, errorText, RATE_SOURCE_MAX, rateForm, toIsoDate, type RateForm } from '@consig/shared';
import { Field, Form, SelectField, SubmitButton, useZodForm } from '@consig/shared/forms';
import { useBanks } from '@consig/shared/query';
import { useCreateRate } from './api/createRate';

const CREDIT_TYPE_OPTIONS = CREDIT_TYPES.map((type) => ({ value: type.ID_TipoCredito, label: type.label }));
const FIELDS: readonly (keyof RateForm)[] = ['ID_TipoCredito', 'ID_Banco', 'VL_TaxaMensal', 'DT_Vigencia', 'DE_Fonte'];

/** The API's 400 names its field first ('VL_TaxaMensal: A taxa de 1,86% a.m. excede o teto…'): that field and its text. */
function fieldRefusal(text: string): { field: keyof RateForm; message: string } | null {
  const match = /^(\w+): (.+)$/s.exec(text);
  const field = FIELDS.find((name) => name === match?.[1]);
  return match && field ? { field, message: match[2] } : null;
}

/**
 * 'Nova taxa': the type, the bank or every bank, the monthly rate, the first day it applies and where it came from,
 * checked by the API's own rules and texts before it is sent. A rate above the cap in force on its day comes back
 * refused with the cap's text, shown under the rate.
 */
export function RateDialog({ onClose }: { onClose: () => void }) {
  const form = useZodForm(rateForm, {
    defaultValues: { ID_TipoCredito: undefined, ID_Banco: null, VL_TaxaMensal: '', DT_Vigencia: toIsoDate(), DE_Fonte: '' },
  });
  const banks = useBanks().data ?? [];
  const create = useCreateRate();

  const send = async (values: RateForm) => {
    try {
      await create.mutateAsync(values);
      onClose();
    } catch (error) {
      // The toast showed the refusal; a field's one stays under that field while the form is corrected.
      const refusal = fieldRefusal(errorText(error));
      if (refusal) form.setError(refusal.field, { type: 'server', message: refusal.message }, { shouldFocus: true });
    }
  };

  return (
    <Dialog title="Nova taxa" onClose={onClose}>
      <Form form={form} onSubmit={send} className="cd-rate-form" aria-label="Nova taxa">
        <SelectField name="ID_TipoCredito" label="Tipo de crédito" options={CREDIT_TYPE_OPTIONS} numeric />
        <SelectField
          name="ID_Banco"
          label="Banco"
          options={banks.map((bank) => ({ value: bank.BancoID, label: bank.DE_Banco }))}
          numeric
          emptyLabel="Todos os bancos"
        />
        <Field name="VL_TaxaMensal" label="Taxa (% a.m.)" inputMode="decimal" maxLength={7} autoComplete="off" placeholder="1.85" />
        <Field name="DT_Vigencia" label="Vigência (a partir de)" type="date" />
        <Field name="DE_Fonte" label="Fonte (opcional)" maxLength={RATE_SOURCE_MAX} autoComplete="off" />
        <p className="cd-note">Uma taxa não é alterada: a nova substitui a anterior a partir da vigência.</p>
        <div className="cd-dialog-actions">
          <button type="button" className="consig-button consig-button--ghost" onClick={onClose}>
            Cancelar
          </button>
          <SubmitButton busyLabel="Salvando...">Cadastrar</SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}
