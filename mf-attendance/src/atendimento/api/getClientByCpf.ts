import { basicClientResponse, digitsOnly } from '@consig/shared';
import { apiGet } from '@consig/shared/query';

/**
 * GET /crm/cliente/basico/{cpf} ('Novo Cliente'): the company's client with that CPF, or one made from the
 * prospect base. `askFirst` (cadastrar=0): a CPF that no base knows is not created and the call fails with 404
 * 'CPF não encontrado na base. Cadastrar novo cliente?'; without it such a CPF becomes an empty client. The CPF
 * travels with digits only (product-spec §5 "New client").
 */
export const getClientByCpf = (cpf: string, { askFirst = false } = {}) =>
  apiGet(`/crm/cliente/basico/${digitsOnly(cpf)}`, basicClientResponse, { search: { cadastrar: askFirst ? '0' : undefined } }).then(
    ({ cliente }) => cliente,
  );
