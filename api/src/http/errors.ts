import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** The fixed Portuguese texts of error answers (envelope `{ success: false, text }`). */
export const TEXT = {
  unauthorized: 'Sessão expirada ou inválida. Entre novamente.',
  forbidden: 'Você não tem permissão para esta ação.',
  notFound: 'Recurso não encontrado.',
  internal: 'Erro interno do servidor. Tente novamente.',
  badRequest: 'Requisição inválida.',
} as const;

/** Texts for the client errors Fastify raises itself (malformed JSON, wrong content type, ...). */
const CLIENT_ERROR_TEXT: Record<number, string> = {
  400: 'Requisição inválida: o corpo não é um JSON válido.',
  404: TEXT.notFound,
  405: 'Método não permitido.',
  413: 'Requisição grande demais.',
  415: 'Tipo de conteúdo não suportado: envie JSON.',
};

/** Throw it anywhere in a request to answer `status` with `{ success: false, text }`. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    text: string,
  ) {
    super(text);
  }
}

type Issue = { instancePath: string; message?: string };

/** The first zod issue as one sentence, prefixed by the field it concerns: 'EM_Email: Email inválido.' */
export function validationText(issues: Issue[]): string {
  const [issue] = issues;
  const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const message = issue.message ?? TEXT.badRequest;
  return field ? `${field}: ${message}` : message;
}

export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send({ success: false, text: validationText(error.validation) });
    }
    if (error instanceof ApiError) {
      return reply.code(error.statusCode).send({ success: false, text: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ success: false, text: CLIENT_ERROR_TEXT[status] ?? TEXT.badRequest });
    }
    // Everything else is our fault: log it whole, answer without details.
    request.log.error({ err: error }, 'erro ao atender a requisição');
    return reply.code(500).send({ success: false, text: TEXT.internal });
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ success: false, text: TEXT.notFound }));
}
