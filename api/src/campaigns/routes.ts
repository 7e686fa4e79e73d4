import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { campanhasResponse } from '@consig/shared/contracts';
import { companyScope } from '../auth/scope';
import { createCampaignsRepository } from './campaigns.repository';

export const campaignRoutes: FastifyPluginAsyncZod = async (app) => {
  // Readable by every role of the company (docs/rules.md "Roles"); managing campaigns will need 12 or 13.
  app.get(
    '/cadastro/campanhas',
    {
      schema: {
        tags: ['Campanhas'],
        summary: 'Campanhas da empresa, mais novas primeiro; `importacao` é null sem arquivo importado.',
        response: { 200: campanhasResponse },
      },
    },
    async (request) => {
      const data = await createCampaignsRepository(companyScope(request)).list();
      return { success: true, text: `${data.length} campanha(s).`, data };
    },
  );
};
