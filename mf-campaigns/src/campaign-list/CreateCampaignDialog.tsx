import { createCampaignRequest, TOAST_MS } from '@consig/shared';
import { Field, Form, SelectField, SubmitButton, useZodForm } from '@consig/shared/forms';
import { campaignKeys, useAgencies, useApiMutation } from '@consig/shared/query';
import { Dialog } from '@consig/shared';
import { createCampaign } from './api/createCampaign';

/** 'Criar campanha' (product-spec §5 "Campaign create"): a name and an agency type, both required. */
export function CreateCampaignDialog({ onClose }: { onClose: () => void }) {
  const form = useZodForm(createCampaignRequest, { defaultValues: { DE_Campanha: '' } });
  const agencies = useAgencies();
  const options = (agencies.data ?? []).map((agency) => ({ value: agency.OrgaoID, label: agency.DE_Orgao }));

  const create = useApiMutation({
    mutationFn: createCampaign,
    toastDuration: TOAST_MS.screens,
    invalidates: [campaignKeys.all],
    onSuccess: onClose,
  });

  return (
    <Dialog title="Criar campanha" onClose={onClose}>
      <Form form={form} onSubmit={(values) => create.mutateAsync(values).catch(() => undefined)}>
        <Field name="DE_Campanha" label="Nome da campanha" autoComplete="off" />
        <SelectField name="ID_Orgao" label="Tipo" options={options} numeric />
        <div className="cmp-dialog__actions">
          <SubmitButton busyLabel="Criando...">Criar</SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}
