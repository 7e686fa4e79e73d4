import { TOAST_MS } from '@consig/shared';
import { apiSend, clientDocumentKeys, useApiMutation } from '@consig/shared/query';
import { documentsPath } from './getClientDocuments';

/** DELETE /crm/cliente/{id}/documentos/{DocumentoID}. */
export const deleteClientDocument = ({ clientId, documentId }: { clientId: number; documentId: number }) =>
  apiSend({ method: 'delete', path: `${documentsPath(clientId)}/${documentId}` });

export const useDeleteClientDocument = (clientId: number) =>
  useApiMutation({
    mutationFn: deleteClientDocument,
    invalidates: [clientDocumentKeys.list({ clientId })],
    toastDuration: TOAST_MS.clientScreen,
  });
