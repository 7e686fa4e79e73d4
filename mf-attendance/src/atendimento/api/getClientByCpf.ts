import { clienteBasicoResponse, digitsOnly } from '@consig/shared';
import { apiGet } from '@consig/shared/query';

/**
 * GET /crm/cliente/basico/{cpf}: the company's client with that CPF, created when there is none (the
 * 'Novo Cliente' dialog). The CPF travels with digits only (product-spec §5 "New client").
 */
export const getClientByCpf = (cpf: string) =>
  apiGet(`/crm/cliente/basico/${digitsOnly(cpf)}`, clienteBasicoResponse).then(({ cliente }) => cliente);
