import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CALLING_HOURS_TEXT, callingHoursForm, callingHoursResponse, errorResponse, ROLE } from '@consig/shared/contracts';
import { requireRoleSaying } from '../auth/roles';
import { companyScope } from '../auth/scope';
import { readCallingHours, saveCallingHours, type CallingHoursCaller } from './callingHours';

const tags = ['Cadastros: horários de ligação'];

// When the company calls decides who the queue hands out and which calls leave: managers only (docs/rules.md
// "Who may be called now").
export const callingHoursRoutes: FastifyPluginAsyncZod = async (app) => {
  const managers = requireRoleSaying(CALLING_HOURS_TEXT.managersOnly, ROLE.GERENTE);
  const caller = (request: FastifyRequest): CallingHoursCaller => ({ actor: request.pessoa, address: request.ip, now: app.clock() });

  app.get(
    '/cadastros/empresa/horarios',
    {
      preHandler: managers,
      schema: {
        tags,
        summary:
          'Horários de ligação da empresa (hora local do cliente): cada dia da semana com início e fim, ou fechado; se liga nos ' +
          'feriados nacionais; as restrições da empresa por estado e dia. Somente leitura: SN_SempreAberta (demonstração), as ' +
          'leis estaduais com a fonte e os feriados nacionais deste ano e do próximo.',
        response: { 200: callingHoursResponse, 403: errorResponse },
      },
    },
    async (request) => readCallingHours(companyScope(request), app.clock()),
  );

  app.put(
    '/cadastros/empresa/horarios',
    {
      preHandler: managers,
      schema: {
        tags,
        summary:
          'Salva o formulário inteiro (dias, SN_Feriados e restrições por estado) de uma vez, com auditoria. Um dia fora de dias ' +
          'ou com SN_Liga 0 fica fechado; uma restrição só em dia em que a empresa liga, uma por estado e dia. Vale a partir da ' +
          'próxima ligação; as leis estaduais continuam valendo por cima.',
        body: callingHoursForm,
        response: { 200: callingHoursResponse, 400: errorResponse, 403: errorResponse },
      },
    },
    async (request) => saveCallingHours(companyScope(request), request.body, caller(request)),
  );
};
