import type { FastifyRequest } from 'fastify';
import { ROLE } from '@consig/shared/contracts';
import { ApiError } from '../http/errors';
import { ownRowsOnly, requireRole } from './roles';

const requestAs = (ID_Funcao: number) =>
  ({
    pessoa: { ID_Pessoa: 1, ID_Funcao, DE_Pessoa: 'X', DE_Funcao: 'X', SN_Telefonia: 0, ID_Empresa: 1 },
  }) as FastifyRequest;

describe('requireRole', () => {
  const managers = requireRole(ROLE.SUPERVISOR, ROLE.GERENTE);

  it('lets the listed roles through', async () => {
    await expect(managers(requestAs(12))).resolves.toBeUndefined();
    await expect(managers(requestAs(13))).resolves.toBeUndefined();
  });

  it('answers 403 with the Portuguese text to any other role', async () => {
    const refusal = managers(requestAs(11));
    await expect(refusal).rejects.toBeInstanceOf(ApiError);
    await expect(refusal).rejects.toMatchObject({ statusCode: 403, message: 'Você não tem permissão para esta ação.' });
    await expect(requireRole(ROLE.GERENTE)(requestAs(12))).rejects.toMatchObject({ statusCode: 403 });
  });
});

describe('ownRowsOnly', () => {
  it("limits an attendant to their own rows and lets supervisors and managers see the company's", () => {
    expect(ownRowsOnly(requestAs(11).pessoa)).toBe(1);
    expect(ownRowsOnly(requestAs(12).pessoa)).toBeNull();
    expect(ownRowsOnly(requestAs(13).pessoa)).toBeNull();
  });
});
