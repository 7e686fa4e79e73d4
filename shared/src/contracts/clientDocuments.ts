import * as z from 'zod/mini';
import { envelope } from './envelope';
import { idParam } from './fields';

// The client's documents: the settings/upload popup of /atendimento (product-spec
// §2) lists, uploads, downloads and deletes them. docs/rules.md "Client documents".
//   GET    /crm/cliente/{ClienteID}/documentos                 the list, newest first (no bytes)
//   POST   /crm/cliente/{ClienteID}/documentos                 { ID_TipoDocumento, NO_Arquivo, TX_Base }
//   GET    /crm/cliente/{ClienteID}/documentos/{DocumentoID}   the file (attachment)
//   DELETE /crm/cliente/{ClienteID}/documentos/{DocumentoID}

/** The kinds of document a client may have on file (table tipo_documento, migration 017). */
export const CLIENT_DOCUMENT_TYPES = [
  { ID_TipoDocumento: 1, DE_TipoDocumento: 'RG/CNH' },
  { ID_TipoDocumento: 2, DE_TipoDocumento: 'Comprovante de residência' },
  { ID_TipoDocumento: 3, DE_TipoDocumento: 'Extrato' },
] as const;

/** The media types a document may be, recognised by its magic bytes, never by its name. */
export const CLIENT_DOCUMENT_MEDIA_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;
export type ClientDocumentMediaType = (typeof CLIENT_DOCUMENT_MEDIA_TYPES)[number];

/** Each document is at most 5 MB (the ticket attachments' limit). */
export const CLIENT_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
/** The longest TX_Base: 5 MB base64-encoded plus the data URL prefix. */
export const CLIENT_DOCUMENT_DATA_URL_MAX = Math.ceil(CLIENT_DOCUMENT_MAX_BYTES / 3) * 4 + 1024;

export const CLIENT_DOCUMENT_TEXT = {
  type: 'Documento inválido: envie um arquivo PNG, JPEG ou PDF.',
  tooBig: 'O documento passa de 5 MB.',
  kind: 'Selecione o tipo do documento.',
  fileRequired: 'Anexar um arquivo é obrigatório.',
  name: 'Nome de arquivo inválido (até 200 caracteres).',
  uploaded: 'Documento enviado.',
  deleted: 'Documento excluído.',
  notFound: 'Documento não encontrado.',
} as const;

const kindIds = CLIENT_DOCUMENT_TYPES.map((kind) => kind.ID_TipoDocumento) as number[];

const documentKind = z.int(CLIENT_DOCUMENT_TEXT.kind).check(z.refine((id) => kindIds.includes(id), CLIENT_DOCUMENT_TEXT.kind));
/** The kind of a document alone: the upload form checks it with the API's rule before the file is read. */
export const clientDocumentType = z.object({ ID_TipoDocumento: documentKind });

/** POST /crm/cliente/{ClienteID}/documentos. */
export const clientDocumentRequest = z.object({
  ID_TipoDocumento: documentKind,
  NO_Arquivo: z
    .string(CLIENT_DOCUMENT_TEXT.name)
    .check(z.trim(), z.minLength(1, CLIENT_DOCUMENT_TEXT.name), z.maxLength(200, CLIENT_DOCUMENT_TEXT.name)),
  TX_Base: z
    .string(CLIENT_DOCUMENT_TEXT.fileRequired)
    .check(z.minLength(1, CLIENT_DOCUMENT_TEXT.fileRequired), z.maxLength(CLIENT_DOCUMENT_DATA_URL_MAX, CLIENT_DOCUMENT_TEXT.tooBig)),
});
export type ClientDocumentRequest = z.infer<typeof clientDocumentRequest>;

/** One document on file (without its bytes). TS_Envio: ISO 8601 with São Paulo's offset. */
export const clientDocument = z.object({
  DocumentoID: z.int(),
  ID_Cliente: z.int(),
  ID_TipoDocumento: z.int(),
  DE_TipoDocumento: z.string(),
  NO_Arquivo: z.string(),
  TP_Arquivo: z.enum(CLIENT_DOCUMENT_MEDIA_TYPES),
  NU_Bytes: z.int(),
  TS_Envio: z.string(),
  /** Who uploaded it. */
  DE_Pessoa: z.string(),
});
export type ClientDocument = z.infer<typeof clientDocument>;

export const clientDocumentsResponse = envelope(z.array(clientDocument));
export const clientDocumentWriteResponse = z.object({
  success: z.boolean(),
  text: z.string(),
  data: z.optional(z.object({ DocumentoID: z.int() })),
});

/** The ids of the document paths. */
export const clientDocumentParams = z.object({ ClienteID: idParam, DocumentoID: idParam });
