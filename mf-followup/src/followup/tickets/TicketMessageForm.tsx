import { ticketAnswerRequest } from '@consig/shared';
import { Form, SubmitButton, useZodForm } from '@consig/shared/forms';
import { useId, useRef, useState } from 'react';
import { AttachmentInput } from './AttachmentInput';
import type { Attachment } from './readAttachment';

/**
 * A ticket's text and an answer's follow the same contract rule, so the answer's schema validates both and
 * the message is the API's own ('Este campo é obrigatório.'); the image is kept beside the form.
 */
const messageSchema = ticketAnswerRequest;

interface Props {
  label: string;
  submitLabel: string;
  busyLabel: string;
  /** Sends the text and the image (a data URL) and says whether it was accepted. */
  onSend: (text: string, image: string | null) => Promise<boolean>;
}

/**
 * A required text and an optional image, used to open a ticket and to answer one (product-spec §5 "Ticket
 * form"). The submit is blocked while one runs; an accepted one clears the text and the attachment.
 */
export function TicketMessageForm({ label, submitLabel, busyLabel, onSend }: Props) {
  const form = useZodForm(messageSchema, { defaultValues: { TX_Resposta: '' } });
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  // The disabled button stops clicks; this stops a second submit that gets in before it re-renders (Enter, scripts).
  const sending = useRef(false);
  const id = useId();
  const errorId = `${id}-erro`;
  const error = form.formState.errors.TX_Resposta?.message;

  const send = async ({ TX_Resposta: text }: { TX_Resposta: string }) => {
    if (sending.current) return;
    sending.current = true;
    try {
      if (await onSend(text, attachment?.dataUrl ?? null)) {
        form.reset();
        setAttachment(null);
      }
    } finally {
      sending.current = false;
    }
  };

  return (
    <Form form={form} onSubmit={send} className="fu-ticket-form">
      <div className="consig-field">
        <label htmlFor={id}>{label}</label>
        <textarea
          id={id}
          rows={4}
          {...form.register('TX_Resposta')}
          aria-invalid={error ? true : false}
          aria-describedby={error ? errorId : undefined}
        />
        {error && (
          <p id={errorId} className="field-error">
            {error}
          </p>
        )}
      </div>
      <AttachmentInput attachment={attachment} onChange={setAttachment} />
      <div className="fu-ticket-form__actions">
        <SubmitButton busyLabel={busyLabel}>{submitLabel}</SubmitButton>
      </div>
    </Form>
  );
}
