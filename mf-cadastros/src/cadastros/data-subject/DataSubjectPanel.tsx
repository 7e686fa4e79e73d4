import { dataSubjectSearch, digitsOnly, formatSaoPauloDateTime, LoadFailure, type DataSubjectSummary } from '@consig/shared';
import { Field, Form, SubmitButton, useZodForm } from '@consig/shared/forms';
import { QueryLoading } from '@consig/shared/query';
import { useId, useState } from 'react';
import { AnonymiseDialog } from './AnonymiseDialog';
import { useDataSubjectDoNotCall } from './api/dataSubjectDoNotCall';
import { useDownloadDataSubjectExport } from './api/downloadDataSubjectExport';
import { useDataSubject } from './api/getDataSubject';
import './dataSubject.css';

/**
 * 'Titulares (LGPD)' (docs/rules.md "Data-subject requests (LGPD)"; managers only): by CPF, what the company holds on
 * a person, the export of all of it as a JSON file, their phones onto 'Não Me Perturbe', and the anonymisation.
 */
export function DataSubjectPanel() {
  const titleId = useId();
  const [cpf, setCpf] = useState<string | null>(null);
  const found = useDataSubject(cpf);
  const form = useZodForm(dataSubjectSearch, { defaultValues: { CO_CPF: '' } });

  return (
    <section aria-labelledby={titleId} className="cd-data-subject">
      <h2 id={titleId}>Titulares (LGPD)</h2>
      <p className="cd-note">
        Pedidos do titular dos dados pelo CPF: consultar o que a empresa guarda, exportar tudo em um arquivo, incluir os telefones no Não Me
        Perturbe e anonimizar quando a lei permitir.
      </p>
      <Form form={form} onSubmit={({ CO_CPF }) => setCpf(digitsOnly(CO_CPF))} className="cd-ds-search" aria-label="Consultar titular">
        <Field name="CO_CPF" label="CPF do titular" mask="cpf" autoComplete="off" />
        <SubmitButton busyLabel="Consultando...">Consultar</SubmitButton>
      </Form>
      {cpf === null ? null : found.data ? (
        <Summary cpf={cpf} summary={found.data} />
      ) : found.isError ? (
        <LoadFailure what="consultar o titular" error={found.error} onRetry={() => found.refetch()} />
      ) : (
        <QueryLoading slow={found.isSlow} />
      )}
    </section>
  );
}

/** What the company holds on the person, and the three requests. */
function Summary({ cpf, summary }: { cpf: string; summary: DataSubjectSummary }) {
  const [anonymising, setAnonymising] = useState(false);
  const download = useDownloadDataSubjectExport();
  const doNotCall = useDataSubjectDoNotCall();
  // What the last do-not-call request did, kept on screen beside the toast (how many numbers were new).
  const [doNotCallText, setDoNotCallText] = useState('');
  return (
    <div className="cd-ds-summary">
      <h3>
        {summary.DE_Titular || '(sem nome)'} <span className="cd-ds-cpf">{summary.DE_CPFParcial}</span>
      </h3>
      {summary.TS_Anonimizacao && <p role="status">Anonimizado em {formatSaoPauloDateTime(summary.TS_Anonimizacao)}.</p>}
      <dl className="cd-ds-counts" aria-label="Registros por categoria">
        {summary.contagens.map((count) => (
          <div key={count.CO_Categoria}>
            <dt>{count.DE_Categoria}</dt>
            <dd>{count.NU_Registros.toLocaleString('pt-BR')}</dd>
          </div>
        ))}
      </dl>
      {summary.SN_PodeAnonimizar === 0 && (
        <div className="cd-ds-refusal" role="note" aria-label="Anonimização não permitida agora">
          <p>A anonimização não é permitida agora:</p>
          <ul>
            {summary.motivos.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="cd-ds-actions">
        <button type="button" className="consig-button" onClick={() => download.mutate(cpf)} disabled={download.isPending}>
          {download.isPending ? 'Baixando...' : 'Baixar dados (JSON)'}
        </button>
        <button
          type="button"
          className="consig-button consig-button--ghost"
          onClick={() => doNotCall.mutate(cpf, { onSuccess: ({ text }) => setDoNotCallText(text) })}
          disabled={doNotCall.isPending}
        >
          {doNotCall.isPending ? 'Incluindo...' : 'Incluir telefones no Não Me Perturbe'}
        </button>
        <button type="button" className="consig-button cd-ds-danger" onClick={() => setAnonymising(true)}>
          Anonimizar
        </button>
      </div>
      {doNotCallText && <p role="status">{doNotCallText}</p>}
      {anonymising && <AnonymiseDialog cpf={cpf} onClose={() => setAnonymising(false)} />}
    </div>
  );
}
