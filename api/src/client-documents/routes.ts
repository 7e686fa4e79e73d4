import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CLIENT_DOCUMENT_DATA_URL_MAX,
  CLIENT_DOCUMENT_MAX_BYTES,
  CLIENT_DOCUMENT_MEDIA_TYPES,
  CLIENT_DOCUMENT_TEXT,
  clientDocumentParams,
  clientDocumentRequest,
  clientDocumentsResponse,
  clientDocumentWriteResponse,
  errorResponse,
  idParam,
} from '@consig/shared/contracts';
import type { FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { companyScope } from '../auth/scope';
import { requireClientAccess } from '../clients/clientAccess';
import { countClientRead } from '../clients/clientReads';
import { sendStoredFile } from '../files/storedFile';
import { readUploadedFile } from '../files/uploadedFile';
import { ApiError, TEXT } from '../http/errors';
import { createClientDocumentsRepository } from './clientDocuments.repository';

const tags = ['Cliente'];

/** The longest TX_Base plus the file name and the ids. */
const DOCUMENT_BODY_LIMIT = CLIENT_DOCUMENT_DATA_URL_MAX + 8 * 1024;

const documents = (request: FastifyRequest) => createClientDocumentsRepository(companyScope(request));

// Every role of the company works clients (product-spec §1), so every role reads, uploads and deletes their
// documents, as it edits their phones: no role check, but an attendant only of the clients they work
// (clients/clientAccess.ts). Another company's client or document, and a client the attendant does not work, answer
// exactly like an unknown one (404), so ids reveal nothing. A document's file is a read of the client (clientReads.ts).
export const clientDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/crm/cliente/:ClienteID/documentos',
    {
      schema: {
        tags,
        summary: 'Documentos do cliente (RG/CNH, comprovante de residência, extrato), do mais novo ao mais antigo, sem o arquivo.',
        params: z.object({ ClienteID: idParam }),
        response: { 200: clientDocumentsResponse, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      await requireClientAccess(request, request.params.ClienteID);
      const data = await documents(request).list(request.params.ClienteID);
      if (!data) throw new ApiError(404, TEXT.clientNotFound);
      return { success: true, text: data.length ? `${data.length} documento(s).` : 'Nenhum documento enviado.', data };
    },
  );

  app.post(
    '/crm/cliente/:ClienteID/documentos',
    {
      bodyLimit: DOCUMENT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Envia um documento do cliente: PNG, JPEG ou PDF (reconhecido pelo conteúdo), data URL, até 5 MB.',
        params: z.object({ ClienteID: idParam }),
        body: clientDocumentRequest,
        response: { 200: clientDocumentWriteResponse, 400: errorResponse, 404: errorResponse, 413: errorResponse },
      },
    },
    async (request) => {
      const { body, params, pessoa } = request;
      await requireClientAccess(request, params.ClienteID);
      const file = readUploadedFile(body.TX_Base, {
        accepts: CLIENT_DOCUMENT_MEDIA_TYPES,
        maxBytes: CLIENT_DOCUMENT_MAX_BYTES,
        texts: { type: CLIENT_DOCUMENT_TEXT.type, tooBig: CLIENT_DOCUMENT_TEXT.tooBig },
      });
      if (!file) throw new ApiError(400, CLIENT_DOCUMENT_TEXT.fileRequired);
      const id = await documents(request).add(params.ClienteID, {
        kind: body.ID_TipoDocumento,
        name: body.NO_Arquivo,
        file,
        uploaderId: pessoa.ID_Pessoa,
      });
      if (id === undefined) throw new ApiError(404, TEXT.clientNotFound);
      return { success: true, text: CLIENT_DOCUMENT_TEXT.uploaded, data: { DocumentoID: id } };
    },
  );

  app.get(
    '/crm/cliente/:ClienteID/documentos/:DocumentoID',
    {
      schema: {
        tags,
        summary: 'O arquivo do documento, para baixar, com o tipo verificado no envio.',
        params: clientDocumentParams,
        response: { 200: z.string(), 400: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      await requireClientAccess(request, request.params.ClienteID, CLIENT_DOCUMENT_TEXT.notFound);
      const document = await documents(request).file(request.params.ClienteID, request.params.DocumentoID);
      if (!document) throw new ApiError(404, CLIENT_DOCUMENT_TEXT.notFound);
      await countClientRead(request);
      return sendStoredFile(reply, document, { downloadAs: document.name });
    },
  );

  app.delete(
    '/crm/cliente/:ClienteID/documentos/:DocumentoID',
    {
      schema: {
        tags,
        summary: 'Exclui o documento do cliente.',
        params: clientDocumentParams,
        response: { 200: clientDocumentWriteResponse, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const { ClienteID, DocumentoID } = request.params;
      await requireClientAccess(request, ClienteID, CLIENT_DOCUMENT_TEXT.notFound);
      if (!(await documents(request).remove(ClienteID, DocumentoID))) throw new ApiError(404, CLIENT_DOCUMENT_TEXT.notFound);
      return { success: true, text: CLIENT_DOCUMENT_TEXT.deleted, data: { DocumentoID } };
    },
  );
};
