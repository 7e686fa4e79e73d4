import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clienteBasicoResponse,
  cpfParam,
  errorResponse,
  idParam,
  telefoneRequest,
  telefonesResponse,
} from '@consig/shared/contracts';
import * as z from 'zod/mini';
import type { FastifyRequest } from 'fastify';
import { companyScope } from '../auth/scope';
import { ApiError, TEXT } from '../http/errors';
import { createClientsRepository } from './clients.repository';

const tags = ['Cliente'];
const DDD_DIGITS = 2;

const clients = (request: FastifyRequest) => createClientsRepository(companyScope(request));

const successResponse = z.object({ success: z.literal(true), text: z.string() });

// Every role of the company may read and add phones: attendants work clients (product-spec §1).
// Another company's client answers exactly like an unknown one (404), so ids reveal nothing.
export const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/crm/cliente/basicoPorID/:clientId',
    {
      schema: {
        tags,
        summary: 'Cadastro do cliente (data.cliente).',
        params: z.object({ clientId: idParam }),
        response: { 200: clienteBasicoResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const cliente = await clients(request).byId(request.params.clientId);
      if (!cliente) throw new ApiError(404, TEXT.clientNotFound);
      return { success: true, text: 'Cliente encontrado.', data: { cliente } };
    },
  );

  // 'Novo Cliente' (product-spec §2): a CPF the company does not have yet becomes its client at once,
  // prefilled from the prospect base when the CPF is there. Another company's client with the same CPF
  // is a different row: nothing of it is read.
  app.get(
    '/crm/cliente/basico/:cpf',
    {
      schema: {
        tags,
        summary: 'Cliente da empresa por CPF (só dígitos); se não houver, é criado (da base de prospecção, se o CPF estiver nela).',
        params: z.object({ cpf: cpfParam }),
        response: { 200: clienteBasicoResponse },
      },
    },
    async (request) => {
      const { cliente, created } = await clients(request).byCpfOrNew(request.params.cpf);
      return { success: true, text: created ? 'Cliente cadastrado.' : 'Cliente encontrado.', data: { cliente } };
    },
  );

  app.get(
    '/crm/cliente/telefones/:ClienteID',
    {
      schema: {
        tags,
        summary: 'Telefones do cliente, na ordem de cadastro (DE_Telefone = DDD + número).',
        params: z.object({ ClienteID: idParam }),
        response: { 200: telefonesResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const data = await clients(request).phonesOf(request.params.ClienteID);
      if (!data) throw new ApiError(404, TEXT.clientNotFound);
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
        body: telefoneRequest,
        response: { 200: successResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request) => {
      const { DE_Telefone, ClienteID } = request.body;
      const ddd = DE_Telefone.slice(0, DDD_DIGITS);
      const result = await clients(request).addPhone(ClienteID, ddd, DE_Telefone.slice(DDD_DIGITS));
      if (result === 'clientNotFound') throw new ApiError(404, TEXT.clientNotFound);
      if (result === 'duplicate') throw new ApiError(409, 'Este telefone já está cadastrado para o cliente.');
      return { success: true as const, text: 'Telefone cadastrado.' };
    },
  );
};
