import { useEffect, useId, useRef, useState } from 'react';
import { readAsDataUrl } from '@consig/shared';
import { ATTACHMENT_ACCEPT, attachmentProblem, type Attachment } from './readAttachment';

/**
 * The optional image of a ticket or of its answer: refused unless png, jpeg or jpg, read as a data URL, its
 * file name shown (product-spec §5 "Ticket form"). Emptied when the owner sets `attachment` back to null.
 */
export function AttachmentInput({
  attachment,
  onChange,
}: {
  attachment: Attachment | null;
  onChange: (attachment: Attachment | null) => void;
}) {
  const id = useId();
  const errorId = `${id}-erro`;
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!attachment && input.current) input.current.value = '';
  }, [attachment]);

  const choose = async (file: File | undefined) => {
    setError(null);
    const problem = file ? attachmentProblem(file) : null;
    if (!file || problem) {
      setError(problem);
      onChange(null);
      if (input.current) input.current.value = '';
      return;
    }
    try {
      onChange({ name: file.name, dataUrl: await readAsDataUrl(file) });
    } catch {
      setError('Não foi possível ler o arquivo.');
      onChange(null);
    }
  };

  return (
    <div className="consig-field fu-attachment">
      <label htmlFor={id}>Anexo (png, jpeg ou jpg)</label>
      <input
        ref={input}
        id={id}
        type="file"
        accept={ATTACHMENT_ACCEPT}
        onChange={(event) => void choose(event.target.files?.[0])}
        aria-invalid={error ? true : false}
        aria-describedby={error ? errorId : undefined}
      />
      {attachment && <p className="fu-attachment__name">Arquivo: {attachment.name}</p>}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
