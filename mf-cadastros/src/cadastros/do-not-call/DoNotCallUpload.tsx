import { readAsDataUrl } from '@consig/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useUploadDoNotCallCsv } from './api/uploadDoNotCallCsv';

/** CSV or plain text: what a spreadsheet or a carrier's list export gives. */
const ACCEPT = '.csv,.txt,text/csv,text/plain';
/** The API's body limit holds a file of about 200,000 numbers; bigger files are refused here, before the upload. */
const MAX_BYTES = 2 * 1024 * 1024;

/**
 * A file of numbers onto the list, one per line in its first column, all or nothing (the API's rule): the answer
 * says how many were added, were already there and were invalid, and which lines those were.
 */
export function DoNotCallUpload() {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [invalidLines, setInvalidLines] = useState<number[]>([]);
  const upload = useUploadDoNotCallCsv();

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setInvalidLines([]);
    if (!file) return setProblem('Escolha um arquivo CSV ou de texto.');
    if (file.size > MAX_BYTES) return setProblem('O arquivo passa de 2 MB: divida-o em partes menores.');
    setProblem(null);
    let dataUrl: string;
    try {
      dataUrl = await readAsDataUrl(file);
    } catch {
      return setProblem('Não foi possível ler o arquivo.');
    }
    try {
      const { data } = await upload.mutateAsync({ TX_Base: dataUrl, DE_Origem: file.name.slice(0, 60) });
      setInvalidLines(data.linhasInvalidas);
      setFile(null);
      if (input.current) input.current.value = '';
    } catch {
      // the mutation showed the server's refusal; the file stays chosen
    }
  };

  return (
    <form onSubmit={send} className="cd-upload" aria-label="Incluir números de um arquivo" noValidate>
      <div className="consig-field">
        <label htmlFor={id}>Arquivo com números (CSV ou texto, um por linha)</label>
        <input
          ref={input}
          id={id}
          type="file"
          accept={ACCEPT}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setProblem(null);
          }}
          aria-invalid={problem ? true : false}
          aria-describedby={problem ? `${id}-erro` : undefined}
        />
        {problem && (
          <p id={`${id}-erro`} className="field-error">
            {problem}
          </p>
        )}
      </div>
      <button type="submit" className="consig-button" disabled={upload.isPending}>
        {upload.isPending ? 'Enviando...' : 'Enviar arquivo'}
      </button>
      {invalidLines.length > 0 && <p className="cd-note">Linhas inválidas (as primeiras): {invalidLines.join(', ')}.</p>}
    </form>
  );
}
