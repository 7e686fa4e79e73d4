import { CLIENT_DOCUMENT_TYPES, clientDocumentType, readAsDataUrl } from '@consig/shared';
import { Form, SelectField, SubmitButton, useZodForm } from '@consig/shared/forms';
import { useId, useRef, useState } from 'react';
import { useUploadClientDocument } from './api/uploadClientDocument';
import { DOCUMENT_ACCEPT, documentFileProblem } from './documentFile';

const KIND_OPTIONS = CLIENT_DOCUMENT_TYPES.map((kind) => ({ value: kind.ID_TipoDocumento, label: kind.DE_TipoDocumento }));

/**
 * Uploads one document of the client: its kind (RG/CNH, comprovante de residência, extrato) and a PNG, JPEG or
 * PDF of at most 5 MB. A refused file keeps the form as it was; an accepted one clears it.
 */
export function DocumentUploadForm({ clientId }: { clientId: number }) {
  // The kind, by the API's own rule and text ('Selecione o tipo do documento.'); the file is checked beside it.
  const form = useZodForm(clientDocumentType);
  const upload = useUploadClientDocument(clientId);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const errorId = `${id}-erro`;

  const send = async ({ ID_TipoDocumento }: { ID_TipoDocumento: number }) => {
    if (!file || documentFileProblem(file)) return;
    let dataUrl: string;
    try {
      dataUrl = await readAsDataUrl(file);
    } catch {
      setFileError('Não foi possível ler o arquivo.');
      return;
    }
    try {
      await upload.mutateAsync({ clientId, ID_TipoDocumento, NO_Arquivo: file.name, TX_Base: dataUrl });
    } catch {
      return; // the mutation showed the server's refusal; what was chosen stays
    }
    form.reset();
    setFile(null);
    if (input.current) input.current.value = '';
  };

  return (
    // The file is checked on every submit, also when the kind's check stops it (both messages at once).
    <Form form={form} onSubmit={send} onSubmitCapture={() => setFileError(documentFileProblem(file))} className="att-documents__form">
      <SelectField name="ID_TipoDocumento" label="Tipo do documento" options={KIND_OPTIONS} numeric />
      <div className="consig-field">
        <label htmlFor={id}>Arquivo (PNG, JPEG ou PDF, até 5 MB)</label>
        <input
          ref={input}
          id={id}
          type="file"
          accept={DOCUMENT_ACCEPT}
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            setFile(chosen);
            setFileError(chosen ? documentFileProblem(chosen) : null);
          }}
          aria-invalid={fileError ? true : false}
          aria-describedby={fileError ? errorId : undefined}
        />
        {fileError && (
          <p id={errorId} className="field-error">
            {fileError}
          </p>
        )}
      </div>
      <SubmitButton busyLabel="Enviando...">Enviar documento</SubmitButton>
    </Form>
  );
}
