import { TOAST_MS, type ClientDocumentRequest } from '@consig/shared';
import { apiSend, clientDocumentKeys, useApiMutation } from '@consig/shared/query';
import { documentsPath } from './getClientDocuments';

/** POST /crm/cliente/{id}/documentos: a PNG, JPEG or PDF as a data URL; the server checks its bytes and size. */
export const uploadClientDocument = ({ clientId, ...document }: ClientDocumentRequest & { clientId: number }) =>
  apiSend({ method: 'post', path: documentsPath(clientId), body: document });

/** The upload, its text as a toast (5000 ms on the client screen), then the client's list read again. */
export const useUploadClientDocument = (clientId: number) =>
  useApiMutation({
    mutationFn: uploadClientDocument,
    invalidates: [clientDocumentKeys.list({ clientId })],
    toastDuration: TOAST_MS.clientScreen,
  });
