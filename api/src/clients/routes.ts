import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, idParam, telefoneRequest, telefonesResponse } from '@consig/shared/contracts';
import * as z from 'zod/mini';
import type { FastifyRequest } from 'fastify';
import { companyScope } from '../auth/scope';
import { ApiError } from '../http/errors';
import { createClientsRepository } from './clients.repository';

const tags = ['Cliente'];
const CLIENT_NOT_FOUND = 'Cliente não encontrado.';
const DDD_DIGITS = 2;

const clients = (request: FastifyRequest) => createClientsRepository(companyScope(request));

const successResponse = z.object({ success: z.literal(true), text: z.string() });

// Every role of the company may read and add phones: attendants work clients (product-spec §1).
// Another company's client answers exactly like an unknown one (404), so ids reveal nothing.
export const clientRoutes: FastifyPluginAsyncZod = async (app) => {
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
      if (!data) throw new ApiError(404, CLIENT_NOT_FOUND);
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
      if (result === 'clientNotFound') throw new ApiError(404, CLIENT_NOT_FOUND);
      if (result === 'duplicate') throw new ApiError(409, 'Este telefone já está cadastrado para o cliente.');
      return { success: true as const, text: 'Telefone cadastrado.' };
    },
  );
};
