import { extensionCredentialsResponse, type ExtensionCredentials } from '@consig/shared';
import { ApiFailure, apiGet, extensionKeys, useApiQuery, type RequestConfig } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/**
 * GET /atendente/ramal (answers with the spec's spelling `sucess`): the caller's SIP credentials, or null
 * when the user has no extension. That answer ('Usuário não tem ramal.', sucess false) is not an error
 * here: dialing says so when it matters. Refusals over HTTP (401, 403…) and failures still are.
 */
export async function getExtensionCredentials(config?: RequestConfig): Promise<ExtensionCredentials | null> {
  try {
    return await apiGet('/atendente/ramal', extensionCredentialsResponse, config);
  } catch (error) {
    if (error instanceof ApiFailure && error.status < 300) return null;
    throw error;
  }
}

/**
 * One read per signed-in person: the credentials are valid for 12 hours (as long as a sign-in), and new
 * ones on every focus would make the SIP agent register again for nothing. A sign-out drops the cache.
 */
export const getExtensionCredentialsQueryOptions = (personId: number | undefined, telephonyOn: boolean) =>
  queryOptions({
    queryKey: extensionKeys.detail(personId ?? 0),
    queryFn: ({ signal }) => getExtensionCredentials({ signal }),
    enabled: telephonyOn && personId !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useExtensionCredentialsQuery = (personId: number | undefined, telephonyOn: boolean) =>
  useApiQuery(getExtensionCredentialsQueryOptions(personId, telephonyOn));
