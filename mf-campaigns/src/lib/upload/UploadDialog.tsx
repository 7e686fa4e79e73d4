import { campaignKeys, useApiMutation } from '@consig/shared/query';
import { CAMPAIGN_TEXT, Dialog, IMPORT_TEXT, readAsDataUrl, TOAST_MS } from '@consig/shared';
import { useId, useState, type FormEvent } from 'react';
import { uploadImport } from './api/uploadImport';
import { ImportProgress } from './ImportProgress';

/** product-spec §2 "Own batch import": what the dialog tells before a file is chosen. */
export const UPLOAD_RULES = [
  'Apenas CSV de até 60MB; para arquivos maiores, contate o suporte.',
  'No máximo 50.000 clientes por planilha.',
  'Cada linha precisa ao menos do CPF do cliente.',
  IMPORT_TEXT.newClientFields,
  IMPORT_TEXT.inssFields,
  'Campanhas que exigem valor ofertado e valor da parcela só adicionam o cliente com esses valores preenchidos.',
] as const;

export const FILE_REQUIRED = 'Anexar um arquivo é obrigatório.';

type Sanitize = '' | 'sim' | 'nao';
interface Errors {
  file?: string;
  sanitize?: string;
}

/**
 * The CSV upload (product-spec §2, §5 "Upload own batch"): file and SN_Higienizar required; the file goes
 * as a data URL with an upload bar, then the import is followed until it ends.
 */
export function UploadDialog({ campaignId, onClose }: { campaignId: number; onClose: () => void }) {
  const ids = { file: useId(), sanitize: useId(), fileError: useId(), sanitizeError: useId() };
  const [file, setFile] = useState<File | null>(null);
  const [sanitize, setSanitize] = useState<Sanitize>('');
  const [errors, setErrors] = useState<Errors>({});
  const [sent, setSent] = useState<number | null>(null);
  const [importId, setImportId] = useState<number | null>(null);

  const upload = useApiMutation({
    mutationFn: async ({ chosen, clean }: { chosen: File; clean: boolean }) => {
      const TX_Base = await readAsDataUrl(chosen);
      setSent(0);
      return uploadImport({ TX_Base, ID_Campanha: campaignId, SN_Higienizar: clean }, setSent);
    },
    toastDuration: TOAST_MS.screens,
    invalidates: [campaignKeys.all],
    onSuccess: ({ data }) => setImportId(data.ID_Importacao),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {
      file: file ? undefined : FILE_REQUIRED,
      sanitize: sanitize ? undefined : CAMPAIGN_TEXT.required,
    };
    setErrors(found);
    if (!file || !sanitize) return;
    upload.mutate({ chosen: file, clean: sanitize === 'sim' }, { onError: () => setSent(null) });
  };

  return (
    <Dialog title="Importar arquivo CSV" onClose={onClose}>
      {importId !== null ? (
        <ImportProgress importId={importId} />
      ) : (
        <form noValidate onSubmit={submit}>
          <ul className="cmp-rules">
            {UPLOAD_RULES.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
          <div className="consig-field">
            <label htmlFor={ids.file}>Arquivo CSV</label>
            <input
              id={ids.file}
              type="file"
              accept=".csv,text/csv"
              aria-invalid={errors.file ? true : undefined}
              aria-describedby={errors.file ? ids.fileError : undefined}
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null;
                setFile(chosen);
                if (chosen) setErrors((current) => ({ ...current, file: undefined }));
              }}
            />
            {errors.file ? (
              <p id={ids.fileError} className="cmp-error" role="alert">
                {errors.file}
              </p>
            ) : null}
          </div>
          <fieldset
            className="consig-field"
            aria-invalid={errors.sanitize ? true : undefined}
            aria-describedby={errors.sanitize ? ids.sanitizeError : undefined}
          >
            <legend>Higienizar o arquivo?</legend>
            {(['sim', 'nao'] as const).map((choice) => (
              <label key={choice}>
                <input
                  type="radio"
                  name={ids.sanitize}
                  value={choice}
                  checked={sanitize === choice}
                  onChange={() => {
                    setSanitize(choice);
                    setErrors((current) => ({ ...current, sanitize: undefined }));
                  }}
                />{' '}
                {choice === 'sim' ? 'Sim' : 'Não'}
              </label>
            ))}
            {errors.sanitize ? (
              <p id={ids.sanitizeError} className="cmp-error" role="alert">
                {errors.sanitize}
              </p>
            ) : null}
          </fieldset>
          {upload.isPending && sent !== null ? (
            <progress className="cmp-progress" aria-label="Envio do arquivo" max={1} value={sent} />
          ) : null}
          <div className="cmp-dialog__actions">
            <button type="submit" className="consig-button" disabled={upload.isPending}>
              {upload.isPending ? 'Enviando...' : 'Enviar'}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
