import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, propostaRegistroRequest, propostaRegistroResponse } from '@consig/shared/contracts';
import { saoPauloDate } from '@consig/shared/credit';
import { companyScope } from '../auth/scope';
import { createClientsRepository } from '../clients/clients.repository';
import { ApiError, TEXT } from '../http/errors';
import { creditTypeLabel } from '@consig/shared/contracts';
import { mlBankIssue } from '../operations/bankRules';
import { rateText } from '../operations/offer';
import { priceSelected, SELECT_OPERATION, selectedOperations, type PricedOperation } from './pricing';
import { createProposalsRepository } from './proposals.repository';

const tags = ['Propostas'];

/** DE_Tabela: the credit type and the rate in force the proposal was priced at ('INSS 1,66% a.m.'). */
const tableOf = ({ stored, figures }: PricedOperation) => `${creditTypeLabel(stored.ID_TipoCredito)} ${rateText(figures.rate).replace('.', ',')}% a.m.`;

const registeredText = (count: number) => (count === 1 ? 'Proposta registrada com sucesso.' : `${count} propostas registradas com sucesso.`);

/** Thrown inside the transaction to roll back what was already written and answer `success: false`. */
class Refused extends Error {}

// 'Registrar proposta' is for every role (product-spec §6); the attendant is the caller
// (docs/rules.md "Proposals and tickets").
export const proposalRegistrationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/crm/proposta/0',
    {
      schema: {
        tags,
        summary:
          'Registra o cadastro do cliente e uma proposta (status 10) por operação selecionada, recalculada pela taxa em vigor, ' +
          'tudo em uma transação: qualquer operação recusada ou inválida e nada é gravado.',
        body: propostaRegistroRequest,
        response: { 200: propostaRegistroResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const { cliente, contratar } = request.body;
      const selected = selectedOperations(contratar);
      if (selected.length === 0) return { success: false as const, text: SELECT_OPERATION };
      const scope = companyScope(request);
      const on = saoPauloDate(new Date());
      try {
        const data = await scope.db.transaction(async (tx) => {
          const proposals = createProposalsRepository({ db: tx, companyId: scope.companyId });
          const saved = await createClientsRepository({ db: tx, companyId: scope.companyId }).update(cliente.ClienteID, cliente);
          if (!saved.saved && saved.reason === 'clientNotFound') throw new ApiError(404, TEXT.clientNotFound);
          if (!saved.saved) throw new ApiError(400, `cliente.${saved.field}: Código inexistente.`);

          const pricing = await priceSelected(tx, scope.companyId, cliente.ClienteID, selected, on);
          if (!pricing.ok) throw new Refused(pricing.text);
          const typedBanks = pricing.operations.map(({ form }) => Number(form.CO_Banco));
          const unknown = await proposals.unknownBanks(typedBanks);
          if (unknown.length > 0) {
            const index = contratar.findIndex((operation) => Number(operation.CO_Banco) === unknown[0]);
            throw new ApiError(400, `contratar.${index}.CO_Banco: Banco inexistente.`);
          }

          const lenderOf = ({ stored, form }: PricedOperation) => (stored.CO_Banco ? Number(stored.CO_Banco) : Number(form.CO_Banco));
          for (const operation of pricing.operations) {
            const issue = mlBankIssue(operation.stored.ID_TipoCredito, lenderOf(operation));
            const index = contratar.findIndex((entry) => entry.OperacaoID === operation.form.OperacaoID);
            if (issue) throw new ApiError(400, `contratar.${index}.CO_Banco: ${issue}`);
          }

          const created = [];
          for (const operation of pricing.operations) {
            const bankId = lenderOf(operation);
            created.push(
              await proposals.create({ attendantId: request.pessoa.ID_Pessoa, clientId: cliente.ClienteID, operation, bankId, table: tableOf(operation) }),
            );
          }
          return created;
        });
        return { success: true as const, text: registeredText(data.length), data };
      } catch (error) {
        if (error instanceof Refused) return { success: false as const, text: error.message };
        throw error;
      }
    },
  );
};
