import { clientDocumentsResponse } from '@consig/shared';
import { apiGet, clientDocumentKeys, useApiQuery, type RequestConfig } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/** The path of a client's documents (extension; contracts/clientDocuments.ts). */
export const documentsPath = (clientId: number) => `/crm/cliente/${clientId}/documentos`;

/** GET /crm/cliente/{id}/documentos: the client's documents, newest first, without their files. */
export const getClientDocuments = (clientId: number, config?: RequestConfig) =>
  apiGet(documentsPath(clientId), clientDocumentsResponse, config);

export const getClientDocumentsQueryOptions = (clientId: number) =>
  queryOptions({ queryKey: clientDocumentKeys.list({ clientId }), queryFn: ({ signal }) => getClientDocuments(clientId, { signal }) });

export const useClientDocuments = (clientId: number) => useApiQuery(getClientDocumentsQueryOptions(clientId));
