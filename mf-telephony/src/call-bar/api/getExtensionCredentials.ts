import { extensionCredentialsResponse, type ExtensionCredentials } from '@consig/shared';
import { ApiFailure, apiGet, extensionKeys, useApiQuery, type RequestConfig } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';
import { renewalDelay } from '../sip/credentialRenewal';

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
 * The credentials live minutes (SIP_CREDENTIAL_SECONDS: their expiry is what takes an extension back), so this
 * read is repeated at half their life for as long as the person is signed in (sip/credentialRenewal.ts), and the
 * running SIP agent takes the new ones in place (sip/softphone.ts). The refetch interval is the place for it: it
 * lives exactly as long as this query is wanted (sign-out, telephony off and another person end it), each answer
 * reaches the session through the same cache entry, and a failed renewal gets the query client's retries before
 * the schedule tries again, nearer the expiry. In the background too: the attendant works in other windows while
 * calls must still reach them. Never on focus (staleTime): new credentials for nothing.
 */
export const getExtensionCredentialsQueryOptions = (personId: number | undefined, telephonyOn: boolean) =>
  queryOptions({
    queryKey: extensionKeys.detail(personId ?? 0),
    queryFn: ({ signal }) => getExtensionCredentials({ signal }),
    enabled: telephonyOn && personId !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    refetchInterval: (query) => renewalDelay(query.state),
    refetchIntervalInBackground: true,
  });

export const useExtensionCredentialsQuery = (personId: number | undefined, telephonyOn: boolean) =>
  useApiQuery(getExtensionCredentialsQueryOptions(personId, telephonyOn));
