import { readAsDataUrl } from '@consig/shared';
import { useEffect, useState } from 'react';
import { useTicketAttachment, type AttachmentPart } from './api/getTicketAttachment';

/**
 * An image of a blob, shown as a data URL: the pages' Content-Security-Policy allows images from `data:`
 * but not from `blob:` object URLs, which the browser would refuse to load.
 */
function BlobImage({ blob, alt }: { blob: Blob; alt: string }) {
  const [source, setSource] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    readAsDataUrl(blob).then(
      (url) => current && setSource(url),
      () => current && setSource(null),
    );
    return () => {
      current = false;
    };
  }, [blob]);
  return source ? <img className="fu-ticket__image" src={source} alt={alt} /> : null;
}

/**
 * One image of a ticket, /1 (sent with it) or /2 (sent with its answer), fetched with the session's token
 * when the popup shows it; nothing at all when there is none (the flag says so, or the API answers 404).
 */
export function TicketAttachmentImage({
  ticketId,
  part,
  present,
  alt,
}: {
  ticketId: number;
  part: AttachmentPart;
  present: boolean;
  alt: string;
}) {
  const image = useTicketAttachment(ticketId, part, present);
  if (!present) return null;
  if (image.isError) return <p className="fu-ticket__missing">Não foi possível carregar o anexo.</p>;
  return image.data ? <BlobImage blob={image.data} alt={alt} /> : null;
}
