import { LoadFailure, telephonySettingsForm, type TelephonySettings, type TelephonySettingsRequest } from '@consig/shared';
import { Field, Form, SubmitButton, useZodForm } from '@consig/shared/forms';
import { QueryLoading } from '@consig/shared/query';
import { useId } from 'react';
import { useSaveTelephonySettings } from './api/saveTelephonySettings';
import { useTelephonySettings } from './api/getTelephonySettings';

/**
 * How long the company's call recordings are kept, and after how long after-call work is flagged on the live board
 * (the board's own setting, saved here together). Managers save it; supervisors read it.
 */
export function TelephonySettingsSection({ canEdit }: { canEdit: boolean }) {
  const titleId = useId();
  const settings = useTelephonySettings();
  return (
    <section aria-labelledby={titleId} className="cd-telephony__settings">
      <h3 id={titleId}>Gravações e pós-atendimento</h3>
      {settings.current ? (
        <SettingsForm settings={settings.current} canEdit={canEdit} />
      ) : settings.isError ? (
        <LoadFailure what="carregar a telefonia" error={settings.error} onRetry={() => settings.refetch()} />
      ) : (
        <QueryLoading slow={settings.isSlow} />
      )}
    </section>
  );
}

function SettingsForm({ settings, canEdit }: { settings: TelephonySettings; canEdit: boolean }) {
  const form = useZodForm(telephonySettingsForm, {
    defaultValues: { NU_DiasGravacao: String(settings.NU_DiasGravacao), NU_LimitePosAtendimento: String(settings.NU_LimitePosAtendimento) },
  });
  const save = useSaveTelephonySettings();
  const send = (values: TelephonySettingsRequest) =>
    save.mutateAsync(values).then(
      () => undefined,
      () => undefined, // the mutation already showed the server's refusal
    );
  return (
    <Form form={form} onSubmit={send} className="cd-telephony__settings-form" aria-label="Gravações e pós-atendimento">
      <p className="cd-note">
        As gravações são apagadas depois desse prazo, contado do início da ligação (mínimo legal para SAC: 90 dias). O pós-atendimento acima
        do limite é sinalizado no painel ao vivo.
      </p>
      <Field name="NU_DiasGravacao" label="Retenção das gravações (dias)" inputMode="numeric" maxLength={4} disabled={!canEdit} />
      <Field
        name="NU_LimitePosAtendimento"
        label="Limite de pós-atendimento (segundos)"
        inputMode="numeric"
        maxLength={4}
        disabled={!canEdit}
      />
      {canEdit && <SubmitButton busyLabel="Salvando...">Salvar</SubmitButton>}
    </Form>
  );
}
