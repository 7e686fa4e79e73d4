import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  basicClientResponse,
  clientSearchQuery,
  clientFormFull,
  cpfParam,
  errorResponse,
  idParam,
  phoneRequest,
  phonesResponse,
} from '@consig/shared/contracts';
import { saoPauloDate } from '@consig/shared/credit';
import * as z from 'zod/mini';
import type { FastifyRequest } from 'fastify';
import { companyScope } from '../auth/scope';
import { ApiError, TEXT } from '../http/errors';
import { grantCpfLookup, requireClientAccess } from './clientAccess';
import { countClientRead } from './clientReads';
import { createClientsRepository } from './clients.repository';
import { saveClient } from './saveClient';

/** 'Novo Cliente' asks before creating a client no base knows (docs/rules.md "Clients and lookups"): the text of that CPF. */
export const CPF_NOT_IN_BASE = 'CPF não encontrado na base. Cadastrar novo cliente?';

const tags = ['Cliente'];
const DDD_DIGITS = 2;

const clients = (request: FastifyRequest) => createClientsRepository(companyScope(request));

const successResponse = z.object({ success: z.literal(true), text: z.string() });

// Every role works clients (product-spec §1), but an attendant only the ones they work (clientAccess.ts); another
// company's client, and one the attendant does not work, answer exactly like an unknown one (404), so ids reveal
// nothing. Each answer that hands out a client's record or phones is counted (clientReads.ts).
export const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/crm/cliente/basicoPorID/:ClienteID',
    {
      schema: {
        tags,
        summary: 'Cadastro do cliente (data.cliente).',
        params: z.object({ ClienteID: idParam }),
        response: { 200: basicClientResponse, 404: errorResponse },
      },
    },
    async (request) => {
      await requireClientAccess(request, request.params.ClienteID);
      const client = await clients(request).byId(request.params.ClienteID);
      if (!client) throw new ApiError(404, TEXT.clientNotFound);
      await countClientRead(request);
      return { success: true, text: 'Cliente encontrado.', data: { cliente: client } };
    },
  );

  // 'Novo Cliente' (product-spec §2): a CPF the company does not have yet becomes its client at once,
  // prefilled from the prospect base when the CPF is there. Another company's client with the same CPF
  // is a different row: nothing of it is read. Typing the full CPF lets an attendant work that client today.
  app.get(
    '/crm/cliente/basico/:cpf',
    {
      schema: {
        tags,
        summary:
          'Cliente da empresa por CPF (só dígitos); se não houver, é criado (da base de prospecção, se o CPF estiver nela). ' +
          "Com cadastrar=0, um CPF que nenhuma base conhece não é criado: 404 'CPF não encontrado na base. Cadastrar novo cliente?'.",
        params: z.object({ cpf: cpfParam }),
        querystring: clientSearchQuery,
        response: { 200: basicClientResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const repository = clients(request);
      const today = saoPauloDate(app.clock());
      const found =
        request.query.cadastrar === '0'
          ? await repository.byCpfIfKnown(request.params.cpf, today)
          : await repository.byCpfOrNew(request.params.cpf, today);
      if (!found) throw new ApiError(404, CPF_NOT_IN_BASE);
      await grantCpfLookup(request, found.cliente.ClienteID);
      await countClientRead(request);
      return { success: true, text: found.created ? 'Cliente cadastrado.' : 'Cliente encontrado.', data: { cliente: found.cliente } };
    },
  );

  // 'Salvar' of the client form in edit mode (our extension of product-spec §2): the same contract and the same
  // saving code as the client inside POST crm/proposta/0, in one transaction. Every role of the company works
  // clients (product-spec §1), so none is refused; another company's client answers as an unknown one (404).
  // The answer is what was just sent, saved: not counted as a read.
  app.put(
    '/crm/cliente/:ClienteID',
    {
      schema: {
        tags,
        summary:
          'Salva o cadastro do cliente (regras do formulário completo, product-spec §5): 400 com o campo e o texto; ' +
          'nada é gravado se algum campo for recusado.',
        params: z.object({ ClienteID: idParam }),
        body: clientFormFull,
        response: { 200: basicClientResponse, 404: errorResponse },
      },
    },
    async (request) => {
      await requireClientAccess(request, request.params.ClienteID);
      const client = await saveClient(companyScope(request), request.params.ClienteID, request.body, saoPauloDate(app.clock()));
      return { success: true, text: 'Cadastro salvo.', data: { cliente: client } };
    },
  );

  app.get(
    '/crm/cliente/telefones/:ClienteID',
    {
      schema: {
        tags,
        summary: 'Telefones do cliente, na ordem de cadastro (DE_Telefone = DDD + número).',
        params: z.object({ ClienteID: idParam }),
        response: { 200: phonesResponse, 404: errorResponse },
      },
    },
    async (request) => {
      await requireClientAccess(request, request.params.ClienteID);
      const data = await clients(request).phonesOf(request.params.ClienteID);
      if (!data) throw new ApiError(404, TEXT.clientNotFound);
      await countClientRead(request);
      return {
        success: true,
        text: data.length ? `${data.length} telefone(s).` : 'Nenhum telefone cadastrado.',
        data,
      };
    },
  );

  app.post(
    '/cadastro/telefone',
    {
      schema: {
        tags,
        summary: 'Cadastra um celular (DDD + 9 dígitos) para o cliente.',
        body: phoneRequest,
        response: { 200: successResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request) => {
      const { DE_Telefone, ClienteID } = request.body;
      await requireClientAccess(request, ClienteID);
      const ddd = DE_Telefone.slice(0, DDD_DIGITS);
      const result = await clients(request).addPhone(ClienteID, ddd, DE_Telefone.slice(DDD_DIGITS));
      if (result === 'clientNotFound') throw new ApiError(404, TEXT.clientNotFound);
      if (result === 'duplicate') throw new ApiError(409, 'Este telefone já está cadastrado para o cliente.');
      return { success: true as const, text: 'Telefone cadastrado.' };
    },
  );
};
