import { answerStatus, api } from '@consig/shared';
import { useApiQuery } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';
import { ticketKeys, type AttachmentPart } from './ticketKeys';

/**
 * GET /crm/chamado/{ChamadoID}/1 or /2: the image bytes (with the session's token, so not an <img src> of
 * the API), or null when there is none (404). The screen turns the blob into an object URL.
 */
export async function getTicketAttachment(ticketId: number, part: AttachmentPart): Promise<Blob | null> {
  try {
    const response = await api.get<Blob>(`/crm/chamado/${ticketId}/${part}`, { responseType: 'blob' });
    return response.data;
  } catch (error) {
    if (answerStatus(error) === 404) return null;
    throw error;
  }
}

export const getTicketAttachmentQueryOptions = (ticketId: number, part: AttachmentPart, enabled: boolean) =>
  queryOptions({
    queryKey: ticketKeys.attachment(ticketId, part),
    queryFn: () => getTicketAttachment(ticketId, part),
    enabled,
    // A missing image says so where it would be; a toast per image would drown the popup.
    meta: { errorToast: false },
    // Images are large: dropped a minute after the popup closes.
    gcTime: 60_000,
  });

export const useTicketAttachment = (ticketId: number, part: AttachmentPart, enabled: boolean) =>
  useApiQuery(getTicketAttachmentQueryOptions(ticketId, part, enabled));
