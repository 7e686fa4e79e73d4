import { ramalResponse, type Ramal } from '@consig/shared';
import { ApiFailure, apiGet, ramalKeys, useApiQuery } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/**
 * GET /atendente/ramal (answers with the spec's spelling `sucess`): the caller's SIP credentials, or null
 * when the user has no extension. That answer ('Usuário não tem ramal.', sucess false) is not an error
 * here: dialing says so when it matters. Refusals over HTTP (401, 403…) and failures still are.
 */
export async function getRamal(): Promise<Ramal | null> {
  try {
    return await apiGet('/atendente/ramal', ramalResponse);
  } catch (error) {
    if (error instanceof ApiFailure && error.status < 300) return null;
    throw error;
  }
}

/**
 * One read per signed-in person: the credentials are valid for 12 hours (as long as a sign-in), and new
 * ones on every focus would make the SIP agent register again for nothing. A sign-out drops the cache.
 */
export const getRamalQueryOptions = (personId: number | undefined, telephonyOn: boolean) =>
  queryOptions({
    queryKey: ramalKeys.detail(personId ?? 0),
    queryFn: getRamal,
    enabled: telephonyOn && personId !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useRamalQuery = (personId: number | undefined, telephonyOn: boolean) => useApiQuery(getRamalQueryOptions(personId, telephonyOn));
