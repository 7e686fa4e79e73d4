import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI description generated from the routes' zod schemas (the shared contracts), served with
 * swagger-ui at /docs and as JSON at /docs/json. The UI's files come from the package: no network.
 */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Consig CRM API',
        version: '0.1.0',
        description:
          'API do call-center de crédito consignado. Rotas e campos conforme product-spec §7. ' +
          'Erros sempre como `{ success: false, text }` em português. ' +
          'Tempo real: WebSocket em `/ws`; envie o token como primeira mensagem e receba alertas ' +
          "`{ TP_Alerta, DE_Dados, DE_Observacao }`, ou `{ type: 'resync' }` quando alertas podem ter se perdido " +
          '(recarregue os dados); token ausente (10 s), inválido ou expirado fecha com o código 4401.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
}
