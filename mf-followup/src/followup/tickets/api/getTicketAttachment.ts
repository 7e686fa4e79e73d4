import { ApiFailure, apiDownload, ticketKeys, useApiQuery, type RequestConfig } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/** 1: the image sent with the ticket; 2: the one sent with its answer. */
export type AttachmentPart = 1 | 2;

/**
 * GET /crm/chamado/{ChamadoID}/1 or /2: the image bytes (with the session's token, so not an <img src> of
 * the API), or null when there is none (404). The screen turns the blob into an object URL.
 */
export async function getTicketAttachment(ticketId: number, part: AttachmentPart, config?: RequestConfig): Promise<Blob | null> {
  try {
    return (await apiDownload(`/crm/chamado/${ticketId}/${part}`, config)).blob;
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 404) return null;
    throw error;
  }
}

export const getTicketAttachmentQueryOptions = (ticketId: number, part: AttachmentPart, enabled: boolean) =>
  queryOptions({
    queryKey: ticketKeys.attachment(ticketId, part),
    queryFn: ({ signal }) => getTicketAttachment(ticketId, part, { signal }),
    enabled,
    // A missing image says so where it would be; a toast per image would drown the popup.
    meta: { errorToast: false },
    // Images are large: dropped a minute after the popup closes.
    gcTime: 60_000,
  });

export const useTicketAttachment = (ticketId: number, part: AttachmentPart, enabled: boolean) =>
  useApiQuery(getTicketAttachmentQueryOptions(ticketId, part, enabled));
