import { createQueryKeys } from '@consig/shared/query';

const ticketBase = createQueryKeys('tickets');

/**
 * Ticket reads (product-spec §3 Ticket). One family, so `ticketKeys.all` refreshes a proposal's tickets,
 * the pending list and the attachments at once (an answer adds the reply's image, /2).
 */
export const ticketKeys = {
  ...ticketBase,
  /** GET /crm/chamado/{ID_Proposta}. */
  ofProposal: (proposalId: number) => ticketBase.list({ proposalId }),
  /** GET /crm/chamado/pendentes. */
  pending: () => [...ticketBase.all, 'pending'] as const,
  /** GET /crm/chamado/{ChamadoID}/1 (the ticket's image) and /2 (the reply's). */
  attachment: (ticketId: number, part: AttachmentPart) => [...ticketBase.all, 'attachment', ticketId, part] as const,
};

/** 1: the image sent with the ticket; 2: the one sent with its answer. */
export type AttachmentPart = 1 | 2;
