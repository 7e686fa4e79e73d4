import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { BODY_LIMIT_BYTES, formatLimit } from './limits';

/** The fixed Portuguese texts of error answers (envelope `{ success: false, text }`). */
export const TEXT = {
  unauthorized: 'Sessão expirada ou inválida. Entre novamente.',
  forbidden: 'Você não tem permissão para esta ação.',
  notFound: 'Recurso não encontrado.',
  /** An unknown client and another company's client read the same (docs/rules.md "Tenancy"). */
  clientNotFound: 'Cliente não encontrado.',
  internal: 'Erro interno do servidor. Tente novamente.',
  badRequest: 'Requisição inválida.',
} as const;

/** Texts for the client errors Fastify raises itself (malformed JSON, wrong content type, ...). */
const CLIENT_ERROR_TEXT: Record<number, string> = {
  400: 'Requisição inválida: o corpo não é um JSON válido.',
  404: TEXT.notFound,
  405: 'Método não permitido.',
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

/**
 * Throw it (usually inside a transaction, which then rolls back what it wrote) when a business rule says no:
 * the answer is 200 `{ success: false, text }`, the envelope product-spec §7 gives a refusal the screen shows
 * as it is ('Selecione uma sugestão de crédito.', a refused offer's reason). Malformed input is an ApiError 400.
 */
export class Refused extends Error {}

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
    const known = knownError(error, request);
    if (known) {
      // Logged with the answer's text, never the error's message: a JSON parse error quotes the body.
      const entry = { req: request, statusCode: known.status, code: error.code, text: known.text };
      if (known.status >= 500) request.log.error(entry, 'erro ao atender a requisição');
      else request.log.info(entry, 'requisição recusada');
      return reply.code(known.status).send({ success: false, text: known.text });
    }
    // Everything else is our fault: logged (without request data, see log.ts), answered without details.
    request.log.error({ req: request, err: error }, 'erro ao atender a requisição');
    return reply.code(500).send({ success: false, text: TEXT.internal });
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ success: false, text: TEXT.notFound }));
}

/** The status and Portuguese text of an expected error; undefined for an unexpected one (500). */
function knownError(error: FastifyError, request: FastifyRequest): { status: number; text: string } | undefined {
  if (hasZodFastifySchemaValidationErrors(error)) return { status: 400, text: validationText(error.validation) };
  if (error instanceof ApiError) return { status: error.statusCode, text: error.message };
  if (error instanceof Refused) return { status: 200, text: error.message };
  const status = error.statusCode ?? 500;
  if (status < 400 || status >= 500) return undefined;
  if (status === 413) {
    const limit = formatLimit(request.routeOptions?.bodyLimit ?? BODY_LIMIT_BYTES);
    return { status, text: `Requisição grande demais: o limite é de ${limit}.` };
  }
  return { status, text: CLIENT_ERROR_TEXT[status] ?? TEXT.badRequest };
}
