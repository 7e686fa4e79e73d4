import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, idParam, simulacaoEnviarRequest, simulacaoEnviarResponse, simulacoesResponse } from '@consig/shared/contracts';
import { saoPauloDate } from '@consig/shared/credit';
import type { FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { companyScope } from '../auth/scope';
import { ApiError, TEXT } from '../http/errors';
import { priceSelected, SELECT_OPERATION, selectedOperations } from '../proposals/pricing';
import { sendMail, SIMULATION_SUBJECT, simulationText } from './mail';
import { createSimulationsRepository, type DeliveryState } from './simulations.repository';

const tags = ['Simulação'];

/** Sending simulations is for company 1 only (product-spec §6; docs/rules.md "Roles"). */
const SIMULATION_COMPANY = 1;
const NOT_FOR_COMPANY = 'O envio de simulação está disponível apenas para a empresa 1.';

const TEXT_BY_STATE: Record<Exclude<DeliveryState, 'pendente'>, (email: string) => string> = {
  enviado: (email) => `Simulação registrada e enviada para ${email}.`,
  falhou: () => 'Simulação registrada, mas o envio do e-mail falhou. Tente novamente mais tarde.',
  nao_configurado: () => 'Simulação registrada. O e-mail não foi enviado: o envio de e-mails não está configurado.',
  sem_email: () => 'Simulação registrada. O e-mail não foi enviado: o cliente não tem e-mail cadastrado.',
};

async function onlySimulationCompany(request: FastifyRequest): Promise<void> {
  if (request.pessoa.ID_Empresa !== SIMULATION_COMPANY) throw new ApiError(403, NOT_FOR_COMPANY);
}

/** Thrown inside the transaction to answer `success: false` with nothing written. */
class Refused extends Error {}

export const simulationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/crm/simulacao/enviar',
    {
      preHandler: onlySimulationCompany,
      schema: {
        tags,
        summary:
          'Recalcula as operações selecionadas pela taxa em vigor, registra a simulação e a envia por e-mail ao cliente ' +
          '(taxa, IOF, CET, validade, parcela, prazo, líquido) quando há SMTP configurado. Apenas empresa 1.',
        body: simulacaoEnviarRequest,
        response: { 200: simulacaoEnviarResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const { cliente, contratar } = request.body;
      const selected = selectedOperations(contratar);
      if (selected.length === 0) return { success: false as const, text: SELECT_OPERATION };
      const scope = companyScope(request);
      const mail = request.server.config.mail;
      const email = cliente.EM_Email ? cliente.EM_Email : null;
      const state: DeliveryState = !email ? 'sem_email' : mail ? 'pendente' : 'nao_configurado';

      let recorded;
      try {
        recorded = await scope.db.transaction(async (tx) => {
          const clientRows = await tx.query('select 1 from cliente where id_empresa = $1 and id_cliente = $2', [scope.companyId, cliente.ClienteID]);
          if (clientRows.length === 0) throw new ApiError(404, TEXT.clientNotFound);
          const pricing = await priceSelected(tx, scope.companyId, cliente.ClienteID, selected, saoPauloDate(new Date()));
          if (!pricing.ok) throw new Refused(pricing.text);
          const simulations = createSimulationsRepository({ db: tx, companyId: scope.companyId });
          const id = await simulations.record({ clientId: cliente.ClienteID, attendantId: request.pessoa.ID_Pessoa, email, state, operations: pricing.operations });
          return { id, operations: pricing.operations };
        });
      } catch (error) {
        if (error instanceof Refused) return { success: false as const, text: error.message };
        throw error;
      }

      // The e-mail goes after the commit: the record never depends on the SMTP server, and a failure is kept.
      let final: Exclude<DeliveryState, 'pendente'> = state === 'pendente' ? 'enviado' : state;
      if (state === 'pendente' && mail && email) {
        try {
          await sendMail(mail, { to: email, subject: SIMULATION_SUBJECT, text: simulationText(cliente.DE_Pessoa, recorded.operations) });
        } catch (error) {
          request.log.warn({ err: error, simulacao: recorded.id }, 'envio do e-mail da simulação falhou');
          final = 'falhou';
        }
        await createSimulationsRepository(scope).setDelivery(recorded.id, final);
      }
      return { success: true as const, text: TEXT_BY_STATE[final](email ?? ''), data: { ID_Simulacao: recorded.id, TP_Envio: final } };
    },
  );

  // 'Histórico e Simulador' (issue 6 extension): every role of the company may read a client's simulations.
  app.get(
    '/crm/simulacao/:ClienteID',
    {
      schema: {
        tags,
        summary: 'Simulações já enviadas para o cliente, da mais recente à mais antiga, com os valores de cada operação.',
        params: z.object({ ClienteID: idParam }),
        response: { 200: simulacoesResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const data = await createSimulationsRepository(companyScope(request)).ofClient(request.params.ClienteID);
      if (!data) throw new ApiError(404, TEXT.clientNotFound);
      return { success: true as const, text: data.length ? `${data.length} simulação(ões).` : 'Nenhuma simulação enviada.', data };
    },
  );
};
