import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { banksResponse, speciesResponse, statesResponse, agenciesResponse } from '@consig/shared/contracts';
import { createLookupsRepository } from './lookups.repository';

/**
 * The registration forms' reference lists (product-spec §7). Readable by every role of every company,
 * and the same for all of them: reference tables carry no company.
 */
export const lookupRoutes: FastifyPluginAsyncZod = async (app) => {
  const lookups = () => createLookupsRepository(app.db);

  // The spec lists both bank paths; the screens use either, and both answer the same list.
  for (const url of ['/cadastro/banco/comcodigo', '/cadastro/banco']) {
    app.get(
      url,
      {
        schema: {
          tags: ['Cadastros'],
          summary: 'Bancos pelo código COMPE (`BancoID` 1 é o 001, Banco do Brasil).',
          response: { 200: banksResponse },
        },
      },
      async () => {
        const data = await lookups().banks();
        return { success: true, text: `${data.length} banco(s).`, data };
      },
    );
  }

  app.get(
    '/cadastro/estado',
    {
      schema: {
        tags: ['Cadastros'],
        summary: 'As 27 unidades da federação, em ordem alfabética.',
        response: { 200: statesResponse },
      },
    },
    async () => {
      const data = await lookups().states();
      return { success: true, text: `${data.length} estado(s).`, data };
    },
  );

  app.get(
    '/cadastro/especie',
    {
      schema: {
        tags: ['Cadastros'],
        summary: 'Espécies de benefício do INSS, pelo código.',
        response: { 200: speciesResponse },
      },
    },
    async () => {
      const data = await lookups().species();
      return { success: true, text: `${data.length} espécie(s).`, data };
    },
  );

  app.get(
    '/cadastro/orgaos',
    {
      schema: {
        tags: ['Cadastros'],
        summary: 'Órgãos (convênios) de campanhas e clientes.',
        response: { 200: agenciesResponse },
      },
    },
    async () => {
      const data = await lookups().agencies();
      return { success: true, text: `${data.length} órgão(s).`, data };
    },
  );
};
